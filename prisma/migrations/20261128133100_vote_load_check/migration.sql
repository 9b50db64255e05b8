-- The plate check's "load matches" tick (issue 34, docs/video-checks.md "The plate check"), stored with the vote:
-- true (ticked), false (a no lift for "load does not match"), null (not said: votes from before it, or not ticked).
ALTER TABLE "votes" ADD COLUMN "load_matches" BOOLEAN;
