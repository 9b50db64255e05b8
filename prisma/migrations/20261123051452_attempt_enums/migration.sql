-- An attempt's status and processing state become enums. The columns change type in place:
-- Prisma's diff would drop and re-add them, losing every value. A status other than the two
-- (the spec's "other", never written by this server) is not a good lift: failed.

-- CreateEnum
CREATE TYPE "attempt_status" AS ENUM ('completed', 'failed');

-- CreateEnum
CREATE TYPE "processing_state" AS ENUM ('none', 'pending', 'processing', 'ready', 'failed');

-- AlterTable
ALTER TABLE "attempts" ALTER COLUMN "status" DROP DEFAULT;
ALTER TABLE "attempts" ALTER COLUMN "status" TYPE "attempt_status"
  USING (CASE WHEN "status" IN ('completed', 'failed') THEN "status" ELSE 'failed' END)::"attempt_status";
ALTER TABLE "attempts" ALTER COLUMN "status" SET DEFAULT 'completed';

ALTER TABLE "attempts" ALTER COLUMN "processing_state" DROP DEFAULT;
ALTER TABLE "attempts" ALTER COLUMN "processing_state" TYPE "processing_state"
  USING (CASE WHEN "processing_state" IN ('none', 'pending', 'processing', 'ready', 'failed') THEN "processing_state" ELSE 'none' END)::"processing_state";
ALTER TABLE "attempts" ALTER COLUMN "processing_state" SET DEFAULT 'none';
