-- The global leaderboard by category (issue 31, docs/categories.md): each row's entry's class set,
-- equipment and age divisions. Rows are rewritten with them at the athlete's next change.
ALTER TABLE "leaderboard_entries" ADD COLUMN     "class_set" TEXT NOT NULL DEFAULT 'spec',
ADD COLUMN     "divisions" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "equipment" TEXT NOT NULL DEFAULT 'classic';
