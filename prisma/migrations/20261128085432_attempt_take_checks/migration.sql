-- Take checks (docs/video-checks.md): what the worker found in the attempt's video, for its judges and organiser only.
-- AlterTable
ALTER TABLE "attempts" ADD COLUMN     "take_checks" JSONB;
