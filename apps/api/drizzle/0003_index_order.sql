-- Indexes in the order the lists read them (ORDER BY created_at DESC, id DESC puts nulls first):
-- with NULLS LAST the planner could not use them to order, and sorted every row of a user instead.
DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_actor_idx";--> statement-breakpoint
DROP INDEX "deposits_user_created_idx";--> statement-breakpoint
DROP INDEX "deposits_created_idx";--> statement-breakpoint
DROP INDEX "kyc_requests_user_created_idx";--> statement-breakpoint
DROP INDEX "kyc_requests_created_idx";--> statement-breakpoint
DROP INDEX "ledger_journals_user_created_idx";--> statement-breakpoint
DROP INDEX "withdrawals_user_created_idx";--> statement-breakpoint
DROP INDEX "withdrawals_created_idx";--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deposits_user_created_idx" ON "deposits" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deposits_created_idx" ON "deposits" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "kyc_requests_user_created_idx" ON "kyc_requests" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "kyc_requests_created_idx" ON "kyc_requests" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ledger_journals_user_created_idx" ON "ledger_journals" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "withdrawals_user_created_idx" ON "withdrawals" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "withdrawals_created_idx" ON "withdrawals" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Only a debit of a user account can overdraw it: credits and platform accounts skip the check.
CREATE OR REPLACE FUNCTION ledger_check_not_overdrawn() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  balance numeric;
BEGIN
  IF NEW.user_id IS NULL OR NEW.amount_cents > 0 THEN
    RETURN NULL;
  END IF;
  SELECT sum(amount_cents) INTO balance FROM ledger_entries
    WHERE user_id = NEW.user_id AND account = NEW.account;
  IF balance < 0 THEN
    RAISE EXCEPTION 'account % of user % would be overdrawn (% cents)', NEW.account, NEW.user_id, balance
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
