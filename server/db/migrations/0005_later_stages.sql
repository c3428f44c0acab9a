CREATE TABLE "stories" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"event_count" integer DEFAULT 0 NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "novel" boolean;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "novelty_score" double precision;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "novelty_summary" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "novelty_reason" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "novel_facts" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "known_facts" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "novelty_documents" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "skip_reason" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "phase_change" boolean;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "phase_change_explanation" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "story_id" bigint;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "merged_into_id" bigint;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "researched" boolean;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "research_error" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "queries" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "article" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "article_generated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "article_generation_error" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "final_rank" double precision;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "qa_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stories_user_last_idx" ON "stories" USING btree ("user_id","last_seen_at");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_published_idx" ON "events" USING btree ("user_id","published_at","id") WHERE article_generated;