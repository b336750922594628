CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"role" text DEFAULT 'user' NOT NULL,
	"is_super_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_bookmarks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"paper_id" text NOT NULL,
	"paper_data" jsonb NOT NULL,
	"notes" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"canonical_id" text,
	"bookmarked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_cache" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"cache_key" text NOT NULL,
	"paper_data" jsonb,
	"expires_at" timestamp with time zone,
	"cached_at" timestamp with time zone DEFAULT now() NOT NULL,
	"access_count" integer DEFAULT 0 NOT NULL,
	"last_accessed" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"preference_key" text NOT NULL,
	"preference_value" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text,
	"email" text,
	"affiliation" text,
	"avatar_url" text,
	"social_links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"research_categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"research_interests" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"author_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"exclude_terms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"email_preferences" jsonb DEFAULT '{"welcome":true,"notifications":"weekly"}'::jsonb NOT NULL,
	"last_active_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_profiles_role_check" CHECK ("user_profiles"."role" in ('user', 'maintainer', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "user_reading_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"paper_id" text NOT NULL,
	"paper_data" jsonb,
	"view_type" text DEFAULT 'abs' NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"entity_id" text
);
--> statement-breakpoint
CREATE TABLE "user_search_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"params" jsonb NOT NULL,
	"results" integer,
	"searched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "highlights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"paper_id" text NOT NULL,
	"page_number" integer NOT NULL,
	"coordinates" jsonb NOT NULL,
	"color" text DEFAULT '#FFFF00' NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "papers" (
	"id" text PRIMARY KEY NOT NULL,
	"arxiv_id" text,
	"title" text NOT NULL,
	"authors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"abstract" text,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_date" timestamp with time zone,
	"updated_date" timestamp with time zone,
	"source" text DEFAULT 'arxiv' NOT NULL,
	"pdf_url" text,
	"journal_ref" text,
	"comments" text,
	"doi" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_authored_papers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"paper_id" text NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"verification_method" text DEFAULT 'manual' NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_authored_papers_method_check" CHECK ("user_authored_papers"."verification_method" in ('manual', 'auto_arxiv_match', 'orcid_verification'))
);
--> statement-breakpoint
CREATE TABLE "user_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"provider_name" text NOT NULL,
	"encrypted_api_key" text NOT NULL,
	"is_connected" boolean DEFAULT false NOT NULL,
	"last_tested" timestamp with time zone,
	"base_url" text,
	"models" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_custom" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"integration_type" text NOT NULL,
	"credentials" jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_pdf_cache" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"paper_id" text NOT NULL,
	"paper_title" text,
	"paper_authors" text,
	"file_size_bytes" bigint DEFAULT 0 NOT NULL,
	"cached_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_accessed" timestamp with time zone DEFAULT now() NOT NULL,
	"access_count" integer DEFAULT 0 NOT NULL,
	"source" text DEFAULT 'arxiv' NOT NULL,
	"arxiv_id" text,
	"storage_path" text NOT NULL,
	"file_hash" text
);
--> statement-breakpoint
CREATE TABLE "zotero_cache" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"zotero_item_key" text NOT NULL,
	"paper_id" text NOT NULL,
	"title" text,
	"authors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"abstract" text,
	"url" text,
	"thumbnail_url" text,
	"published_date" text,
	"updated_date" text,
	"date_added" timestamp with time zone,
	"category" text,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text DEFAULT 'zotero' NOT NULL,
	"canonical_id" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_synced" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zotero_sync_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"session_id" text,
	"event" text NOT NULL,
	"details" text,
	"level" text DEFAULT 'INFO' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zotero_sync_logs_level_check" CHECK ("zotero_sync_logs"."level" in ('INFO', 'WARN', 'ERROR'))
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "llm_usage" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"prompt_tokens" integer,
	"completion_tokens" integer,
	"latency_ms" integer,
	"user_id" text,
	"component" text,
	"request_metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"success" boolean NOT NULL,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"level" text NOT NULL,
	"component" text NOT NULL,
	"message" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_logs_level_check" CHECK ("system_logs"."level" in ('debug', 'info', 'warn', 'error'))
);
--> statement-breakpoint
CREATE TABLE "visitor_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_name" text NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_bookmarks" ADD CONSTRAINT "user_bookmarks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_cache" ADD CONSTRAINT "user_cache_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_reading_history" ADD CONSTRAINT "user_reading_history_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_search_history" ADD CONSTRAINT "user_search_history_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "highlights" ADD CONSTRAINT "highlights_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_authored_papers" ADD CONSTRAINT "user_authored_papers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_authored_papers" ADD CONSTRAINT "user_authored_papers_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_api_keys" ADD CONSTRAINT "user_api_keys_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_integrations" ADD CONSTRAINT "user_integrations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_pdf_cache" ADD CONSTRAINT "user_pdf_cache_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zotero_cache" ADD CONSTRAINT "zotero_cache_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zotero_sync_logs" ADD CONSTRAINT "zotero_sync_logs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llm_usage" ADD CONSTRAINT "llm_usage_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_events" ADD CONSTRAINT "visitor_events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "user_bookmarks_user_paper_uq" ON "user_bookmarks" USING btree ("user_id","paper_id");--> statement-breakpoint
CREATE INDEX "user_bookmarks_user_bookmarked_at_idx" ON "user_bookmarks" USING btree ("user_id","bookmarked_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_bookmarks_user_canonical_idx" ON "user_bookmarks" USING btree ("user_id","canonical_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_cache_user_key_uq" ON "user_cache" USING btree ("user_id","cache_key");--> statement-breakpoint
CREATE INDEX "user_cache_expires_at_idx" ON "user_cache" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_preferences_user_key_uq" ON "user_preferences" USING btree ("user_id","preference_key");--> statement-breakpoint
CREATE INDEX "user_reading_history_user_read_at_idx" ON "user_reading_history" USING btree ("user_id","read_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_reading_history_user_paper_view_idx" ON "user_reading_history" USING btree ("user_id","paper_id","view_type","read_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_search_history_user_searched_at_idx" ON "user_search_history" USING btree ("user_id","searched_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "highlights_user_paper_idx" ON "highlights" USING btree ("user_id","paper_id");--> statement-breakpoint
CREATE INDEX "papers_arxiv_id_idx" ON "papers" USING btree ("arxiv_id");--> statement-breakpoint
CREATE INDEX "papers_doi_idx" ON "papers" USING btree ("doi");--> statement-breakpoint
CREATE INDEX "papers_published_date_idx" ON "papers" USING btree ("published_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "papers_title_trgm_idx" ON "papers" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "user_authored_papers_user_paper_uq" ON "user_authored_papers" USING btree ("user_id","paper_id");--> statement-breakpoint
CREATE INDEX "user_authored_papers_user_added_at_idx" ON "user_authored_papers" USING btree ("user_id","added_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "user_api_keys_user_provider_uq" ON "user_api_keys" USING btree ("user_id","provider_name");--> statement-breakpoint
CREATE UNIQUE INDEX "user_integrations_user_type_uq" ON "user_integrations" USING btree ("user_id","integration_type");--> statement-breakpoint
CREATE UNIQUE INDEX "user_pdf_cache_user_paper_uq" ON "user_pdf_cache" USING btree ("user_id","paper_id");--> statement-breakpoint
CREATE INDEX "user_pdf_cache_user_last_accessed_idx" ON "user_pdf_cache" USING btree ("user_id","last_accessed" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "zotero_cache_user_paper_uq" ON "zotero_cache" USING btree ("user_id","paper_id");--> statement-breakpoint
CREATE INDEX "zotero_cache_user_item_key_idx" ON "zotero_cache" USING btree ("user_id","zotero_item_key");--> statement-breakpoint
CREATE INDEX "zotero_cache_user_canonical_idx" ON "zotero_cache" USING btree ("user_id","canonical_id");--> statement-breakpoint
CREATE INDEX "zotero_sync_logs_user_timestamp_idx" ON "zotero_sync_logs" USING btree ("user_id","timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "zotero_sync_logs_user_session_idx" ON "zotero_sync_logs" USING btree ("user_id","session_id");--> statement-breakpoint
CREATE INDEX "zotero_sync_logs_timestamp_idx" ON "zotero_sync_logs" USING btree ("timestamp");--> statement-breakpoint
CREATE INDEX "llm_usage_user_created_at_idx" ON "llm_usage" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "llm_usage_created_at_idx" ON "llm_usage" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "system_logs_created_at_idx" ON "system_logs" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "visitor_events_name_created_at_idx" ON "visitor_events" USING btree ("event_name","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "visitor_events_user_idx" ON "visitor_events" USING btree ("user_id");