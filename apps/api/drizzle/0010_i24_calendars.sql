CREATE TABLE "calendar_busy_times" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"calendar_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"provider_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"token_hint" text NOT NULL,
	"show_concern" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "provider_calendars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"username" text,
	"password_enc" text,
	"last_synced_at" timestamp with time zone,
	"error" text,
	"failing_since" timestamp with time zone,
	"failure_mailed_at" timestamp with time zone,
	"next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_busy_times" ADD CONSTRAINT "calendar_busy_times_calendar_id_provider_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."provider_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_busy_times" ADD CONSTRAINT "calendar_busy_times_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_calendars" ADD CONSTRAINT "provider_calendars_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_busy_times_provider_idx" ON "calendar_busy_times" USING btree ("provider_id","starts_at","ends_at");--> statement-breakpoint
CREATE INDEX "calendar_busy_times_calendar_idx" ON "calendar_busy_times" USING btree ("calendar_id");--> statement-breakpoint
CREATE INDEX "provider_calendars_provider_idx" ON "provider_calendars" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "provider_calendars_next_sync_idx" ON "provider_calendars" USING btree ("next_sync_at");