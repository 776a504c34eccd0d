-- The ledger (docs/payouts.md). Every movement of money is one entry whose lines sum to zero per currency, checked by
-- the database when the transaction commits; entries and lines are append-only like the audit log (a reversal is a
-- new entry). Payments' ledger entries are written by a trigger on payments in the same transaction as the status
-- change, whichever code path makes it; payouts post theirs through ledger_post() in their own transactions.

-- An account by kind, owner and currency, made on first use.
CREATE OR REPLACE FUNCTION ledger_account(p_kind text, p_provider uuid, p_gateway text, p_currency text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  k text := p_kind || ':' || coalesce(p_provider::text, p_gateway, '-') || ':' || p_currency;
  v bigint;
BEGIN
  SELECT id INTO v FROM ledger_accounts WHERE key = k;
  IF v IS NULL THEN
    INSERT INTO ledger_accounts (key, kind, provider_id, gateway, currency)
      VALUES (k, p_kind, p_provider, p_gateway, p_currency)
      ON CONFLICT (key) DO NOTHING RETURNING id INTO v;
    IF v IS NULL THEN
      SELECT id INTO v FROM ledger_accounts WHERE key = k;
    END IF;
  END IF;
  RETURN v;
END;
$$;
--> statement-breakpoint
-- Posts one entry once (by ref): p_lines is [{"account": id, "amount": minor, "currency": "GBP"}, ...], debits
-- positive. Zero lines are left out. Answers the entry id, or null when ref was already posted.
CREATE OR REPLACE FUNCTION ledger_post(p_kind text, p_ref text, p_booking uuid, p_payment uuid, p_payout uuid,
  p_description text, p_at timestamptz, p_lines jsonb) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v bigint;
BEGIN
  INSERT INTO ledger_entries (kind, ref, booking_id, payment_id, payout_id, description, created_at)
    VALUES (p_kind, p_ref, p_booking, p_payment, p_payout, p_description, p_at)
    ON CONFLICT (ref) DO NOTHING RETURNING id INTO v;
  IF v IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO ledger_lines (entry_id, account_id, amount_minor, currency)
    SELECT v, (l->>'account')::bigint, (l->>'amount')::bigint, l->>'currency'
    FROM jsonb_array_elements(p_lines) AS l WHERE (l->>'amount')::bigint <> 0;
  RETURN v;
END;
$$;
--> statement-breakpoint
-- Each entry sums to zero per currency, checked at commit (deferred), so an entry's lines may be written one by one.
CREATE OR REPLACE FUNCTION ledger_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad text;
BEGIN
  SELECT currency INTO bad FROM ledger_lines WHERE entry_id = NEW.entry_id
    GROUP BY currency HAVING sum(amount_minor) <> 0 LIMIT 1;
  IF bad IS NOT NULL THEN
    RAISE EXCEPTION 'ledger entry % does not sum to zero in %', NEW.entry_id, bad USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_lines_balanced AFTER INSERT ON ledger_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entry_balanced();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: post a reversing entry instead' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_lines_no_update BEFORE UPDATE OR DELETE ON ledger_lines
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_lines_no_truncate BEFORE TRUNCATE ON ledger_lines
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
-- The entries a payment in its current status needs, each posted once. `was_booked`: the payment paid for a booking
-- (it was COMPLETED), so its money is the provider's; otherwise it was taken for a slot that was lost and is owed back.
--   capture (booked):    gateway cash +G, provider pending -(G-F), platform fees -F
--   capture (lost slot): gateway cash +G, refunds due -G
--   refund decided:      provider pending (or available once released) +(G-F), platform fees +F, refunds due -G
--   refund sent:         refunds due +G, gateway cash -G
CREATE OR REPLACE FUNCTION ledger_payment_entries(p payments, was_booked boolean, p_at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  prov uuid;
  fee bigint := least(p.platform_fee_minor, p.amount_minor);
  cash bigint := ledger_account('gateway_cash', NULL, p.gateway, p.currency);
  due bigint;
  side bigint;
BEGIN
  SELECT provider_id INTO prov FROM bookings WHERE id = p.booking_id;
  IF p.status NOT IN ('COMPLETED', 'REFUND_PENDING', 'REFUNDED') THEN
    RETURN;
  END IF;
  IF was_booked OR p.status = 'COMPLETED' THEN
    PERFORM ledger_post('capture', 'capture:' || p.id, p.booking_id, p.id, NULL, 'Payment for the appointment', p_at,
      jsonb_build_array(
        jsonb_build_object('account', cash, 'amount', p.amount_minor, 'currency', p.currency),
        jsonb_build_object('account', ledger_account('provider_pending', prov, NULL, p.currency), 'amount', -(p.amount_minor - fee), 'currency', p.currency),
        jsonb_build_object('account', ledger_account('platform_fees', NULL, NULL, p.currency), 'amount', -fee, 'currency', p.currency)));
    IF p.status = 'COMPLETED' THEN
      RETURN;
    END IF;
    side := CASE WHEN EXISTS (SELECT 1 FROM ledger_entries WHERE ref = 'release:' || p.booking_id)
      THEN ledger_account('provider_available', prov, NULL, p.currency)
      ELSE ledger_account('provider_pending', prov, NULL, p.currency) END;
    due := ledger_account('refunds_due', NULL, NULL, p.currency);
    PERFORM ledger_post('refund', 'refund:' || p.id, p.booking_id, p.id, NULL, 'Refund to the patient', p_at,
      jsonb_build_array(
        jsonb_build_object('account', side, 'amount', p.amount_minor - fee, 'currency', p.currency),
        jsonb_build_object('account', ledger_account('platform_fees', NULL, NULL, p.currency), 'amount', fee, 'currency', p.currency),
        jsonb_build_object('account', due, 'amount', -p.amount_minor, 'currency', p.currency)));
  ELSE
    due := ledger_account('refunds_due', NULL, NULL, p.currency);
    PERFORM ledger_post('capture', 'capture:' || p.id, p.booking_id, p.id, NULL, 'Payment for a slot that was lost, owed back', p_at,
      jsonb_build_array(
        jsonb_build_object('account', cash, 'amount', p.amount_minor, 'currency', p.currency),
        jsonb_build_object('account', due, 'amount', -p.amount_minor, 'currency', p.currency)));
  END IF;
  IF p.status = 'REFUNDED' THEN
    PERFORM ledger_post('refund_sent', 'refund_sent:' || p.id, p.booking_id, p.id, NULL, 'Refund sent through the gateway', p_at,
      jsonb_build_array(
        jsonb_build_object('account', ledger_account('refunds_due', NULL, NULL, p.currency), 'amount', p.amount_minor, 'currency', p.currency),
        jsonb_build_object('account', cash, 'amount', -p.amount_minor, 'currency', p.currency)));
  END IF;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_on_payment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.status IS NOT DISTINCT FROM OLD.status THEN
    RETURN NEW;
  END IF;
  PERFORM ledger_payment_entries(NEW,
    (TG_OP = 'UPDATE' AND OLD.status = 'COMPLETED') OR EXISTS (
      SELECT 1 FROM ledger_entries e JOIN ledger_lines l ON l.entry_id = e.id JOIN ledger_accounts a ON a.id = l.account_id
      WHERE e.ref = 'capture:' || NEW.id AND a.kind = 'provider_pending'),
    now());
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payments_ledger AFTER INSERT OR UPDATE OF status ON payments
  FOR EACH ROW EXECUTE FUNCTION ledger_on_payment();
--> statement-breakpoint
-- Money becomes available 24 hours after the appointment's end: each booking whose pending share is not zero by then
-- moves to available in one 'release' entry. The booking's payments are locked first and its pending share read again,
-- so a refund being decided at the same moment is either wholly before the release or wholly after it (then it is taken
-- from available). Bookings in a fixed order, so two workers never deadlock. Answers how many bookings were released.
CREATE OR REPLACE FUNCTION ledger_release_due(p_now timestamptz) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  r record;
  amount bigint;
  n integer := 0;
BEGIN
  FOR r IN
    SELECT e.booking_id, a.provider_id, a.currency
    FROM ledger_lines l
      JOIN ledger_accounts a ON a.id = l.account_id AND a.kind = 'provider_pending'
      JOIN ledger_entries e ON e.id = l.entry_id
      JOIN bookings b ON b.id = e.booking_id
      JOIN availability_slots s ON s.id = b.slot_id
    WHERE s.ends_at + interval '24 hours' <= p_now
      AND NOT EXISTS (SELECT 1 FROM ledger_entries x WHERE x.ref = 'release:' || e.booking_id)
    GROUP BY e.booking_id, a.provider_id, a.currency
    HAVING sum(l.amount_minor) <> 0
    ORDER BY e.booking_id
  LOOP
    PERFORM 1 FROM payments WHERE booking_id = r.booking_id ORDER BY id FOR UPDATE;
    SELECT -coalesce(sum(l.amount_minor), 0) INTO amount
      FROM ledger_lines l
        JOIN ledger_accounts a ON a.id = l.account_id AND a.kind = 'provider_pending' AND a.provider_id = r.provider_id AND a.currency = r.currency
        JOIN ledger_entries e ON e.id = l.entry_id
      WHERE e.booking_id = r.booking_id;
    CONTINUE WHEN amount = 0;
    IF ledger_post('release', 'release:' || r.booking_id, r.booking_id, NULL, NULL, 'Available to pay out', p_now,
      jsonb_build_array(
        jsonb_build_object('account', ledger_account('provider_pending', r.provider_id, NULL, r.currency), 'amount', amount, 'currency', r.currency),
        jsonb_build_object('account', ledger_account('provider_available', r.provider_id, NULL, r.currency), 'amount', -amount, 'currency', r.currency))) IS NOT NULL THEN
      n := n + 1;
    END IF;
  END LOOP;
  RETURN n;
END;
$$;
--> statement-breakpoint
-- Existing payments enter the ledger at their own dates, with the default fee (500 basis points). A refunded payment
-- counts as a booked one when its booking was booked or cancelled after booking (a lost slot's booking never was).
UPDATE payments p SET platform_fee_minor = least(p.amount_minor, round(p.amount_minor * 500 / 10000.0)::integer)
  WHERE p.status IN ('COMPLETED', 'REFUND_PENDING', 'REFUNDED')
    AND EXISTS (SELECT 1 FROM bookings b WHERE b.id = p.booking_id
      AND b.status IN ('Booked', 'Completed', 'No Show', 'Cancelled by Patient', 'Cancelled by Doctor'));
--> statement-breakpoint
SELECT ledger_payment_entries(p, b.status IN ('Booked', 'Completed', 'No Show', 'Cancelled by Patient', 'Cancelled by Doctor'), p.created_at)
  FROM payments p JOIN bookings b ON b.id = p.booking_id
  WHERE p.status IN ('COMPLETED', 'REFUND_PENDING', 'REFUNDED')
  ORDER BY p.created_at;
