-- A new enum value cannot be used in the transaction that adds it: its own migration, before the judging one sets it as the default.
ALTER TYPE "attempt_status" ADD VALUE 'pending';
