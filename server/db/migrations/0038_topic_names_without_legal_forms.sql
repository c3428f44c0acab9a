-- Names are now written without the legal forms that close them ("Apple Inc" is "Apple"): every topic whose events
-- hold names is counted again by the count-topic-names job, which writes its events' names anew first (server/trends/count-names.ts).
UPDATE "topics" SET "names_counted_at" = NULL WHERE EXISTS (SELECT 1 FROM "events" e WHERE e."topic_id" = "topics"."id" AND e."entity_names" IS NOT NULL);
