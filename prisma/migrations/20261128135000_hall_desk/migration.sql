-- Hall mode's desk (docs/hall-mode.md, "The desk"): the timekeeper and the announcer/marshal the organiser appoints
-- per platform, and what the desk recorded of each lifter's next attempt (declared at the desk, changes used).

-- CreateTable
CREATE TABLE "hall_officials" (
    "competition_id" INTEGER NOT NULL,
    "platform" INTEGER NOT NULL,
    "role" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hall_officials_pkey" PRIMARY KEY ("competition_id","platform","role")
);

-- CreateTable
CREATE TABLE "hall_desk_entries" (
    "participant_id" INTEGER NOT NULL,
    "lift_type" TEXT NOT NULL,
    "attempt_number" INTEGER NOT NULL,
    "declared" BOOLEAN NOT NULL DEFAULT false,
    "changes" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hall_desk_entries_pkey" PRIMARY KEY ("participant_id","lift_type","attempt_number")
);

-- AddForeignKey
ALTER TABLE "hall_officials" ADD CONSTRAINT "hall_officials_competition_id_fkey" FOREIGN KEY ("competition_id") REFERENCES "competitions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "hall_officials" ADD CONSTRAINT "hall_officials_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "hall_desk_entries" ADD CONSTRAINT "hall_desk_entries_participant_id_fkey" FOREIGN KEY ("participant_id") REFERENCES "participants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
