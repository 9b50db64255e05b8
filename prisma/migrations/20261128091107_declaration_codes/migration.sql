-- Attempt codes (contract/attempt-codes.ts): the code the lifter shows to the camera for this declared attempt.
-- AlterTable
ALTER TABLE "declarations" ADD COLUMN     "code" TEXT;
