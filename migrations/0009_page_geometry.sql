ALTER TABLE "document_pages" ADD COLUMN "box_width" real;--> statement-breakpoint
ALTER TABLE "document_pages" ADD COLUMN "box_height" real;--> statement-breakpoint
ALTER TABLE "document_pages" ADD COLUMN "quarter_turns" integer;--> statement-breakpoint
ALTER TABLE "document_pages" ADD COLUMN "image_geometry" jsonb;