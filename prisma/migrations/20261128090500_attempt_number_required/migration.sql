-- Every attempt has its number (1, 2, 3 … per lifter and lift). Rows written before without one
-- (numbered 0 by the old default) follow the lifter's numbered attempts of that lift, in the order
-- they were recorded. Without a default, a writer that forgets the number fails at once, and the
-- check keeps 0 out: an unnumbered attempt broke the participant's answer shape (docs/meet-rules.md).
UPDATE "attempts" AS a SET "attempt_number" = n.num
FROM (
  SELECT z."id", COALESCE(m.top, 0) + row_number() OVER (PARTITION BY z."participant_id", z."lift_type" ORDER BY z."created_at", z."id") AS num
  FROM "attempts" AS z
  LEFT JOIN (SELECT "participant_id", "lift_type", max("attempt_number") AS top FROM "attempts" GROUP BY "participant_id", "lift_type") AS m
    ON m."participant_id" = z."participant_id" AND m."lift_type" = z."lift_type"
  WHERE z."attempt_number" <= 0
) AS n
WHERE a."id" = n."id";
ALTER TABLE "attempts" ALTER COLUMN "attempt_number" DROP DEFAULT;
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_attempt_number_positive" CHECK ("attempt_number" >= 1);
DROP INDEX "attempts_numbered_key";
CREATE UNIQUE INDEX "attempts_numbered_key" ON "attempts"("participant_id", "lift_type", "attempt_number");
