-- The leaderboard's rows gain a scope (verified / all): they are rebuilt from the results at the
-- next start (server.ts: needsRebuild), so the old rows go rather than being guessed at.
DELETE FROM "leaderboard_entries";

-- DropIndex
DROP INDEX "leaderboard_entries_bench_name_user_id_sport_idx";

-- DropIndex
DROP INDEX "leaderboard_entries_clean_and_jerk_name_user_id_sport_idx";

-- DropIndex
DROP INDEX "leaderboard_entries_deadlift_name_user_id_sport_idx";

-- DropIndex
DROP INDEX "leaderboard_entries_dots_name_user_id_sport_idx";

-- DropIndex
DROP INDEX "leaderboard_entries_ipf_gl_name_user_id_sport_idx";

-- DropIndex
DROP INDEX "leaderboard_entries_sinclair_name_user_id_sport_idx";

-- DropIndex
DROP INDEX "leaderboard_entries_snatch_name_user_id_sport_idx";

-- DropIndex
DROP INDEX "leaderboard_entries_squat_name_user_id_sport_idx";

-- DropIndex
DROP INDEX "leaderboard_entries_total_name_user_id_sport_idx";

-- DropIndex
DROP INDEX "leaderboard_entries_wilks2020_name_user_id_sport_idx";

-- DropIndex
DROP INDEX "leaderboard_entries_wilks_name_user_id_sport_idx";

-- AlterTable
ALTER TABLE "attempts" ADD COLUMN     "verified" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "leaderboard_entries" DROP CONSTRAINT "leaderboard_entries_pkey",
ADD COLUMN     "scope" TEXT NOT NULL,
ADD COLUMN     "verified" BOOLEAN NOT NULL,
ADD CONSTRAINT "leaderboard_entries_pkey" PRIMARY KEY ("user_id", "sport", "scope");

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "judge_certified_at" TIMESTAMP(3),
ADD COLUMN     "sex" TEXT;

-- CreateIndex
CREATE INDEX "leaderboard_entries_scope_total_name_user_id_sport_idx" ON "leaderboard_entries"("scope", "total" DESC, "name", "user_id", "sport");

-- CreateIndex
CREATE INDEX "leaderboard_entries_scope_squat_name_user_id_sport_idx" ON "leaderboard_entries"("scope", "squat" DESC, "name", "user_id", "sport");

-- CreateIndex
CREATE INDEX "leaderboard_entries_scope_bench_name_user_id_sport_idx" ON "leaderboard_entries"("scope", "bench" DESC, "name", "user_id", "sport");

-- CreateIndex
CREATE INDEX "leaderboard_entries_scope_deadlift_name_user_id_sport_idx" ON "leaderboard_entries"("scope", "deadlift" DESC, "name", "user_id", "sport");

-- CreateIndex
CREATE INDEX "leaderboard_entries_scope_snatch_name_user_id_sport_idx" ON "leaderboard_entries"("scope", "snatch" DESC, "name", "user_id", "sport");

-- CreateIndex
CREATE INDEX "leaderboard_entries_scope_clean_and_jerk_name_user_id_sport_idx" ON "leaderboard_entries"("scope", "clean_and_jerk" DESC, "name", "user_id", "sport");

-- CreateIndex
CREATE INDEX "leaderboard_entries_scope_dots_name_user_id_sport_idx" ON "leaderboard_entries"("scope", "dots" DESC, "name", "user_id", "sport");

-- CreateIndex
CREATE INDEX "leaderboard_entries_scope_ipf_gl_name_user_id_sport_idx" ON "leaderboard_entries"("scope", "ipf_gl" DESC, "name", "user_id", "sport");

-- CreateIndex
CREATE INDEX "leaderboard_entries_scope_wilks_name_user_id_sport_idx" ON "leaderboard_entries"("scope", "wilks" DESC, "name", "user_id", "sport");

-- CreateIndex
CREATE INDEX "leaderboard_entries_scope_wilks2020_name_user_id_sport_idx" ON "leaderboard_entries"("scope", "wilks2020" DESC, "name", "user_id", "sport");

-- CreateIndex
CREATE INDEX "leaderboard_entries_scope_sinclair_name_user_id_sport_idx" ON "leaderboard_entries"("scope", "sinclair" DESC, "name", "user_id", "sport");

-- An account's sex, from its entries where they all agree (entries chose it until now).
UPDATE "users" u SET "sex" = p.gender
FROM (SELECT user_id, MIN(gender) AS gender FROM "participants" GROUP BY user_id HAVING COUNT(DISTINCT gender) = 1) p
WHERE p.user_id = u.id AND p.gender IN ('M', 'F');
