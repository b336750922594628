CREATE TABLE "paper_entities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"authors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"abstract" text,
	"url" text,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category" text DEFAULT 'unknown' NOT NULL,
	"source_ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"arxiv_id" text,
	"doi" text,
	"openalex_id" text,
	"primary_source" text NOT NULL,
	"submission_date" text,
	"publication_date" text,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	"date_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"source_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"publication_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source_records" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"event_name" text NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"events" bigint DEFAULT 0 NOT NULL,
	"signed_in_events" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_day_event_name_source_pk" PRIMARY KEY("day","event_name","source")
);
--> statement-breakpoint
CREATE TABLE "user_active_days" (
	"day" date NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "user_active_days_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
ALTER TABLE "user_active_days" ADD CONSTRAINT "user_active_days_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "paper_entities_arxiv_id_uq" ON "paper_entities" USING btree ("arxiv_id") WHERE "paper_entities"."arxiv_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "paper_entities_doi_uq" ON "paper_entities" USING btree ("doi") WHERE "paper_entities"."doi" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "paper_entities_openalex_id_uq" ON "paper_entities" USING btree ("openalex_id") WHERE "paper_entities"."openalex_id" is not null;--> statement-breakpoint
CREATE INDEX "user_active_days_user_idx" ON "user_active_days" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "system_logs_component_message_created_at_idx" ON "system_logs" USING btree ("component","message","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Hand-written: the analytics roll-ups start from the events already recorded.
INSERT INTO "analytics_daily" ("day", "event_name", "source", "events", "signed_in_events")
SELECT (e."created_at" AT TIME ZONE 'UTC')::date,
	e."event_name",
	CASE WHEN e."properties"->>'source' IN ('arxiv', 'openalex', 'crossref', 'journal', 'zotero', 'preprint') THEN e."properties"->>'source' ELSE '' END,
	count(*),
	count(e."user_id")
FROM "visitor_events" e
GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "user_active_days" ("day", "user_id")
SELECT DISTINCT (e."created_at" AT TIME ZONE 'UTC')::date, e."user_id" FROM "visitor_events" e WHERE e."user_id" IS NOT NULL;
