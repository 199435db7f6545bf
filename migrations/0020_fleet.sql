CREATE TABLE "fleet_components" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"name" text NOT NULL,
	"ata_chapter" text,
	"part_number" text,
	"serial_number" text,
	"installed_at" date NOT NULL,
	"removed_at" date,
	"removal_reason" text,
	"life_limit_hours" real,
	"life_limit_cycles" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"ledger_index" bigint,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fleet_components_removal" CHECK (("fleet_components"."removed_at" is null) = ("fleet_components"."removal_reason" is null) and ("fleet_components"."removed_at" is null or "fleet_components"."removed_at" >= "fleet_components"."installed_at"))
);
--> statement-breakpoint
CREATE TABLE "fleet_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"model" text NOT NULL,
	"qualification_level" text,
	"manufacturer" text,
	"serial_number" text,
	"registration" text,
	"location" text,
	"qualified_for" text,
	"in_service_from" date NOT NULL,
	"base_hours" real DEFAULT 0 NOT NULL,
	"base_cycles" integer DEFAULT 0 NOT NULL,
	"retired_at" date,
	"import_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"ledger_index" bigint,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fleet_devices_hours" CHECK ("fleet_devices"."base_hours" >= 0 and "fleet_devices"."base_cycles" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fleet_discrepancies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"component_id" uuid,
	"component" text,
	"ata_chapter" text,
	"reported_at" timestamp with time zone NOT NULL,
	"reported_by" text NOT NULL,
	"session" text,
	"description" text NOT NULL,
	"severity" text NOT NULL,
	"status" text NOT NULL,
	"corrective_action" text,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"downtime_minutes" integer DEFAULT 0 NOT NULL,
	"training_minutes_lost" integer DEFAULT 0 NOT NULL,
	"import_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"ledger_index" bigint,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fleet_discrepancies_closed" CHECK (("fleet_discrepancies"."status" = 'closed') = ("fleet_discrepancies"."closed_at" is not null) and ("fleet_discrepancies"."status" <> 'closed' or "fleet_discrepancies"."corrective_action" is not null)),
	CONSTRAINT "fleet_discrepancies_minutes" CHECK ("fleet_discrepancies"."downtime_minutes" >= 0 and "fleet_discrepancies"."training_minutes_lost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fleet_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_hash" text NOT NULL,
	"file_name" text NOT NULL,
	"row_count" integer NOT NULL,
	"imported_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fleet_maintenance_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"component_id" uuid,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"interval_days" integer,
	"interval_hours" real,
	"last_done_at" date,
	"last_done_hours" real,
	"due_at" date,
	"due_hours" real,
	"import_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"ledger_index" bigint,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fleet_preflights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"date" date NOT NULL,
	"passed" boolean NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remarks" text,
	"performed_by" uuid,
	"performed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ledger_index" bigint
);
--> statement-breakpoint
CREATE TABLE "fleet_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"training_event_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"scheduled_minutes" integer NOT NULL,
	"used_minutes" integer NOT NULL,
	"interrupted" boolean DEFAULT false NOT NULL,
	"instructor" text,
	"cycles" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"ledger_index" bigint,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fleet_sessions_minutes" CHECK ("fleet_sessions"."scheduled_minutes" > 0 and "fleet_sessions"."used_minutes" >= 0 and "fleet_sessions"."cycles" >= 0)
);
--> statement-breakpoint
ALTER TABLE "fleet_components" ADD CONSTRAINT "fleet_components_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_components" ADD CONSTRAINT "fleet_components_device_id_fleet_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."fleet_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_components" ADD CONSTRAINT "fleet_components_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_components" ADD CONSTRAINT "fleet_components_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_devices" ADD CONSTRAINT "fleet_devices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_devices" ADD CONSTRAINT "fleet_devices_import_id_fleet_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."fleet_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_devices" ADD CONSTRAINT "fleet_devices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_devices" ADD CONSTRAINT "fleet_devices_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_discrepancies" ADD CONSTRAINT "fleet_discrepancies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_discrepancies" ADD CONSTRAINT "fleet_discrepancies_device_id_fleet_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."fleet_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_discrepancies" ADD CONSTRAINT "fleet_discrepancies_component_id_fleet_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."fleet_components"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_discrepancies" ADD CONSTRAINT "fleet_discrepancies_import_id_fleet_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."fleet_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_discrepancies" ADD CONSTRAINT "fleet_discrepancies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_discrepancies" ADD CONSTRAINT "fleet_discrepancies_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_imports" ADD CONSTRAINT "fleet_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_imports" ADD CONSTRAINT "fleet_imports_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_maintenance_items" ADD CONSTRAINT "fleet_maintenance_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_maintenance_items" ADD CONSTRAINT "fleet_maintenance_items_device_id_fleet_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."fleet_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_maintenance_items" ADD CONSTRAINT "fleet_maintenance_items_component_id_fleet_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."fleet_components"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_maintenance_items" ADD CONSTRAINT "fleet_maintenance_items_import_id_fleet_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."fleet_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_maintenance_items" ADD CONSTRAINT "fleet_maintenance_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_maintenance_items" ADD CONSTRAINT "fleet_maintenance_items_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_preflights" ADD CONSTRAINT "fleet_preflights_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_preflights" ADD CONSTRAINT "fleet_preflights_device_id_fleet_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."fleet_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_preflights" ADD CONSTRAINT "fleet_preflights_performed_by_users_id_fk" FOREIGN KEY ("performed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_sessions" ADD CONSTRAINT "fleet_sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_sessions" ADD CONSTRAINT "fleet_sessions_device_id_fleet_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."fleet_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_sessions" ADD CONSTRAINT "fleet_sessions_training_event_id_training_events_id_fk" FOREIGN KEY ("training_event_id") REFERENCES "public"."training_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_sessions" ADD CONSTRAINT "fleet_sessions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_sessions" ADD CONSTRAINT "fleet_sessions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fleet_components_device" ON "fleet_components" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "fleet_components_org_name" ON "fleet_components" USING btree ("organization_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "fleet_devices_org_name" ON "fleet_devices" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "fleet_discrepancies_device_reported" ON "fleet_discrepancies" USING btree ("device_id","reported_at");--> statement-breakpoint
CREATE INDEX "fleet_discrepancies_org_status" ON "fleet_discrepancies" USING btree ("organization_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "fleet_imports_org_kind_file" ON "fleet_imports" USING btree ("organization_id","kind","file_hash");--> statement-breakpoint
CREATE INDEX "fleet_maintenance_device" ON "fleet_maintenance_items" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "fleet_preflights_device_date" ON "fleet_preflights" USING btree ("device_id","date");--> statement-breakpoint
CREATE INDEX "fleet_sessions_device_starts" ON "fleet_sessions" USING btree ("device_id","starts_at");--> statement-breakpoint
CREATE INDEX "fleet_sessions_event" ON "fleet_sessions" USING btree ("training_event_id");