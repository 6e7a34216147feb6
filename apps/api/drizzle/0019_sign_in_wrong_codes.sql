-- Wrong codes counted per sign-in (the owner is mailed at the third), and expired sign-in steps
-- found by their expiry, to be swept.
ALTER TABLE "sign_in_challenges" ADD COLUMN "wrong_codes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "sign_in_challenges_expires_idx" ON "sign_in_challenges" USING btree ("expires_at");