ALTER TABLE "users" ADD COLUMN "alert_daily_cap" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "alert_decision" jsonb;