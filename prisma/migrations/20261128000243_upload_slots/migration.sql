-- CreateTable
CREATE TABLE "upload_slots" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "address" TEXT NOT NULL,
    "bytes" BIGINT NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "upload_slots_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "upload_slots_user_id_kind_expires_at_idx" ON "upload_slots"("user_id", "kind", "expires_at");

-- CreateIndex
CREATE INDEX "upload_slots_address_kind_expires_at_idx" ON "upload_slots"("address", "kind", "expires_at");

-- CreateIndex
CREATE INDEX "upload_slots_expires_at_idx" ON "upload_slots"("expires_at");
