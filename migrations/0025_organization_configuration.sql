ALTER TABLE "organizations" ADD COLUMN "review_threshold_percent" integer DEFAULT 85 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "max_pages" integer DEFAULT 200 NOT NULL;