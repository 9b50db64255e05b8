-- AlterTable
ALTER TABLE "attempts" ADD COLUMN     "video_width" INTEGER,
ADD COLUMN     "video_height" INTEGER,
ADD COLUMN     "original_type" TEXT;
