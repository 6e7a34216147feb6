-- An admin may cancel an invitation not yet accepted: its link stops working. An invitation is accepted
-- or cancelled, never both.
ALTER TABLE "admin_invitations" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_invitations" ADD COLUMN "cancelled_by_id" uuid;--> statement-breakpoint
ALTER TABLE "admin_invitations" ADD CONSTRAINT "admin_invitations_cancelled_by_id_users_id_fk" FOREIGN KEY ("cancelled_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_invitations" ADD CONSTRAINT "admin_invitations_cancelled" CHECK (("admin_invitations"."cancelled_at" IS NULL) = ("admin_invitations"."cancelled_by_id" IS NULL));--> statement-breakpoint
ALTER TABLE "admin_invitations" ADD CONSTRAINT "admin_invitations_accepted_or_cancelled" CHECK ("admin_invitations"."accepted_at" IS NULL OR "admin_invitations"."cancelled_at" IS NULL);