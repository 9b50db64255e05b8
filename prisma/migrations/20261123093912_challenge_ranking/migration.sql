-- AlterTable
ALTER TABLE "competitions" ADD COLUMN     "ranking" TEXT NOT NULL DEFAULT 'class';
