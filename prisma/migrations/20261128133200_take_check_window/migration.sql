-- The creation-time check's window per challenge (issue 34, docs/video-checks.md): how many hours before the
-- declaration (or the upload) a take may have been made. Null: the platform's TAKE_CHECK_WINDOW_HOURS.
ALTER TABLE "competitions" ADD COLUMN "take_check_window_hours" INTEGER;
