CREATE TABLE "catchup_categories" (
	"category" text PRIMARY KEY NOT NULL,
	"refreshed_at" timestamp with time zone,
	"attempted_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "catchup_papers" (
	"category" text NOT NULL,
	"paper_id" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"paper" jsonb NOT NULL,
	CONSTRAINT "catchup_papers_category_paper_id_pk" PRIMARY KEY("category","paper_id")
);
--> statement-breakpoint
CREATE TABLE "digest_deliveries" (
	"user_id" text NOT NULL,
	"frequency" text NOT NULL,
	"period" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "catchup_papers" ADD CONSTRAINT "catchup_papers_category_catchup_categories_category_fk" FOREIGN KEY ("category") REFERENCES "public"."catchup_categories"("category") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digest_deliveries" ADD CONSTRAINT "digest_deliveries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catchup_papers_category_published_idx" ON "catchup_papers" USING btree ("category","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "digest_deliveries_user_period_uq" ON "digest_deliveries" USING btree ("user_id","frequency","period");