ALTER TABLE "user_bookmarks" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bookmarks" ADD COLUMN "deleted_at" timestamp with time zone;