CREATE TABLE "delivery_targets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"account_id" uuid,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"url_sealed" text NOT NULL,
	"url_hint" text NOT NULL,
	"events" text[] NOT NULL,
	"topic_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"failures_in_row" integer DEFAULT 0 NOT NULL,
	"last_delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_targets_one_owner" CHECK (("delivery_targets"."user_id" IS NULL) <> ("delivery_targets"."account_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "outbox_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "delivery_targets" ADD CONSTRAINT "delivery_targets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_targets" ADD CONSTRAINT "delivery_targets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_deliveries" ADD CONSTRAINT "outbox_deliveries_target_id_delivery_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."delivery_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_targets_user_idx" ON "delivery_targets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "delivery_targets_account_idx" ON "delivery_targets" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_deliveries_item_key" ON "outbox_deliveries" USING btree ("target_id","item_key");--> statement-breakpoint
CREATE INDEX "outbox_deliveries_status_idx" ON "outbox_deliveries" USING btree ("status","created_at");