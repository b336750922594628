CREATE TABLE "zotero_sync_state" (
	"user_id" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'idle' NOT NULL,
	"mode" text,
	"batch_size" integer DEFAULT 50 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"current" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"pass_version" bigint,
	"pass_started_at" timestamp with time zone,
	"library_version" bigint,
	"stop_request" text,
	"job_id" text,
	"session_id" text,
	"message" text,
	"error" text,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zotero_sync_state_status_check" CHECK ("zotero_sync_state"."status" in ('idle', 'syncing', 'paused'))
);
--> statement-breakpoint
ALTER TABLE "zotero_cache" ADD COLUMN "item_version" integer;--> statement-breakpoint
ALTER TABLE "zotero_sync_state" ADD CONSTRAINT "zotero_sync_state_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "zotero_sync_state_status_idx" ON "zotero_sync_state" USING btree ("status");