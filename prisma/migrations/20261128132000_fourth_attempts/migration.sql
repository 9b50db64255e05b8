-- A meet's 4th attempt of a lift, taken for a record only (docs/meet-rules.md, "Fourth attempts"): it never
-- counts in the lift's best, the total or the place, only a record can come of it.
ALTER TABLE "attempts" ADD COLUMN "record_only" BOOLEAN NOT NULL DEFAULT false;
