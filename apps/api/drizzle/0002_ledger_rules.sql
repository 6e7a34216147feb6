-- The ledger's rules, kept by the database itself so that no code path (or person with a SQL prompt
-- using the application's role) can break them.

-- 1. Append-only: ledger entries, journal transactions and the audit log are never changed or
--    removed. Corrections are new, reversing entries.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_journals_append_only BEFORE UPDATE OR DELETE ON ledger_journals
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_journals_no_truncate BEFORE TRUNCATE ON ledger_journals
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint

-- 2. Double entry: at commit, the entries of every journal transaction touched sum to zero.
CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
BEGIN
  SELECT sum(amount_cents) INTO total FROM ledger_entries WHERE journal_id = NEW.journal_id;
  IF total IS DISTINCT FROM 0 THEN
    RAISE EXCEPTION 'journal % is unbalanced: its entries sum to % cents', NEW.journal_id, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();--> statement-breakpoint

-- 3. A user's available balance never goes below zero, and a hold never goes below zero: checked
--    at commit for every user account an entry touched (the API also locks the user first, so
--    concurrent requests queue instead of failing here).
CREATE FUNCTION ledger_check_not_overdrawn() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  balance numeric;
BEGIN
  IF NEW.user_id IS NULL THEN
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
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_not_overdrawn AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_check_not_overdrawn();--> statement-breakpoint

-- 4. A resolved request (deposit, withdrawal, KYC) is final: it never changes again and is never
--    removed.
CREATE FUNCTION request_refuse_change_once_resolved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION '% rows are never deleted', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.status <> 'pending' THEN
    RAISE EXCEPTION '% % is already %', TG_TABLE_NAME, OLD.id, OLD.status USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER deposits_final_once_resolved BEFORE UPDATE OR DELETE ON deposits
  FOR EACH ROW EXECUTE FUNCTION request_refuse_change_once_resolved();--> statement-breakpoint
CREATE TRIGGER withdrawals_final_once_resolved BEFORE UPDATE OR DELETE ON withdrawals
  FOR EACH ROW EXECUTE FUNCTION request_refuse_change_once_resolved();--> statement-breakpoint
CREATE TRIGGER kyc_requests_final_once_resolved BEFORE UPDATE OR DELETE ON kyc_requests
  FOR EACH ROW EXECUTE FUNCTION request_refuse_change_once_resolved();
