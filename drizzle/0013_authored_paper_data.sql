ALTER TABLE "user_authored_papers" DROP CONSTRAINT "user_authored_papers_paper_id_papers_id_fk";
--> statement-breakpoint
ALTER TABLE "user_authored_papers" ADD COLUMN "paper_data" jsonb;