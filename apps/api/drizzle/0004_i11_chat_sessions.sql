ALTER TABLE "chat_sessions" ADD COLUMN "patient_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "region" text DEFAULT 'uk' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "state" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_sessions_patient_idx" ON "chat_sessions" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "chat_sessions_last_seen_idx" ON "chat_sessions" USING btree ("last_seen_at");