CREATE TABLE "article_share_recipients" (
	"share_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "article_share_recipients_share_id_user_id_pk" PRIMARY KEY("share_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "article_shares" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "article_shares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" uuid NOT NULL,
	"event_id" bigint NOT NULL,
	"sharer_id" uuid,
	"sharer_name" text NOT NULL,
	"note" text,
	"whole_account" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbox_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"event_id" bigint,
	"topic_id" bigint,
	"source_id" bigint,
	"actor_id" uuid,
	"actor_name" text,
	"share_id" bigint,
	"comment_id" bigint,
	"read_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "article_share_recipients" ADD CONSTRAINT "article_share_recipients_share_id_article_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."article_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_share_recipients" ADD CONSTRAINT "article_share_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_shares" ADD CONSTRAINT "article_shares_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_shares" ADD CONSTRAINT "article_shares_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_shares" ADD CONSTRAINT "article_shares_sharer_id_users_id_fk" FOREIGN KEY ("sharer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_share_id_article_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."article_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_share_recipients_user_idx" ON "article_share_recipients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "article_shares_event_idx" ON "article_shares" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "inbox_items_event_idx" ON "inbox_items" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_items_user_key_idx" ON "inbox_items" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "inbox_items_user_page_idx" ON "inbox_items" USING btree ("user_id","id" DESC NULLS LAST) WHERE archived_at IS NULL;--> statement-breakpoint
CREATE INDEX "inbox_items_user_unread_idx" ON "inbox_items" USING btree ("user_id","kind") WHERE read_at IS NULL AND archived_at IS NULL;