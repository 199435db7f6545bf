CREATE TABLE "link_monitor_state" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"starter_links_added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "link_monitor_state" ADD CONSTRAINT "link_monitor_state_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;