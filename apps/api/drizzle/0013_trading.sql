CREATE TYPE "public"."fund_request_kind" AS ENUM('investment', 'redemption');--> statement-breakpoint
CREATE TYPE "public"."fund_request_status" AS ENUM('pending', 'priced', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."order_state" AS ENUM('new', 'sent', 'filled', 'cancelled', 'rejected');--> statement-breakpoint
ALTER TYPE "public"."journal_kind" ADD VALUE 'fund_investment';--> statement-breakpoint
ALTER TYPE "public"."journal_kind" ADD VALUE 'fund_investment_refund';--> statement-breakpoint
ALTER TYPE "public"."journal_kind" ADD VALUE 'fund_issue';--> statement-breakpoint
ALTER TYPE "public"."journal_kind" ADD VALUE 'fund_redemption';--> statement-breakpoint
ALTER TYPE "public"."journal_kind" ADD VALUE 'fund_trade';--> statement-breakpoint
ALTER TYPE "public"."journal_kind" ADD VALUE 'fund_fee';--> statement-breakpoint
ALTER TYPE "public"."ledger_account" ADD VALUE 'pending_investment';--> statement-breakpoint
ALTER TYPE "public"."ledger_account" ADD VALUE 'fund_units';--> statement-breakpoint
ALTER TYPE "public"."ledger_account" ADD VALUE 'fund_cash';--> statement-breakpoint
ALTER TYPE "public"."ledger_account" ADD VALUE 'fund_coin';--> statement-breakpoint
ALTER TYPE "public"."ledger_account" ADD VALUE 'fund_units_outstanding';--> statement-breakpoint
ALTER TYPE "public"."ledger_account" ADD VALUE 'exchange';--> statement-breakpoint
ALTER TYPE "public"."ledger_account" ADD VALUE 'exchange_fees';--> statement-breakpoint
ALTER TYPE "public"."ledger_account" ADD VALUE 'management_fees';--> statement-breakpoint
CREATE TABLE "candles" (
	"exchange" text NOT NULL,
	"pair" text NOT NULL,
	"timeframe" text NOT NULL,
	"open_time" timestamp (3) with time zone NOT NULL,
	"open" bigint NOT NULL,
	"high" bigint NOT NULL,
	"low" bigint NOT NULL,
	"close" bigint NOT NULL,
	"volume" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_client_id" text NOT NULL,
	"fund_id" uuid NOT NULL,
	"pair" text NOT NULL,
	"side" text NOT NULL,
	"quantity" bigint NOT NULL,
	"price8" bigint NOT NULL,
	"notional_cents" bigint NOT NULL,
	"fee_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"time" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fund_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "fund_request_kind" NOT NULL,
	"user_id" uuid NOT NULL,
	"fund_id" uuid NOT NULL,
	"amount_cents" bigint,
	"units" bigint,
	"all" boolean DEFAULT false NOT NULL,
	"status" "fund_request_status" DEFAULT 'pending' NOT NULL,
	"priced_units" bigint,
	"priced_amount_cents" bigint,
	"nav_per_unit8" bigint,
	"reason" text,
	"priced_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_requests_shape" CHECK (CASE "fund_requests"."kind"
        WHEN 'investment' THEN "fund_requests"."amount_cents" > 0 AND "fund_requests"."units" IS NULL AND NOT "fund_requests"."all"
        ELSE (CASE WHEN "fund_requests"."all" THEN 1 ELSE 0 END + CASE WHEN "fund_requests"."units" IS NULL THEN 0 ELSE 1 END
          + CASE WHEN "fund_requests"."amount_cents" IS NULL THEN 0 ELSE 1 END) = 1
      END)
);
--> statement-breakpoint
CREATE TABLE "fund_states" (
	"fund_id" uuid PRIMARY KEY NOT NULL,
	"state" jsonb NOT NULL,
	"last_close_time" timestamp (3) with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fund_valuations" (
	"fund_id" uuid NOT NULL,
	"time" timestamp (3) with time zone NOT NULL,
	"nav_cents" bigint NOT NULL,
	"units_outstanding" bigint NOT NULL,
	"nav_per_unit8" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"strategy" jsonb NOT NULL,
	"risk" jsonb NOT NULL,
	"costs" jsonb NOT NULL,
	"management_fee_bps" integer NOT NULL,
	"minimum_investment_cents" bigint NOT NULL,
	"risk_level" text NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"paused_reason" text,
	"halted_reason" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funds_risk_level" CHECK ("funds"."risk_level" IN ('low', 'medium', 'high')),
	CONSTRAINT "funds_minimum" CHECK ("funds"."minimum_investment_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"client_id" text PRIMARY KEY NOT NULL,
	"fund_id" uuid NOT NULL,
	"pair" text NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"quantity" bigint NOT NULL,
	"limit_price" bigint,
	"reason" text NOT NULL,
	"state" "order_state" DEFAULT 'new' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_side" CHECK ("orders"."side" IN ('buy', 'sell')),
	CONSTRAINT "orders_type" CHECK ("orders"."type" IN ('market', 'limit'))
);
--> statement-breakpoint
CREATE TABLE "risk_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund_id" uuid NOT NULL,
	"time" timestamp (3) with time zone NOT NULL,
	"rule" text NOT NULL,
	"action" text NOT NULL,
	"reason" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_owner";--> statement-breakpoint
ALTER TABLE "ledger_journals" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "fund_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "asset" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD COLUMN "fund_id" uuid;--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_order_client_id_orders_client_id_fk" FOREIGN KEY ("order_client_id") REFERENCES "public"."orders"("client_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_requests" ADD CONSTRAINT "fund_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_requests" ADD CONSTRAINT "fund_requests_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_states" ADD CONSTRAINT "fund_states_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_valuations" ADD CONSTRAINT "fund_valuations_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_events" ADD CONSTRAINT "risk_events_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "candles_unique" ON "candles" USING btree ("exchange","pair","timeframe","open_time");--> statement-breakpoint
CREATE UNIQUE INDEX "fills_order_unique" ON "fills" USING btree ("order_client_id");--> statement-breakpoint
CREATE INDEX "fills_fund_time_idx" ON "fills" USING btree ("fund_id","time");--> statement-breakpoint
CREATE INDEX "fund_requests_user_idx" ON "fund_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "fund_requests_pending_idx" ON "fund_requests" USING btree ("fund_id") WHERE "fund_requests"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "fund_requests_one_pending_redemption" ON "fund_requests" USING btree ("user_id","fund_id") WHERE "fund_requests"."kind" = 'redemption' AND "fund_requests"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "fund_valuations_unique" ON "fund_valuations" USING btree ("fund_id","time");--> statement-breakpoint
CREATE UNIQUE INDEX "funds_slug_unique" ON "funds" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "orders_fund_idx" ON "orders" USING btree ("fund_id","created_at");--> statement-breakpoint
CREATE INDEX "risk_events_created_idx" ON "risk_events" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "risk_events_fund_idx" ON "risk_events" USING btree ("fund_id","time");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_fund_account_idx" ON "ledger_entries" USING btree ("fund_id","account","asset") WHERE "ledger_entries"."fund_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_journals_fund_ref_unique" ON "ledger_journals" USING btree ("fund_id","kind","ref") WHERE "ledger_journals"."fund_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_fund" CHECK ("ledger_entries"."account"::text NOT IN ('fund_units', 'fund_cash', 'fund_coin', 'fund_units_outstanding', 'exchange', 'exchange_fees', 'management_fees') OR "ledger_entries"."fund_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_asset" CHECK (CASE
        WHEN "ledger_entries"."account"::text IN ('available', 'held', 'deposits_received', 'withdrawals_paid', 'profit_paid', 'bonus_paid', 'adjustments', 'pending_investment', 'fund_cash', 'exchange_fees', 'management_fees') THEN "ledger_entries"."asset" = 'USD'
        WHEN "ledger_entries"."account"::text IN ('fund_units', 'fund_units_outstanding') THEN "ledger_entries"."asset" = 'units:' || "ledger_entries"."fund_id"::text
        WHEN "ledger_entries"."account"::text = 'fund_coin' THEN "ledger_entries"."asset" <> 'USD' AND "ledger_entries"."asset" NOT LIKE 'units:%'
        ELSE true
      END);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_owner" CHECK (("ledger_entries"."account"::text IN ('available', 'held', 'pending_investment', 'fund_units')) = ("ledger_entries"."user_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_concerns" CHECK ("ledger_journals"."user_id" IS NOT NULL OR "ledger_journals"."fund_id" IS NOT NULL);--> statement-breakpoint

-- The ledger holds every asset. At commit, every journal touched balances per asset (dollars with
-- dollars, each coin with itself, each fund's units with themselves), and each of its entries carries
-- the journal's kind.
CREATE OR REPLACE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced record;
BEGIN
  SELECT asset, sum(amount_cents) AS total INTO unbalanced FROM ledger_entries
    WHERE journal_id = NEW.journal_id GROUP BY asset HAVING sum(amount_cents) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'journal % is unbalanced: its % entries sum to %', NEW.journal_id, unbalanced.asset,
      unbalanced.total USING ERRCODE = 'check_violation';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM ledger_journals WHERE id = NEW.journal_id AND kind = NEW.kind) THEN
    RAISE EXCEPTION 'an entry of journal % does not carry the journal''s kind (%)', NEW.journal_id, NEW.kind
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint

-- No user account goes below zero in any asset (dollars available or held, money waiting for a
-- fund, units of a fund), and no fund spends cash or sells a coin it does not have. Only a debit can
-- overdraw, so credits skip the check.
CREATE OR REPLACE FUNCTION ledger_check_not_overdrawn() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  balance numeric;
BEGIN
  IF NEW.amount_cents > 0 THEN
    RETURN NULL;
  END IF;
  IF NEW.user_id IS NOT NULL THEN
    SELECT sum(amount_cents) INTO balance FROM ledger_entries
      WHERE user_id = NEW.user_id AND account = NEW.account AND asset = NEW.asset;
    IF balance < 0 THEN
      RAISE EXCEPTION 'account % of user % would be overdrawn (% %)', NEW.account, NEW.user_id, balance, NEW.asset
        USING ERRCODE = 'check_violation';
    END IF;
  ELSIF NEW.fund_id IS NOT NULL AND NEW.account::text IN ('fund_cash', 'fund_coin') THEN
    SELECT sum(amount_cents) INTO balance FROM ledger_entries
      WHERE fund_id = NEW.fund_id AND account = NEW.account AND asset = NEW.asset;
    IF balance < 0 THEN
      RAISE EXCEPTION 'account % of fund % would be overdrawn (% %)', NEW.account, NEW.fund_id, balance, NEW.asset
        USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
