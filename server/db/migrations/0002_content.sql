CREATE TABLE "chunks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chunks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"document_id" bigint NOT NULL,
	"chunk_index" integer NOT NULL,
	"type" text NOT NULL,
	"text" text NOT NULL,
	"start_char" integer NOT NULL,
	"end_char" integer NOT NULL,
	"token_len" integer NOT NULL,
	"char_size" integer NOT NULL,
	"word_size" integer NOT NULL,
	"collection_id" smallint NOT NULL,
	"canonical_at" timestamp with time zone NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, "text"), CASE WHEN "type" = 'title' THEN 'A' ELSE 'D' END::"char")) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source_id" bigint NOT NULL,
	"external_id" text NOT NULL,
	"collection_id" smallint NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"url" text,
	"canonical_url" text,
	"publisher" text,
	"content_type" text NOT NULL,
	"language" text,
	"canonical_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	"ingested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content_hash" text NOT NULL,
	"simhash_bands" integer[] NOT NULL,
	"near_duplicate_of" bigint,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"token_count" integer NOT NULL,
	"char_count" integer NOT NULL,
	"word_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_index_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"embedding_model" text NOT NULL,
	"dimensions" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sources" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"collection_id" smallint NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"interval_minutes" integer NOT NULL,
	"cursor" jsonb,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"disabled_reason" text,
	"last_run_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"documents_ingested" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chunks" ADD CONSTRAINT "chunks_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chunks_document_index_key" ON "chunks" USING btree ("document_id","chunk_index");--> statement-breakpoint
CREATE INDEX "chunks_tsv_idx" ON "chunks" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "chunks_canonical_at_idx" ON "chunks" USING btree ("canonical_at");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_source_external_key" ON "documents" USING btree ("source_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_content_hash_key" ON "documents" USING btree ("content_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_canonical_url_key" ON "documents" USING btree ("canonical_url");--> statement-breakpoint
CREATE INDEX "documents_canonical_at_idx" ON "documents" USING btree ("canonical_at");--> statement-breakpoint
CREATE INDEX "documents_collection_idx" ON "documents" USING btree ("collection_id","canonical_at");--> statement-breakpoint
CREATE INDEX "documents_simhash_idx" ON "documents" USING gin ("simhash_bands");--> statement-breakpoint
CREATE UNIQUE INDEX "sources_kind_name_key" ON "sources" USING btree ("kind","name");--> statement-breakpoint
CREATE INDEX "sources_due_idx" ON "sources" USING btree ("next_run_at") WHERE enabled;