-- A withdrawal above the second-approval threshold is paid out by the approval of a second admin:
-- the first approval is kept on the request until then. Two approvals are two different admins',
-- neither of them the withdrawal's owner.
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_by_id" uuid;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_first_approved_by_id_users_id_fk" FOREIGN KEY ("first_approved_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_first_approval" CHECK (("withdrawals"."first_approved_by_id" IS NULL) = ("withdrawals"."first_approved_at" IS NULL));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_two_approvers" CHECK ("withdrawals"."first_approved_by_id" IS NULL OR ("withdrawals"."first_approved_by_id" <> "withdrawals"."user_id" AND ("withdrawals"."status" <> 'approved' OR "withdrawals"."first_approved_by_id" <> "withdrawals"."reviewed_by_id")));--> statement-breakpoint

-- A first approval, once given, is final: it is never changed or cleared, so the admin who gave it
-- cannot be swapped for another before the second approval (nor after, as any resolved request is
-- final already). Set only while pending: a resolved request never changes again.
CREATE FUNCTION withdrawal_refuse_change_of_first_approval() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.first_approved_by_id IS NOT NULL AND (NEW.first_approved_by_id IS DISTINCT FROM OLD.first_approved_by_id
      OR NEW.first_approved_at IS DISTINCT FROM OLD.first_approved_at) THEN
    RAISE EXCEPTION 'withdrawals % already has its first approval', OLD.id USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER withdrawals_first_approval_final BEFORE UPDATE ON withdrawals
  FOR EACH ROW EXECUTE FUNCTION withdrawal_refuse_change_of_first_approval();
