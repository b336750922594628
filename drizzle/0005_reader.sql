CREATE TABLE "user_paper_notes" (
	"user_id" text NOT NULL,
	"paper_id" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "highlights" ADD COLUMN "rects" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "highlights" ADD COLUMN "selected_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_paper_notes" ADD CONSTRAINT "user_paper_notes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_paper_notes_user_paper_uq" ON "user_paper_notes" USING btree ("user_id","paper_id");--> statement-breakpoint
CREATE INDEX "user_paper_notes_user_updated_idx" ON "user_paper_notes" USING btree ("user_id","updated_at" DESC NULLS LAST);