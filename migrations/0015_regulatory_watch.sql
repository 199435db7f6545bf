CREATE TABLE "link_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"link_id" uuid NOT NULL,
	"url" text NOT NULL,
	"alert_type" text NOT NULL,
	"severity" text NOT NULL,
	"message" text NOT NULL,
	"suggested_action" text,
	"new_url" text,
	"diff" text,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid
);
--> statement-breakpoint
CREATE TABLE "link_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"link_id" uuid NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"response_code" integer,
	"redirects" jsonb NOT NULL,
	"response_ms" integer,
	"certificate_expires_at" timestamp with time zone,
	"content_hash" text,
	"error_message" text
);
--> statement-breakpoint
CREATE TABLE "monitored_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"expected_keyword" text,
	"ignore_pattern" text,
	"interval_minutes" integer DEFAULT 1440 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"last_checked_at" timestamp with time zone,
	"response_code" integer,
	"new_url" text,
	"error_message" text,
	"response_ms" integer,
	"certificate_expires_at" timestamp with time zone,
	"content_hash" text,
	"content_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "regulation_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"section" text NOT NULL,
	"from_version_id" uuid,
	"to_version_id" uuid NOT NULL,
	"effective_date" date NOT NULL,
	"paragraphs" jsonb NOT NULL,
	"checklist_items" text[] NOT NULL,
	"historical" boolean DEFAULT false NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regulation_fetch_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"message" text,
	"versions_stored" integer DEFAULT 0 NOT NULL,
	"changes_found" integer DEFAULT 0 NOT NULL,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "regulation_section_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"section" text NOT NULL,
	"version_date" date NOT NULL,
	"amendment_date" date,
	"issue_date" date,
	"name" text NOT NULL,
	"substantive" boolean DEFAULT true NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	"text" text,
	"paragraphs" jsonb,
	"text_hash" text,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regulation_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"country" text NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"link_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "regulatory_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"type" text NOT NULL,
	"severity" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"source" text NOT NULL,
	"regulation" text,
	"checklist_items" text[] DEFAULT '{}'::text[] NOT NULL,
	"record_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"action_items" text[] DEFAULT '{}'::text[] NOT NULL,
	"change_id" uuid,
	"due_date" date,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid
);
--> statement-breakpoint
ALTER TABLE "link_alerts" ADD CONSTRAINT "link_alerts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_alerts" ADD CONSTRAINT "link_alerts_link_id_monitored_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."monitored_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_alerts" ADD CONSTRAINT "link_alerts_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_checks" ADD CONSTRAINT "link_checks_link_id_monitored_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."monitored_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitored_links" ADD CONSTRAINT "monitored_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitored_links" ADD CONSTRAINT "monitored_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulation_changes" ADD CONSTRAINT "regulation_changes_from_version_id_regulation_section_versions_id_fk" FOREIGN KEY ("from_version_id") REFERENCES "public"."regulation_section_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulation_changes" ADD CONSTRAINT "regulation_changes_to_version_id_regulation_section_versions_id_fk" FOREIGN KEY ("to_version_id") REFERENCES "public"."regulation_section_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulation_fetch_runs" ADD CONSTRAINT "regulation_fetch_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulation_sources" ADD CONSTRAINT "regulation_sources_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulation_sources" ADD CONSTRAINT "regulation_sources_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulatory_alerts" ADD CONSTRAINT "regulatory_alerts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulatory_alerts" ADD CONSTRAINT "regulatory_alerts_change_id_regulation_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."regulation_changes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulatory_alerts" ADD CONSTRAINT "regulatory_alerts_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "link_alerts_open" ON "link_alerts" USING btree ("link_id","alert_type") WHERE "link_alerts"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "link_alerts_org_detected" ON "link_alerts" USING btree ("organization_id","detected_at");--> statement-breakpoint
CREATE INDEX "link_checks_link_checked" ON "link_checks" USING btree ("link_id","checked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "monitored_links_org_url" ON "monitored_links" USING btree ("organization_id","url");--> statement-breakpoint
CREATE UNIQUE INDEX "regulation_changes_to_version" ON "regulation_changes" USING btree ("to_version_id");--> statement-breakpoint
CREATE INDEX "regulation_changes_source_effective" ON "regulation_changes" USING btree ("source","effective_date");--> statement-breakpoint
CREATE INDEX "regulation_fetch_runs_source_created" ON "regulation_fetch_runs" USING btree ("source","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "regulation_section_versions_key" ON "regulation_section_versions" USING btree ("source","section","version_date");--> statement-breakpoint
CREATE UNIQUE INDEX "regulatory_alerts_dedupe" ON "regulatory_alerts" USING btree ("organization_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "regulatory_alerts_org_open" ON "regulatory_alerts" USING btree ("organization_id","created_at") WHERE "regulatory_alerts"."acknowledged_at" is null;