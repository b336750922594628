CREATE TABLE "paper_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"paper_id" text NOT NULL,
	"kind" text NOT NULL,
	"change_key" text NOT NULL,
	"origin" text NOT NULL,
	"source" text NOT NULL,
	"title" text NOT NULL,
	"from_version" integer,
	"to_version" integer,
	"version_date" timestamp with time zone,
	"comment" text,
	"doi" text,
	"journal_ref" text,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"digested_at" timestamp with time zone,
	CONSTRAINT "paper_changes_kind_check" CHECK ("paper_changes"."kind" in ('version', 'published'))
);
--> statement-breakpoint
ALTER TABLE "paper_changes" ADD CONSTRAINT "paper_changes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "paper_changes_user_paper_key_uq" ON "paper_changes" USING btree ("user_id","paper_id","change_key");--> statement-breakpoint
CREATE INDEX "paper_changes_user_open_idx" ON "paper_changes" USING btree ("user_id","detected_at" DESC NULLS LAST) WHERE "paper_changes"."dismissed_at" is null and "paper_changes"."applied_at" is null;