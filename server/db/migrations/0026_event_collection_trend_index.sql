ALTER TABLE "events" ADD COLUMN "collection_id" smallint;--> statement-breakpoint
UPDATE "events" SET "collection_id" = d."collection_id" FROM "documents" d WHERE d."id" = "events"."document_id";--> statement-breakpoint
CREATE OR REPLACE FUNCTION events_collection() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.collection_id IS NULL THEN
    SELECT d.collection_id INTO NEW.collection_id FROM documents d WHERE d.id = NEW.document_id;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER events_collection BEFORE INSERT ON "events" FOR EACH ROW EXECUTE FUNCTION events_collection();--> statement-breakpoint
CREATE INDEX "events_topic_trend_idx" ON "events" USING btree ("topic_id","published_at") INCLUDE ("collection_id","entity_names","story_id","final_rank") WHERE article_generated;
