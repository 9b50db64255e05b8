-- Verdict clips (issue 34, docs/video-checks.md "Verdict clips"): the storage key of the clip the worker
-- rendered for the attempt's decision. Its name carries the decision it shows, so a reversal needs a new one.
ALTER TABLE "attempts" ADD COLUMN "verdict_clip_key" TEXT;
