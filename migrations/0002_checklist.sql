CREATE TABLE "ledger_heads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"tree_size" bigint NOT NULL,
	"root_hash" text NOT NULL,
	"timestamp" text NOT NULL,
	"signature" text NOT NULL,
	"key_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"public_key_hex" text NOT NULL,
	"spki_pem" text NOT NULL,
	"private_key_pem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_keys_organization_id_unique" UNIQUE("organization_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_leaves" (
	"organization_id" uuid NOT NULL,
	"leaf_index" bigint NOT NULL,
	"record_type" text NOT NULL,
	"record_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"leaf" text NOT NULL,
	"leaf_hash" text NOT NULL,
	CONSTRAINT "ledger_leaves_organization_id_leaf_index_pk" PRIMARY KEY("organization_id","leaf_index")
);
--> statement-breakpoint
CREATE TABLE "ledger_nodes" (
	"organization_id" uuid NOT NULL,
	"level" smallint NOT NULL,
	"node_index" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "ledger_nodes_organization_id_level_node_index_pk" PRIMARY KEY("organization_id","level","node_index")
);
--> statement-breakpoint
CREATE TABLE "ledger_states" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"tree_size" bigint DEFAULT 0 NOT NULL,
	"root_hash" text NOT NULL,
	"frontier" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_event_assignments" (
	"training_event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"assigned_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_event_assignments_training_event_id_user_id_pk" PRIMARY KEY("training_event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "training_event_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"file_hash" text NOT NULL,
	"file_name" text NOT NULL,
	"row_count" integer NOT NULL,
	"imported_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checklist_catalogues" (
	"version" integer PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"item_count" integer NOT NULL,
	"content_hash" text NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checklist_evidence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"item_number" text NOT NULL,
	"document_id" uuid NOT NULL,
	"linked_by" uuid,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checklist_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"item_number" text NOT NULL,
	"actor_id" uuid,
	"source" text NOT NULL,
	"revision" integer NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checklist_items" (
	"catalogue_version" integer NOT NULL,
	"number" text NOT NULL,
	"area_id" text NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"reference" text NOT NULL,
	CONSTRAINT "checklist_items_catalogue_version_number_pk" PRIMARY KEY("catalogue_version","number")
);
--> statement-breakpoint
CREATE TABLE "checklist_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"item_number" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"findings" text DEFAULT '' NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "training_events" ADD COLUMN "course" text;--> statement-breakpoint
ALTER TABLE "training_events" ADD COLUMN "result" text;--> statement-breakpoint
ALTER TABLE "training_events" ADD COLUMN "instructor" text;--> statement-breakpoint
ALTER TABLE "training_events" ADD COLUMN "evaluator" text;--> statement-breakpoint
ALTER TABLE "training_events" ADD COLUMN "remarks" text;--> statement-breakpoint
ALTER TABLE "training_events" ADD COLUMN "source_document_id" uuid;--> statement-breakpoint
ALTER TABLE "training_events" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "training_events" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "training_events" ADD COLUMN "ledger_index" bigint;--> statement-breakpoint
ALTER TABLE "training_events" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "training_events" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "training_events" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_keys" ADD CONSTRAINT "ledger_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_states" ADD CONSTRAINT "ledger_states_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_event_assignments" ADD CONSTRAINT "training_event_assignments_training_event_id_training_events_id_fk" FOREIGN KEY ("training_event_id") REFERENCES "public"."training_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_event_assignments" ADD CONSTRAINT "training_event_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_event_assignments" ADD CONSTRAINT "training_event_assignments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_event_assignments" ADD CONSTRAINT "training_event_assignments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_event_imports" ADD CONSTRAINT "training_event_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_event_imports" ADD CONSTRAINT "training_event_imports_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_evidence" ADD CONSTRAINT "checklist_evidence_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_evidence" ADD CONSTRAINT "checklist_evidence_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_evidence" ADD CONSTRAINT "checklist_evidence_linked_by_users_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_history" ADD CONSTRAINT "checklist_history_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_history" ADD CONSTRAINT "checklist_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_catalogue_version_checklist_catalogues_version_fk" FOREIGN KEY ("catalogue_version") REFERENCES "public"."checklist_catalogues"("version") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_responses" ADD CONSTRAINT "checklist_responses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_responses" ADD CONSTRAINT "checklist_responses_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_heads_org_size" ON "ledger_heads" USING btree ("organization_id","tree_size");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_leaves_record_version" ON "ledger_leaves" USING btree ("organization_id","record_id","version");--> statement-breakpoint
CREATE INDEX "training_event_assignments_user_idx" ON "training_event_assignments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "training_event_imports_org_file" ON "training_event_imports" USING btree ("organization_id","file_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "checklist_evidence_unique" ON "checklist_evidence" USING btree ("organization_id","item_number","document_id");--> statement-breakpoint
CREATE INDEX "checklist_history_org_item_idx" ON "checklist_history" USING btree ("organization_id","item_number","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "checklist_responses_org_item_unique" ON "checklist_responses" USING btree ("organization_id","item_number");--> statement-breakpoint
ALTER TABLE "training_events" ADD CONSTRAINT "training_events_source_document_id_documents_id_fk" FOREIGN KEY ("source_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_events" ADD CONSTRAINT "training_events_import_id_training_event_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."training_event_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_events" ADD CONSTRAINT "training_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_events" ADD CONSTRAINT "training_events_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "training_events_org_status_idx" ON "training_events" USING btree ("organization_id","status");