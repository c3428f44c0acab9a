CREATE TABLE "relevance_judgements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "relevance_judgements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"topic_id" bigint NOT NULL,
	"document_id" bigint NOT NULL,
	"event_id" bigint,
	"judgement" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "relevance_model" jsonb;--> statement-breakpoint
ALTER TABLE "relevance_judgements" ADD CONSTRAINT "relevance_judgements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relevance_judgements" ADD CONSTRAINT "relevance_judgements_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relevance_judgements" ADD CONSTRAINT "relevance_judgements_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relevance_judgements" ADD CONSTRAINT "relevance_judgements_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "relevance_judgements_user_topic_document_key" ON "relevance_judgements" USING btree ("user_id","topic_id","document_id");--> statement-breakpoint
CREATE INDEX "relevance_judgements_topic_idx" ON "relevance_judgements" USING btree ("topic_id");