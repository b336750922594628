CREATE TABLE "pdf_blobs" (
	"hash" text PRIMARY KEY NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_pdf_cache" ALTER COLUMN "file_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_pdf_cache" ADD CONSTRAINT "user_pdf_cache_file_hash_pdf_blobs_hash_fk" FOREIGN KEY ("file_hash") REFERENCES "public"."pdf_blobs"("hash") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_pdf_cache_file_hash_idx" ON "user_pdf_cache" USING btree ("file_hash");