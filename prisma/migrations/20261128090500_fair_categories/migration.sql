-- Fair categories (issue 31, docs/categories.md): a challenge's class set and equipment, a lifter's
-- date of birth, an entry's equipment division.
ALTER TABLE "users" ADD COLUMN     "birth_date" DATE;
ALTER TABLE "competitions" ADD COLUMN     "class_set" TEXT NOT NULL DEFAULT 'spec',
ADD COLUMN     "equipment" TEXT NOT NULL DEFAULT 'classic';
ALTER TABLE "participants" ADD COLUMN     "equipment" TEXT NOT NULL DEFAULT 'classic';
