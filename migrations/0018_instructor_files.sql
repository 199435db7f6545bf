CREATE TABLE "instructor_designations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"instructor_id" uuid NOT NULL,
	"qualification_id" uuid NOT NULL,
	"course" text NOT NULL,
	"device" text,
	"designated_at" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instructor_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"employed_from" date NOT NULL,
	"employed_until" date,
	"certificates" text,
	"notes" text,
	"instructs_in_aircraft" boolean DEFAULT false NOT NULL,
	"atp_simulator" boolean DEFAULT false NOT NULL,
	"import_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"ledger_index" bigint,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instructor_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"file_hash" text NOT NULL,
	"file_name" text NOT NULL,
	"row_count" integer NOT NULL,
	"imported_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instructor_qualifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"instructor_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"completed_at" date NOT NULL,
	"course" text,
	"device" text,
	"document_id" uuid,
	"training_event_id" uuid,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "instructor_designations" ADD CONSTRAINT "instructor_designations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_designations" ADD CONSTRAINT "instructor_designations_instructor_id_instructor_files_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."instructor_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_designations" ADD CONSTRAINT "instructor_designations_qualification_id_instructor_qualifications_id_fk" FOREIGN KEY ("qualification_id") REFERENCES "public"."instructor_qualifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_files" ADD CONSTRAINT "instructor_files_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_files" ADD CONSTRAINT "instructor_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_files" ADD CONSTRAINT "instructor_files_import_id_instructor_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."instructor_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_files" ADD CONSTRAINT "instructor_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_files" ADD CONSTRAINT "instructor_files_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_imports" ADD CONSTRAINT "instructor_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_imports" ADD CONSTRAINT "instructor_imports_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_qualifications" ADD CONSTRAINT "instructor_qualifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_qualifications" ADD CONSTRAINT "instructor_qualifications_instructor_id_instructor_files_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."instructor_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_qualifications" ADD CONSTRAINT "instructor_qualifications_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_qualifications" ADD CONSTRAINT "instructor_qualifications_training_event_id_training_events_id_fk" FOREIGN KEY ("training_event_id") REFERENCES "public"."training_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_qualifications" ADD CONSTRAINT "instructor_qualifications_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instructor_designations_file_idx" ON "instructor_designations" USING btree ("instructor_id");--> statement-breakpoint
CREATE INDEX "instructor_designations_org_course_idx" ON "instructor_designations" USING btree ("organization_id","course");--> statement-breakpoint
CREATE INDEX "instructor_files_org_name_idx" ON "instructor_files" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "instructor_files_org_user_idx" ON "instructor_files" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "instructor_imports_org_file" ON "instructor_imports" USING btree ("organization_id","file_hash");--> statement-breakpoint
CREATE INDEX "instructor_qualifications_file_idx" ON "instructor_qualifications" USING btree ("instructor_id","completed_at");