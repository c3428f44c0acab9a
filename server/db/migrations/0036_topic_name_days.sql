CREATE TABLE "topic_name_days" (
	"topic_id" bigint NOT NULL,
	"day" date NOT NULL,
	"name" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "topic_name_days_topic_id_day_name_pk" PRIMARY KEY("topic_id","day","name")
);
--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "names_counted_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "topic_name_days" ADD CONSTRAINT "topic_name_days_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "topics" SET "names_counted_at" = NULL WHERE EXISTS (SELECT 1 FROM "events" e WHERE e."topic_id" = "topics"."id" AND e."article_generated");--> statement-breakpoint
CREATE OR REPLACE FUNCTION topic_name_days_add(topic bigint, published timestamptz, names text[], sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  counted timestamptz;
  today date := (published AT TIME ZONE 'UTC')::date;
BEGIN
  IF published IS NULL OR names IS NULL OR cardinality(names) = 0 THEN RETURN; END IF;
  -- The topic's row is held (key share) until the write commits, so count-topic-names, which locks
  -- it for update, counts from after this write or sees it counted here; a deleted topic has none.
  SELECT t.names_counted_at INTO counted FROM topics t WHERE t.id = topic FOR KEY SHARE;
  IF counted IS NULL THEN RETURN; END IF;
  -- In the names' order: two writes of the same day lock its rows in the same order, never each other's first.
  INSERT INTO topic_name_days AS c (topic_id, day, name, n)
    SELECT topic, today, u.name, sign * count(*) FROM unnest(names) AS u(name) WHERE u.name IS NOT NULL GROUP BY u.name ORDER BY u.name
    ON CONFLICT (topic_id, day, name) DO UPDATE SET n = c.n + excluded.n;
  IF sign < 0 THEN
    DELETE FROM topic_name_days WHERE topic_id = topic AND day = today AND n <= 0;
  END IF;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION events_topic_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.topic_id = NEW.topic_id AND OLD.article_generated = NEW.article_generated
    AND OLD.published_at IS NOT DISTINCT FROM NEW.published_at AND OLD.entity_names IS NOT DISTINCT FROM NEW.entity_names THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.article_generated THEN
    PERFORM topic_name_days_add(OLD.topic_id, OLD.published_at, OLD.entity_names, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.article_generated THEN
    PERFORM topic_name_days_add(NEW.topic_id, NEW.published_at, NEW.entity_names, 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER events_topic_names AFTER INSERT OR DELETE OR UPDATE OF topic_id, published_at, article_generated, entity_names ON "events" FOR EACH ROW EXECUTE FUNCTION events_topic_names();
