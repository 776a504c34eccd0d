-- The audit log is append-only (docs/staff-admin.md, Audit log): rows are inserted, never changed or removed, whoever
-- holds the database connection the application uses.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
-- Every refund writes an audit row, in the same transaction as the payment's change to REFUNDED, whichever code path
-- (refund worker, gateway event) makes it.
CREATE OR REPLACE FUNCTION audit_payment_refund() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'REFUNDED' AND OLD.status IS DISTINCT FROM 'REFUNDED' THEN
    INSERT INTO audit_log (actor_type, action, entity_type, entity_id, before, after, detail)
    VALUES ('system', 'payment.refund', 'payment', NEW.id::text,
      jsonb_build_object('status', OLD.status),
      jsonb_build_object('status', NEW.status, 'refund_id', NEW.refund_id),
      jsonb_build_object('booking_id', NEW.booking_id, 'amount_minor', NEW.amount_minor, 'currency', NEW.currency));
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payments_refund_audit AFTER UPDATE OF status ON payments
  FOR EACH ROW EXECUTE FUNCTION audit_payment_refund();
