-- AlterTable
ALTER TABLE "competitions" ADD COLUMN     "prize_currency" TEXT,
ADD COLUMN     "prize_first" INTEGER,
ADD COLUMN     "prize_second" INTEGER,
ADD COLUMN     "prize_third" INTEGER;
