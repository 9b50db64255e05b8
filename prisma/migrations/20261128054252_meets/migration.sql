-- AlterTable: attempts recorded before numbers are numbered in the order they were recorded (1, 2, 3 per lifter and lift).
ALTER TABLE "attempts" ADD COLUMN     "attempt_number" INTEGER;
UPDATE "attempts" AS a SET "attempt_number" = n.num
FROM (SELECT "id", row_number() OVER (PARTITION BY "participant_id", "lift_type" ORDER BY "created_at", "id") AS num FROM "attempts") AS n
WHERE a."id" = n."id";
ALTER TABLE "attempts" ALTER COLUMN "attempt_number" SET NOT NULL;
ALTER TABLE "attempts" ALTER COLUMN "attempt_number" SET DEFAULT 0;


-- AlterTable
ALTER TABLE "competitions" ADD COLUMN     "declaration_window_minutes" INTEGER NOT NULL DEFAULT 60,
ADD COLUMN     "format" TEXT NOT NULL DEFAULT 'open';

-- AlterTable
ALTER TABLE "participants" ADD COLUMN     "lot" INTEGER;

-- CreateTable
CREATE TABLE "declarations" (
    "id" SERIAL NOT NULL,
    "participant_id" INTEGER NOT NULL,
    "lift_type" TEXT NOT NULL,
    "attempt_number" INTEGER NOT NULL,
    "weight" DOUBLE PRECISION NOT NULL,
    "automatic" BOOLEAN NOT NULL DEFAULT false,
    "declared_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "declarations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "declarations_participant_id_lift_type_attempt_number_key" ON "declarations"("participant_id", "lift_type", "attempt_number");

-- CreateIndex: one attempt per number of a lifter's lift (rows written outside the upload path, numbered 0, are not numbered).
CREATE UNIQUE INDEX "attempts_numbered_key" ON "attempts"("participant_id", "lift_type", "attempt_number") WHERE "attempt_number" > 0;

-- CreateIndex
CREATE UNIQUE INDEX "participants_competition_id_lot_key" ON "participants"("competition_id", "lot");

-- AddForeignKey
ALTER TABLE "declarations" ADD CONSTRAINT "declarations_participant_id_fkey" FOREIGN KEY ("participant_id") REFERENCES "participants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
