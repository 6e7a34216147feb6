-- A withdrawal can be cancelled by its owner while pending (a status of its own, `cancelled`, with
-- no reviewing admin), and is held when the account's withdrawals are paused while it is pending (a
-- password reset or change, a change of email, two-factor turned off): the reason and the time.
CREATE TYPE "public"."withdrawal_hold_reason" AS ENUM('password_reset', 'password_changed', 'email_changed', 'two_factor_disabled');--> statement-breakpoint
CREATE TYPE "public"."withdrawal_status" AS ENUM('pending', 'approved', 'rejected', 'cancelled');--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_resolution";--> statement-breakpoint
-- Compares the status with a value of the old type: set aside while the column changes type, then
-- added again unchanged.
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_two_approvers";--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "status" SET DATA TYPE "public"."withdrawal_status" USING "status"::text::"public"."withdrawal_status";--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_two_approvers" CHECK ("withdrawals"."first_approved_by_id" IS NULL OR ("withdrawals"."first_approved_by_id" <> "withdrawals"."user_id" AND ("withdrawals"."status" <> 'approved' OR "withdrawals"."first_approved_by_id" <> "withdrawals"."reviewed_by_id")));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "held_reason" "withdrawal_hold_reason";--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_hold" CHECK (("withdrawals"."held_reason" IS NULL) = ("withdrawals"."held_at" IS NULL));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_resolution" CHECK (("withdrawals"."status" = 'pending') = ("withdrawals"."resolved_at" IS NULL) AND ("withdrawals"."status" IN ('approved', 'rejected')) = ("withdrawals"."reviewed_by_id" IS NOT NULL));
