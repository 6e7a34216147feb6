-- The team of admins: invitations mailed as single-use links, and changes to the team (an admin
-- invited once there are two, an admin removed) as proposals a second admin approves.
ALTER TYPE "public"."approval_kind" ADD VALUE 'admin_invite';--> statement-breakpoint
ALTER TYPE "public"."approval_kind" ADD VALUE 'admin_remove';--> statement-breakpoint
CREATE TABLE "admin_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"invited_by_id" uuid NOT NULL,
	"approval_id" uuid,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_invitations_email_lower_case" CHECK ("admin_invitations"."email" = lower("admin_invitations"."email")),
	CONSTRAINT "admin_invitations_accepted" CHECK (("admin_invitations"."accepted_at" IS NULL) = ("admin_invitations"."accepted_user_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "approvals" DROP CONSTRAINT "approvals_posting_user";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "admin_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_invitations" ADD CONSTRAINT "admin_invitations_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_invitations" ADD CONSTRAINT "admin_invitations_approval_id_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approvals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_invitations" ADD CONSTRAINT "admin_invitations_accepted_user_id_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_invitations_token_hash_unique" ON "admin_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "admin_invitations_email_idx" ON "admin_invitations" USING btree ("email");--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_not_own_removal" CHECK ("approvals"."kind"::text <> 'admin_remove' OR "approvals"."status" <> 'approved' OR "approvals"."decided_by_id" <> "approvals"."user_id");--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_posting_user" CHECK (("approvals"."kind"::text IN ('posting', 'admin_remove')) = ("approvals"."user_id" IS NOT NULL));