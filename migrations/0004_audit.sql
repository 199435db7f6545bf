CREATE TABLE "audit_run_items" (
	"run_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"item_number" text NOT NULL,
	"position" integer NOT NULL,
	"compliance_status" text NOT NULL,
	"risk_level" text NOT NULL,
	"confidence" real NOT NULL,
	"analysis" jsonb NOT NULL,
	CONSTRAINT "audit_run_items_run_id_item_number_pk" PRIMARY KEY("run_id","item_number")
);
--> statement-breakpoint
CREATE TABLE "audit_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"started_by" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"phase" text DEFAULT 'Queued' NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"reasoner" text,
	"catalogue_version" integer,
	"checklist_items" integer,
	"document_count" integer,
	"summary" jsonb,
	"compliance_report" text,
	"timings" jsonb,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_run_items" ADD CONSTRAINT "audit_run_items_run_id_audit_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."audit_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_run_items" ADD CONSTRAINT "audit_run_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_runs" ADD CONSTRAINT "audit_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_runs" ADD CONSTRAINT "audit_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_runs_org_created_idx" ON "audit_runs" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_runs_one_active_per_org" ON "audit_runs" USING btree ("organization_id") WHERE status in ('queued', 'running');