-- AlterTable
ALTER TABLE "attempts" ADD COLUMN     "appeal_decided_at" TIMESTAMP(3),
ADD COLUMN     "appeal_note" TEXT,
ADD COLUMN     "appeal_reason" TEXT,
ADD COLUMN     "appeal_state" TEXT,
ADD COLUMN     "appeal_until" TIMESTAMP(3),
ADD COLUMN     "appealed_at" TIMESTAMP(3),
ADD COLUMN     "decided_at" TIMESTAMP(3),
ADD COLUMN     "decided_by" TEXT,
ADD COLUMN     "lights" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "votes_cast" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "votes_needed" INTEGER NOT NULL DEFAULT 1,
ALTER COLUMN "status" SET DEFAULT 'pending';

-- AlterTable
ALTER TABLE "competitions" ADD COLUMN     "judges_may_lift" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "publish_judge_names" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "judges" (
    "id" SERIAL NOT NULL,
    "competition_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "judges_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "votes" (
    "id" SERIAL NOT NULL,
    "attempt_id" INTEGER NOT NULL,
    "judge_id" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    "good" BOOLEAN NOT NULL,
    "reason" TEXT,
    "at_seconds" DOUBLE PRECISION,
    "note" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "votes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "judges_user_id_idx" ON "judges"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "judges_competition_id_user_id_key" ON "judges"("competition_id", "user_id");

-- CreateIndex
CREATE INDEX "votes_judge_id_idx" ON "votes"("judge_id");

-- CreateIndex
CREATE UNIQUE INDEX "votes_attempt_id_judge_id_key" ON "votes"("attempt_id", "judge_id");

-- CreateIndex
CREATE INDEX "attempts_status_idx" ON "attempts"("status");

-- AddForeignKey
ALTER TABLE "judges" ADD CONSTRAINT "judges_competition_id_fkey" FOREIGN KEY ("competition_id") REFERENCES "competitions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "judges" ADD CONSTRAINT "judges_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "votes" ADD CONSTRAINT "votes_attempt_id_fkey" FOREIGN KEY ("attempt_id") REFERENCES "attempts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "votes" ADD CONSTRAINT "votes_judge_id_fkey" FOREIGN KEY ("judge_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
