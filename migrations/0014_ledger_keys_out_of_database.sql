CREATE TABLE "ledger_cosignatures" (
	"organization_id" uuid NOT NULL,
	"witness_id" uuid NOT NULL,
	"tree_size" bigint NOT NULL,
	"root_hash" text NOT NULL,
	"checkpoint" text NOT NULL,
	"signature_line" text NOT NULL,
	"cosigned_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_cosignatures_witness_id_tree_size_pk" PRIMARY KEY("witness_id","tree_size")
);
--> statement-breakpoint
CREATE TABLE "ledger_witnesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"vkey" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"removed_at" timestamp with time zone,
	"cosigned_size" bigint,
	"last_attempt_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"alarm" text
);
--> statement-breakpoint
ALTER TABLE "ledger_keys" DROP CONSTRAINT "ledger_keys_organization_id_unique";--> statement-breakpoint
ALTER TABLE "ledger_keys" ALTER COLUMN "private_key_pem" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_heads" ADD COLUMN "checkpoint_signature" text;--> statement-breakpoint
ALTER TABLE "ledger_keys" ADD COLUMN "origin" text;--> statement-breakpoint
UPDATE "ledger_keys" SET "origin" = 'centerline.local/ledger/' || "organization_id";--> statement-breakpoint
ALTER TABLE "ledger_keys" ALTER COLUMN "origin" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_keys" ADD COLUMN "sealed_private_key" text;--> statement-breakpoint
ALTER TABLE "ledger_keys" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_cosignatures" ADD CONSTRAINT "ledger_cosignatures_witness_id_ledger_witnesses_id_fk" FOREIGN KEY ("witness_id") REFERENCES "public"."ledger_witnesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_witnesses" ADD CONSTRAINT "ledger_witnesses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_cosignatures_org_size" ON "ledger_cosignatures" USING btree ("organization_id","tree_size");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_witnesses_org_name" ON "ledger_witnesses" USING btree ("organization_id","name") WHERE "ledger_witnesses"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_keys_current" ON "ledger_keys" USING btree ("organization_id") WHERE "ledger_keys"."retired_at" is null;