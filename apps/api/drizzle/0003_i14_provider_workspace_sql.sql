-- A provider is never in two places at once: no two open slots of one provider overlap in time, whatever the clinic.
-- Held and booked slots are open slots with an active booking, so they count too; withdrawn and removed ones do not.
-- btree_gist lets the uuid equality sit in the same GiST index as the time range (docs/provider-workspace.md).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
-- Slots made before this rule that overlap an earlier open slot of the same provider, and that nobody holds or booked,
-- are taken away so the constraint can be added to an existing database.
UPDATE availability_slots s SET status = 'removed'
WHERE s.status = 'open'
  AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.slot_id = s.id AND b.status IN ('Held', 'Booked'))
  AND EXISTS (
    SELECT 1 FROM availability_slots o
    WHERE o.provider_id = s.provider_id AND o.status = 'open' AND o.id <> s.id
      AND o.starts_at < s.ends_at AND s.starts_at < o.ends_at
      AND (o.starts_at, o.id) < (s.starts_at, s.id));
--> statement-breakpoint
ALTER TABLE availability_slots ADD CONSTRAINT availability_slots_positive_length CHECK (ends_at > starts_at);
--> statement-breakpoint
ALTER TABLE availability_slots ADD CONSTRAINT availability_slots_no_overlap
  EXCLUDE USING gist (provider_id WITH =, tstzrange(starts_at, ends_at) WITH &&) WHERE (status = 'open');
--> statement-breakpoint
-- Slots already on sale keep the default minimum notice of two hours.
UPDATE availability_slots SET book_by = starts_at - interval '2 hours' WHERE book_by IS NULL;
