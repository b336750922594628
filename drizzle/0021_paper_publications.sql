CREATE TABLE "paper_publications" (
	"paper_id" text PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"doi" text,
	"journal_ref" text,
	"source" text,
	"found_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "paper_publications_unfound_checked_idx" ON "paper_publications" USING btree ("checked_at") WHERE "paper_publications"."doi" is null;