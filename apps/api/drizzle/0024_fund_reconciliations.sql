CREATE TABLE "fund_reconciliations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund_id" uuid NOT NULL,
	"checked_at" timestamp (3) with time zone NOT NULL,
	"differences" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fund_reconciliations" ADD CONSTRAINT "fund_reconciliations_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fund_reconciliations_fund_idx" ON "fund_reconciliations" USING btree ("fund_id","checked_at" DESC NULLS FIRST);