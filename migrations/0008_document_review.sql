ALTER TABLE "documents" ADD COLUMN "review_reasons" jsonb;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "document_kind" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "kind_confidence" real;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "kind_reason" text;--> statement-breakpoint
ALTER TABLE "extracted_fields" ADD COLUMN "review_notes" jsonb;