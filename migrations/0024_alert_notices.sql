ALTER TABLE "regulatory_alerts" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
-- Alerts raised before notifications existed were seen on the screen already: none is announced again.
UPDATE "regulatory_alerts" SET "notified_at" = "created_at";
