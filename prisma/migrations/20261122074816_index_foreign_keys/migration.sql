-- CreateIndex
CREATE INDEX "competitions_created_by_id_idx" ON "competitions"("created_by_id");

-- CreateIndex
CREATE INDEX "refresh_tokens_user_id_idx" ON "refresh_tokens"("user_id");
