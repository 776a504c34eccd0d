CREATE TABLE "verification_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "verification_reason" text;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "register_evidence" jsonb;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "verification_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verification_reviews" ADD CONSTRAINT "verification_reviews_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verification_reviews_open_idx" ON "verification_reviews" USING btree ("provider_id") WHERE "verification_reviews"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_region_number_uq" ON "companies" USING btree ("region","registration_number");