-- A meet's weigh-in (issue 31, docs/categories.md): its window, and when an entry's bodyweight was weighed.
ALTER TABLE "competitions" ADD COLUMN     "weigh_in_opens_at" TIMESTAMP(3),
ADD COLUMN     "weigh_in_closes_at" TIMESTAMP(3);
ALTER TABLE "participants" ADD COLUMN     "weighed_in_at" TIMESTAMP(3),
ADD COLUMN     "entered_class" TEXT;
