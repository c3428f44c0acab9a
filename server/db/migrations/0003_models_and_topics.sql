CREATE TABLE "topics" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "topics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"information_sought" text DEFAULT '' NOT NULL,
	"query" text DEFAULT '' NOT NULL,
	"ai_query" text DEFAULT '' NOT NULL,
	"key_events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"key_entities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"key_places" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"relevance_matrix" jsonb,
	"queries_data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "model_preferences" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "topics_user_idx" ON "topics" USING btree ("user_id") WHERE retired_at IS NULL;