-- CreateTable
CREATE TABLE "leaderboard_entries" (
    "user_id" INTEGER NOT NULL,
    "sport" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "country" TEXT,
    "gender" TEXT NOT NULL,
    "weight_class" TEXT NOT NULL,
    "bodyweight" DOUBLE PRECISION,
    "location" TEXT NOT NULL,
    "competition_id" INTEGER NOT NULL,
    "competition_name" TEXT NOT NULL,
    "squat" DOUBLE PRECISION NOT NULL,
    "bench" DOUBLE PRECISION NOT NULL,
    "deadlift" DOUBLE PRECISION NOT NULL,
    "snatch" DOUBLE PRECISION NOT NULL,
    "clean_and_jerk" DOUBLE PRECISION NOT NULL,
    "total" DOUBLE PRECISION NOT NULL,
    "dots" DOUBLE PRECISION NOT NULL,
    "ipf_gl" DOUBLE PRECISION NOT NULL,
    "wilks" DOUBLE PRECISION NOT NULL,
    "wilks2020" DOUBLE PRECISION NOT NULL,
    "sinclair" DOUBLE PRECISION NOT NULL,
    "pending" INTEGER NOT NULL,

    CONSTRAINT "leaderboard_entries_pkey" PRIMARY KEY ("user_id","sport")
);

-- CreateIndex
CREATE INDEX "leaderboard_entries_total_name_user_id_sport_idx" ON "leaderboard_entries"("total" DESC, "name", "user_id", "sport");

-- CreateIndex
CREATE INDEX "leaderboard_entries_squat_name_user_id_sport_idx" ON "leaderboard_entries"("squat" DESC, "name", "user_id", "sport");

-- CreateIndex
CREATE INDEX "leaderboard_entries_bench_name_user_id_sport_idx" ON "leaderboard_entries"("bench" DESC, "name", "user_id", "sport");

-- CreateIndex
CREATE INDEX "leaderboard_entries_deadlift_name_user_id_sport_idx" ON "leaderboard_entries"("deadlift" DESC, "name", "user_id", "sport");

-- CreateIndex
CREATE INDEX "leaderboard_entries_snatch_name_user_id_sport_idx" ON "leaderboard_entries"("snatch" DESC, "name", "user_id", "sport");

-- CreateIndex
CREATE INDEX "leaderboard_entries_clean_and_jerk_name_user_id_sport_idx" ON "leaderboard_entries"("clean_and_jerk" DESC, "name", "user_id", "sport");

-- CreateIndex
CREATE INDEX "leaderboard_entries_dots_name_user_id_sport_idx" ON "leaderboard_entries"("dots" DESC, "name", "user_id", "sport");

-- CreateIndex
CREATE INDEX "leaderboard_entries_ipf_gl_name_user_id_sport_idx" ON "leaderboard_entries"("ipf_gl" DESC, "name", "user_id", "sport");

-- CreateIndex
CREATE INDEX "leaderboard_entries_wilks_name_user_id_sport_idx" ON "leaderboard_entries"("wilks" DESC, "name", "user_id", "sport");

-- CreateIndex
CREATE INDEX "leaderboard_entries_wilks2020_name_user_id_sport_idx" ON "leaderboard_entries"("wilks2020" DESC, "name", "user_id", "sport");

-- CreateIndex
CREATE INDEX "leaderboard_entries_sinclair_name_user_id_sport_idx" ON "leaderboard_entries"("sinclair" DESC, "name", "user_id", "sport");

-- AddForeignKey
ALTER TABLE "leaderboard_entries" ADD CONSTRAINT "leaderboard_entries_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
