CREATE TABLE "appropriateness_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"answers" jsonb NOT NULL,
	"passed" boolean NOT NULL,
	"taken_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appropriateness_checks" ADD CONSTRAINT "appropriateness_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appropriateness_checks_user_taken_idx" ON "appropriateness_checks" USING btree ("user_id","taken_at" DESC NULLS LAST);