-- AlterTable
ALTER TABLE "attempts" ADD COLUMN     "upload_id" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "attempts_upload_id_key" ON "attempts"("upload_id");
