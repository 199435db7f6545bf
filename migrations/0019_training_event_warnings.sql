CREATE TABLE "training_event_warnings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"training_event_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"role" text NOT NULL,
	"person" text NOT NULL,
	"instructor_file_id" uuid,
	"kind" text NOT NULL,
	"paragraph" text NOT NULL,
	"message" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "training_event_warnings" ADD CONSTRAINT "training_event_warnings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_event_warnings" ADD CONSTRAINT "training_event_warnings_training_event_id_training_events_id_fk" FOREIGN KEY ("training_event_id") REFERENCES "public"."training_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_event_warnings" ADD CONSTRAINT "training_event_warnings_instructor_file_id_instructor_files_id_fk" FOREIGN KEY ("instructor_file_id") REFERENCES "public"."instructor_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_event_warnings" ADD CONSTRAINT "training_event_warnings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "training_event_warnings_event_idx" ON "training_event_warnings" USING btree ("training_event_id","version");