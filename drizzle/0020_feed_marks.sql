CREATE TABLE "feed_marks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"paper_id" text NOT NULL,
	"kind" text NOT NULL,
	"paper_data" jsonb NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_marks_kind_check" CHECK ("feed_marks"."kind" in ('relevant', 'not-relevant'))
);
--> statement-breakpoint
ALTER TABLE "feed_marks" ADD CONSTRAINT "feed_marks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_marks_user_paper_uq" ON "feed_marks" USING btree ("user_id","paper_id");--> statement-breakpoint
CREATE INDEX "feed_marks_user_marked_at_idx" ON "feed_marks" USING btree ("user_id","marked_at" DESC NULLS LAST);