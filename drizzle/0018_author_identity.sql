CREATE TABLE "profile_author_identities" (
	"user_id" text PRIMARY KEY NOT NULL,
	"identities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profile_author_identities" ADD CONSTRAINT "profile_author_identities_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;