-- AlterTable
ALTER TABLE "participants" ADD COLUMN     "team" TEXT;
