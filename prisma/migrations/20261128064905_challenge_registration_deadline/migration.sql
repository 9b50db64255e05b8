-- AlterTable
ALTER TABLE "competitions" ADD COLUMN     "registration_deadline" TIMESTAMP(3);
