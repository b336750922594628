ALTER TABLE "highlights" ADD COLUMN "rects" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "highlights" ADD COLUMN "selected_text" text DEFAULT '' NOT NULL;