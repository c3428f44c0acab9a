CREATE TABLE "source_sentences" (
	"source_id" bigint NOT NULL,
	"publisher" text NOT NULL,
	"key" integer NOT NULL,
	"documents" integer NOT NULL,
	CONSTRAINT "source_sentences_source_id_publisher_key_pk" PRIMARY KEY("source_id","publisher","key")
);
--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "sentences_counted_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "source_sentences" ADD CONSTRAINT "source_sentences_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "sources" SET "sentences_counted_at" = NULL WHERE EXISTS (SELECT 1 FROM "documents" d WHERE d."source_id" = "sources"."id");
