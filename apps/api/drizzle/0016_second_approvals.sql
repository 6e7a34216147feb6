-- Changes no one admin makes alone: proposed by one, applied when a second, different admin approves.
CREATE TYPE "public"."approval_kind" AS ENUM('posting', 'wallet');--> statement-breakpoint
CREATE TABLE "approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "approval_kind" NOT NULL,
	"status" "request_status" DEFAULT 'pending' NOT NULL,
	"proposed_by_id" uuid NOT NULL,
	"user_id" uuid,
	"wallet_id" uuid,
	"change" jsonb NOT NULL,
	"result_ref" text,
	"decided_by_id" uuid,
	"reason" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "approvals_decision" CHECK (("approvals"."status" = 'pending') = ("approvals"."decided_at" IS NULL AND "approvals"."decided_by_id" IS NULL)),
	CONSTRAINT "approvals_four_eyes" CHECK ("approvals"."status" <> 'approved' OR "approvals"."decided_by_id" <> "approvals"."proposed_by_id"),
	CONSTRAINT "approvals_posting_user" CHECK (("approvals"."kind" = 'posting') = ("approvals"."user_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_proposed_by_id_users_id_fk" FOREIGN KEY ("proposed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approvals_created_idx" ON "approvals" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "approvals_pending_idx" ON "approvals" USING btree ("status","user_id");--> statement-breakpoint
-- A proposal is decided once: approved (and applied) or rejected, never changed after, never deleted.
CREATE TRIGGER approvals_final_once_decided BEFORE UPDATE OR DELETE ON approvals
  FOR EACH ROW EXECUTE FUNCTION request_refuse_change_once_resolved();
