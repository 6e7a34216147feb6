-- Each ledger entry repeats its journal's kind, so a user's figures are one scan of their entries.
-- Existing entries take it from their journal: the append-only trigger is set aside for this one
-- backfill, inside the migration's transaction, and is back before anything else can write.
ALTER TABLE "ledger_entries" ADD COLUMN "kind" "journal_kind";--> statement-breakpoint
ALTER TABLE "ledger_entries" DISABLE TRIGGER "ledger_entries_append_only";--> statement-breakpoint
UPDATE "ledger_entries" AS e SET "kind" = j."kind" FROM "ledger_journals" AS j WHERE j."id" = e."journal_id";--> statement-breakpoint
ALTER TABLE "ledger_entries" ENABLE TRIGGER "ledger_entries_append_only";--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint

-- At commit, every journal touched is balanced and each of its entries carries the journal's kind.
CREATE OR REPLACE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
BEGIN
  SELECT sum(amount_cents) INTO total FROM ledger_entries WHERE journal_id = NEW.journal_id;
  IF total IS DISTINCT FROM 0 THEN
    RAISE EXCEPTION 'journal % is unbalanced: its entries sum to % cents', NEW.journal_id, total
      USING ERRCODE = 'check_violation';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM ledger_journals WHERE id = NEW.journal_id AND kind = NEW.kind) THEN
    RAISE EXCEPTION 'an entry of journal % does not carry the journal''s kind (%)', NEW.journal_id, NEW.kind
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint

CREATE INDEX "deposits_pending_user_idx" ON "deposits" USING btree ("user_id") WHERE "deposits"."status" = 'pending';
