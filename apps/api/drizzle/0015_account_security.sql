ALTER TABLE "email_changes" ADD COLUMN "old_email" text;--> statement-breakpoint
ALTER TABLE "email_changes" ADD COLUMN "revert_token_hash" text;--> statement-breakpoint
ALTER TABLE "email_changes" ADD COLUMN "revert_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_changes" ADD COLUMN "reverted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "withdrawal_address_lock_off_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "withdrawal_address_lock_cancel_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_revert_token_hash_unique" ON "email_changes" USING btree ("revert_token_hash");