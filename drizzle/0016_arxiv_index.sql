CREATE TABLE "arxiv_harvests" (
	"scope" text PRIMARY KEY NOT NULL,
	"run_from" date,
	"run_started_at" timestamp with time zone,
	"run_first_datestamp" date,
	"run_last_datestamp" date,
	"run_response_date" date,
	"resumption_token" text,
	"cursor" integer DEFAULT 0 NOT NULL,
	"complete_list_size" integer,
	"run_records" integer DEFAULT 0 NOT NULL,
	"run_deleted" integer DEFAULT 0 NOT NULL,
	"initial_done_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"next_from" date,
	"last_datestamp" date,
	"records_total" bigint DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"lease_holder" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "arxiv_papers" (
	"id" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"versions" jsonb NOT NULL,
	"title" text NOT NULL,
	"authors" jsonb NOT NULL,
	"abstract" text NOT NULL,
	"categories" text[] NOT NULL,
	"comments" text,
	"journal_ref" text,
	"doi" text,
	"report_no" text,
	"license" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"datestamp" date NOT NULL,
	"fts_title" "tsvector" NOT NULL,
	"fts_authors" "tsvector" NOT NULL,
	"fts_abstract" "tsvector" NOT NULL,
	"fts_meta" "tsvector" NOT NULL,
	"category_keys" text[] NOT NULL,
	"title_key" text NOT NULL,
	"doi_key" text
);
--> statement-breakpoint
CREATE INDEX "arxiv_papers_fts_title_idx" ON "arxiv_papers" USING gin ("fts_title");--> statement-breakpoint
CREATE INDEX "arxiv_papers_fts_authors_idx" ON "arxiv_papers" USING gin ("fts_authors");--> statement-breakpoint
CREATE INDEX "arxiv_papers_fts_abstract_idx" ON "arxiv_papers" USING gin ("fts_abstract");--> statement-breakpoint
CREATE INDEX "arxiv_papers_fts_meta_idx" ON "arxiv_papers" USING gin ("fts_meta");--> statement-breakpoint
CREATE INDEX "arxiv_papers_category_keys_idx" ON "arxiv_papers" USING gin ("category_keys");--> statement-breakpoint
CREATE INDEX "arxiv_papers_submitted_idx" ON "arxiv_papers" USING btree ("submitted_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "arxiv_papers_updated_idx" ON "arxiv_papers" USING btree ("updated_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "arxiv_papers_doi_idx" ON "arxiv_papers" USING btree ("doi_key" text_pattern_ops) WHERE "arxiv_papers"."doi_key" is not null;--> statement-breakpoint
CREATE INDEX "arxiv_papers_id_prefix_idx" ON "arxiv_papers" USING btree ("id" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "arxiv_papers_title_key_idx" ON "arxiv_papers" USING btree ("title_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "arxiv_papers_datestamp_idx" ON "arxiv_papers" USING btree ("datestamp");