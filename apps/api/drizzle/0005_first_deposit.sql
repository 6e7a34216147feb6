-- Each user's first approved deposit, which the referral bonus is reckoned on. Approving a deposit
-- sets it in the same statement that locks the user's row, so concurrent approvals agree on "first".
-- Users who already have approved deposits take their earliest one.
ALTER TABLE "users" ADD COLUMN "first_deposit_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_first_deposit_id_deposits_id_fk" FOREIGN KEY ("first_deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "users" AS u SET "first_deposit_id" = (
  SELECT d."id" FROM "deposits" AS d
  WHERE d."user_id" = u."id" AND d."status" = 'approved'
  ORDER BY d."resolved_at", d."id"
  LIMIT 1
);
