CREATE TYPE "public"."backtest_status" AS ENUM('queued', 'running', 'done', 'failed');--> statement-breakpoint
CREATE TABLE "backtests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"fund_id" uuid,
	"status" "backtest_status" DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"config" jsonb NOT NULL,
	"from_time" timestamp (3) with time zone NOT NULL,
	"to_time" timestamp (3) with time zone NOT NULL,
	"amount_cents" bigint NOT NULL,
	"result" jsonb,
	"error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone,
	CONSTRAINT "backtests_progress" CHECK ("backtests"."progress" BETWEEN 0 AND 100),
	CONSTRAINT "backtests_amount" CHECK ("backtests"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "trading_switches" (
	"name" text PRIMARY KEY NOT NULL,
	"paused" boolean NOT NULL,
	"reason" text,
	"changed_by" uuid,
	"changed_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "trading_switches_name" CHECK ("trading_switches"."name" = 'trading')
);
--> statement-breakpoint
ALTER TABLE "backtests" ADD CONSTRAINT "backtests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backtests" ADD CONSTRAINT "backtests_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_switches" ADD CONSTRAINT "trading_switches_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backtests_user_idx" ON "backtests" USING btree ("user_id","created_at");