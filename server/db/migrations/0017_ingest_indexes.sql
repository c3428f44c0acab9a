DROP INDEX "documents_simhash_idx";--> statement-breakpoint
CREATE INDEX "source_runs_running_idx" ON "source_runs" USING btree ("started_at") WHERE "source_runs"."finished_at" IS NULL;--> statement-breakpoint
CREATE INDEX "documents_simhash_idx" ON "documents" USING gin ("simhash_bands") WITH (fastupdate=false);