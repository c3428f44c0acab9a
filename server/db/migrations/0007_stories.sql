CREATE TABLE "story_trackers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "story_trackers" ADD CONSTRAINT "story_trackers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stories_user_key" ON "stories" USING btree ("user_id","key");