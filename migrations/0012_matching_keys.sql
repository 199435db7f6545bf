DROP INDEX "training_events_org_date_idx";--> statement-breakpoint
DROP INDEX "training_events_org_status_idx";--> statement-breakpoint
ALTER TABLE "training_events" ADD COLUMN "trainee_license_key" text GENERATED ALWAYS AS (nullif(lower(trim(license_number)), '')) STORED;--> statement-breakpoint
ALTER TABLE "training_events" ADD COLUMN "trainee_name_key" text GENERATED ALWAYS AS (lower(trim(student_name))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "training_events" ADD COLUMN "event_type_key" text GENERATED ALWAYS AS (lower(trim(event_type))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "training_events_org_list_idx" ON "training_events" USING btree ("organization_id","event_date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "training_events_org_status_list_idx" ON "training_events" USING btree ("organization_id","status","event_date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "training_events_org_figures_idx" ON "training_events" USING btree ("organization_id","event_date","status","created_at","updated_at");--> statement-breakpoint
CREATE INDEX "training_events_org_type_idx" ON "training_events" USING btree ("organization_id","event_type");--> statement-breakpoint
CREATE INDEX "training_events_recheck_license_idx" ON "training_events" USING btree ("organization_id","event_type_key","trainee_license_key","event_date") WHERE status = 'completed';--> statement-breakpoint
CREATE INDEX "training_events_recheck_name_idx" ON "training_events" USING btree ("organization_id","event_type_key","trainee_name_key","event_date") WHERE status = 'completed';