-- The list-item fields of an article as json text (feed pages read this, not the whole article).
-- jsonb_build_object is only STABLE (it may print values of any type); over jsonb values it
-- always gives the same answer, so this wrapper is declared IMMUTABLE for a generated column.
CREATE OR REPLACE FUNCTION article_summary(article jsonb) RETURNS json
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN article IS NOT NULL THEN jsonb_build_object(
  'title', article -> 'title', 'superhead', article -> 'superhead', 'theme', article -> 'theme',
  'introduction', article -> 'introduction', 'bullet_points', article -> 'bullet_points',
  'points', article -> 'points', 'language', article -> 'language')::json END;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "article_summary" json GENERATED ALWAYS AS (article_summary(article)) STORED;
