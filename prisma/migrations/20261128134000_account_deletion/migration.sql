-- Account deletion (docs/accounts.md): an account with results stays as an anonymous row ("Deleted lifter 123")
-- so the places others hold keep their order. deleted_at marks it: it cannot log in, and answers say it is gone.
ALTER TABLE "users" ADD COLUMN "deleted_at" TIMESTAMP(3);
