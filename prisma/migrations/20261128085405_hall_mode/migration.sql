-- Hall mode (docs/hall-mode.md): where a meet is run, its flights on platforms, each platform's live state
-- (the called lifter and the clock, kept so a restart loses no time) and the referees' presses.

-- AlterTable
ALTER TABLE "competitions" ADD COLUMN     "venue" TEXT NOT NULL DEFAULT 'online';

-- AlterTable
ALTER TABLE "participants" ADD COLUMN     "flight_id" INTEGER;

-- AlterTable
ALTER TABLE "attempts" ADD COLUMN     "judging_source" TEXT NOT NULL DEFAULT 'video';

-- CreateTable
CREATE TABLE "hall_flights" (
    "id" SERIAL NOT NULL,
    "competition_id" INTEGER NOT NULL,
    "session" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "platform" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hall_flights_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "hall_platforms" (
    "competition_id" INTEGER NOT NULL,
    "platform" INTEGER NOT NULL,
    "flight_id" INTEGER,
    "lift_type" TEXT,
    "participant_id" INTEGER,
    "attempt_id" INTEGER,
    "previous_participant_id" INTEGER,
    "allowance_ms" INTEGER NOT NULL DEFAULT 60000,
    "remaining_ms" INTEGER NOT NULL DEFAULT 60000,
    "running_since" TIMESTAMP(3),
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hall_platforms_pkey" PRIMARY KEY ("competition_id","platform")
);

-- CreateTable
CREATE TABLE "hall_presses" (
    "id" SERIAL NOT NULL,
    "attempt_id" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    "referee_id" INTEGER NOT NULL,
    "good" BOOLEAN NOT NULL,
    "reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hall_presses_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "hall_flights_competition_id_name_key" ON "hall_flights"("competition_id", "name");

-- CreateIndex
CREATE INDEX "participants_flight_id_idx" ON "participants"("flight_id");

-- CreateIndex
CREATE UNIQUE INDEX "hall_presses_attempt_id_seat_key" ON "hall_presses"("attempt_id", "seat");

-- AddForeignKey
ALTER TABLE "participants" ADD CONSTRAINT "participants_flight_id_fkey" FOREIGN KEY ("flight_id") REFERENCES "hall_flights"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "hall_flights" ADD CONSTRAINT "hall_flights_competition_id_fkey" FOREIGN KEY ("competition_id") REFERENCES "competitions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "hall_platforms" ADD CONSTRAINT "hall_platforms_competition_id_fkey" FOREIGN KEY ("competition_id") REFERENCES "competitions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "hall_presses" ADD CONSTRAINT "hall_presses_attempt_id_fkey" FOREIGN KEY ("attempt_id") REFERENCES "attempts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "hall_presses" ADD CONSTRAINT "hall_presses_referee_id_fkey" FOREIGN KEY ("referee_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
