-- Avatars (docs/accounts.md): the storage key of the account's uploaded picture, re-encoded to 256 x 256 JPEG
-- without metadata. Null: the generated avatar.
ALTER TABLE "users" ADD COLUMN "avatar_key" TEXT;
