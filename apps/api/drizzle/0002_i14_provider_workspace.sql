CREATE TABLE "availability_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"hospital_id" uuid,
	"kind" text NOT NULL,
	"weekdays" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"from_date" date NOT NULL,
	"until_date" date,
	"slot_minutes" integer,
	"note" text,
	"generated_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_rules_kind" CHECK ("availability_rules"."kind" in ('weekly', 'date', 'time_off'))
);
--> statement-breakpoint
CREATE TABLE "provider_schedule_settings" (
	"provider_id" uuid PRIMARY KEY NOT NULL,
	"slot_minutes" integer,
	"buffer_minutes" integer DEFAULT 0 NOT NULL,
	"min_notice_minutes" integer DEFAULT 120 NOT NULL,
	"horizon_days" integer DEFAULT 90 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_schedule_settings_ranges" CHECK ("provider_schedule_settings"."buffer_minutes" >= 0 and "provider_schedule_settings"."min_notice_minutes" >= 0 and "provider_schedule_settings"."horizon_days" between 1 and 365)
);
--> statement-breakpoint
DROP INDEX "availability_slots_provider_start_uq";--> statement-breakpoint
ALTER TABLE "availability_slots" ADD COLUMN "rule_id" uuid;--> statement-breakpoint
ALTER TABLE "availability_slots" ADD COLUMN "book_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dev_mailbox" ADD COLUMN "ics" text;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "account_number_encrypted" text NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "fingerprint" text NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "availability_rules" ADD CONSTRAINT "availability_rules_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_rules" ADD CONSTRAINT "availability_rules_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_schedule_settings" ADD CONSTRAINT "provider_schedule_settings_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_rules_provider_idx" ON "availability_rules" USING btree ("provider_id","kind");--> statement-breakpoint
ALTER TABLE "availability_slots" ADD CONSTRAINT "availability_slots_rule_id_availability_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."availability_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_slots_provider_start_idx" ON "availability_slots" USING btree ("provider_id","starts_at");--> statement-breakpoint
CREATE INDEX "availability_slots_rule_idx" ON "availability_slots" USING btree ("rule_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_provider_fingerprint_uq" ON "bank_accounts" USING btree ("provider_id","fingerprint");--> statement-breakpoint
ALTER TABLE "bank_accounts" DROP COLUMN "account_number";