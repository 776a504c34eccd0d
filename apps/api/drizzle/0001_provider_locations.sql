CREATE TABLE "provider_locations" (
	"provider_id" uuid NOT NULL,
	"hospital_id" uuid NOT NULL,
	"region" text NOT NULL,
	"speciality_id" integer NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"amount_minor" integer NOT NULL,
	CONSTRAINT "provider_locations_provider_id_hospital_id_pk" PRIMARY KEY("provider_id","hospital_id")
);
--> statement-breakpoint
ALTER TABLE "provider_locations" ADD CONSTRAINT "provider_locations_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_locations" ADD CONSTRAINT "provider_locations_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_locations_search_idx" ON "provider_locations" USING btree ("region","speciality_id","latitude","longitude","provider_id","hospital_id","amount_minor");--> statement-breakpoint
-- provider_locations is kept by these triggers, in the same transaction as every write to its sources.
CREATE FUNCTION "provider_locations_refresh"(pid uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM provider_locations WHERE provider_id = pid;
  INSERT INTO provider_locations (provider_id, hospital_id, region, speciality_id, latitude, longitude, amount_minor)
  SELECT p.id, h.id, p.region, p.speciality_id, h.latitude, h.longitude, p.amount_minor
  FROM providers p
  JOIN provider_hospitals ph ON ph.provider_id = p.id
  JOIN hospitals h ON h.id = ph.hospital_id AND h.region = p.region
  WHERE p.id = pid AND p.verification_status = 'Verified' AND p.bookable;
END $$;
--> statement-breakpoint
CREATE FUNCTION "provider_locations_on_provider"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM provider_locations_refresh(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "provider_locations_provider_ins" AFTER INSERT ON "providers"
  FOR EACH ROW EXECUTE FUNCTION provider_locations_on_provider();
--> statement-breakpoint
CREATE TRIGGER "provider_locations_provider_upd" AFTER UPDATE ON "providers"
  FOR EACH ROW WHEN (
    OLD.region IS DISTINCT FROM NEW.region OR OLD.speciality_id IS DISTINCT FROM NEW.speciality_id
    OR OLD.verification_status IS DISTINCT FROM NEW.verification_status OR OLD.bookable IS DISTINCT FROM NEW.bookable
    OR OLD.amount_minor IS DISTINCT FROM NEW.amount_minor OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION provider_locations_on_provider();
--> statement-breakpoint
CREATE FUNCTION "provider_locations_on_link"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM provider_locations_refresh(OLD.provider_id); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.provider_id IS DISTINCT FROM OLD.provider_id
      OR NEW.hospital_id IS DISTINCT FROM OLD.hospital_id) THEN
    PERFORM provider_locations_refresh(NEW.provider_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "provider_locations_link" AFTER INSERT OR UPDATE OR DELETE ON "provider_hospitals"
  FOR EACH ROW EXECUTE FUNCTION provider_locations_on_link();
--> statement-breakpoint
CREATE FUNCTION "provider_locations_on_hospital"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM provider_locations_refresh(ph.provider_id) FROM provider_hospitals ph WHERE ph.hospital_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "provider_locations_hospital_upd" AFTER UPDATE ON "hospitals"
  FOR EACH ROW WHEN (
    OLD.region IS DISTINCT FROM NEW.region OR OLD.latitude IS DISTINCT FROM NEW.latitude
    OR OLD.longitude IS DISTINCT FROM NEW.longitude)
  EXECUTE FUNCTION provider_locations_on_hospital();
--> statement-breakpoint
-- Rows for the data already there.
INSERT INTO "provider_locations" (provider_id, hospital_id, region, speciality_id, latitude, longitude, amount_minor)
SELECT p.id, h.id, p.region, p.speciality_id, h.latitude, h.longitude, p.amount_minor
FROM providers p
JOIN provider_hospitals ph ON ph.provider_id = p.id
JOIN hospitals h ON h.id = ph.hospital_id AND h.region = p.region
WHERE p.verification_status = 'Verified' AND p.bookable;
