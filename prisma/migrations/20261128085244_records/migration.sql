-- CreateTable
CREATE TABLE "record_performances" (
    "id" SERIAL NOT NULL,
    "participant_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "competition_id" INTEGER NOT NULL,
    "attempt_id" INTEGER NOT NULL,
    "sport" TEXT NOT NULL,
    "sex" TEXT NOT NULL,
    "class_set" TEXT NOT NULL,
    "weight_class" TEXT NOT NULL,
    "division" TEXT NOT NULL,
    "equipment" TEXT NOT NULL,
    "lift" TEXT NOT NULL,
    "weight" DOUBLE PRECISION NOT NULL,
    "achieved_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "record_performances_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "records" (
    "id" SERIAL NOT NULL,
    "sport" TEXT NOT NULL,
    "sex" TEXT NOT NULL,
    "class_set" TEXT NOT NULL,
    "weight_class" TEXT NOT NULL,
    "division" TEXT NOT NULL,
    "equipment" TEXT NOT NULL,
    "lift" TEXT NOT NULL,
    "weight" DOUBLE PRECISION NOT NULL,
    "previous" DOUBLE PRECISION,
    "user_id" INTEGER NOT NULL,
    "competition_id" INTEGER NOT NULL,
    "attempt_id" INTEGER NOT NULL,
    "set_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "records_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "record_performances_sport_sex_class_set_weight_class_divisi_idx" ON "record_performances"("sport", "sex", "class_set", "weight_class", "division", "equipment", "lift", "achieved_at");

-- CreateIndex
CREATE INDEX "record_performances_participant_id_idx" ON "record_performances"("participant_id");

-- CreateIndex
CREATE INDEX "record_performances_user_id_idx" ON "record_performances"("user_id");

-- CreateIndex
CREATE INDEX "records_sport_sex_class_set_weight_class_division_equipment_idx" ON "records"("sport", "sex", "class_set", "weight_class", "division", "equipment", "lift", "set_at");

-- CreateIndex
CREATE INDEX "records_competition_id_idx" ON "records"("competition_id");

-- CreateIndex
CREATE INDEX "records_user_id_idx" ON "records"("user_id");

-- AddForeignKey
ALTER TABLE "record_performances" ADD CONSTRAINT "record_performances_participant_id_fkey" FOREIGN KEY ("participant_id") REFERENCES "participants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "record_performances" ADD CONSTRAINT "record_performances_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "records" ADD CONSTRAINT "records_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "records" ADD CONSTRAINT "records_competition_id_fkey" FOREIGN KEY ("competition_id") REFERENCES "competitions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
