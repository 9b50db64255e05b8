-- CreateTable
CREATE TABLE "live_pending_events" (
    "id" SERIAL NOT NULL,
    "room" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "live_pending_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "live_pending_events_room_id_idx" ON "live_pending_events"("room", "id");
