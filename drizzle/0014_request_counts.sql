CREATE TABLE "request_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "request_counts_window_ends_at_idx" ON "request_counts" USING btree ("window_ends_at");