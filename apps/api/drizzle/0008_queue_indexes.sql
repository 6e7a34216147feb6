-- The back office's queue filters by status (and coin) and pages newest first. With the creation-order
-- index alone, a page walked past every row of another state or coin newer than its own (a coin's few
-- forgotten pending deposits, older than a backlog of thousands): these give a page its own rows in
-- order, so its cost does not grow with the rows between them.
CREATE INDEX "deposits_status_created_idx" ON "deposits" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deposits_status_type_created_idx" ON "deposits" USING btree ("status","type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
