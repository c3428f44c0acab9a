ALTER TABLE "events" ADD COLUMN "entity_names" text[];--> statement-breakpoint
CREATE INDEX "events_entity_names_idx" ON "events" USING gin ("entity_names") WHERE article_generated;