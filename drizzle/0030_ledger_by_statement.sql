-- The ledger's rows and balances, kept by statement rather than by row: a statement that records many gifts at once
-- (a batch of processors' events, a statement's import) writes their ledger rows in one INSERT and moves each
-- campaign's balance once, with the same sums, the same checks and the same guard on direct writes. A gift alone
-- costs no more than before.
CREATE FUNCTION donations_enter_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_entries (campaign_id, kind, amount_cents, donation_id, created_by, created_at)
  SELECT d.campaign_id, e.kind, e.amount_cents, d.id, e.created_by, e.created_at
  FROM added d CROSS JOIN LATERAL (VALUES
    (1, 'donation', d.usd_cents, d.recorded_by, d.created_at),
    (2, 'fee', d.usd_fee_cents, d.recorded_by, d.created_at),
    (3, 'fee_void', d.usd_fee_cents, NULL, d.voided_at),
    (4, 'donation_void', d.usd_cents, NULL, d.voided_at)
  ) AS e(step, kind, amount_cents, created_by, created_at)
  WHERE e.kind = 'donation'
     OR (e.kind = 'fee' AND d.usd_fee_cents > 0)
     OR (e.kind = 'fee_void' AND d.voided_at IS NOT NULL AND d.usd_fee_cents > 0)
     OR (e.kind = 'donation_void' AND d.voided_at IS NOT NULL)
  ORDER BY d.created_at, d.id, e.step;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A void leaves the ledger in the same statement; the fee first, as before.
CREATE OR REPLACE FUNCTION donations_to_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.voided_at IS NULL AND NEW.voided_at IS NOT NULL THEN
    IF NEW.usd_fee_cents > 0 THEN
      INSERT INTO ledger_entries (campaign_id, kind, amount_cents, donation_id, created_at)
      VALUES (NEW.campaign_id, 'fee_void', NEW.usd_fee_cents, NEW.id, NEW.voided_at);
    END IF;
    INSERT INTO ledger_entries (campaign_id, kind, amount_cents, donation_id, created_at)
    VALUES (NEW.campaign_id, 'donation_void', NEW.usd_cents, NEW.id, NEW.voided_at);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION ledger_apply_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An UPDATE, not an upsert: CHECK constraints are tested on an upsert's proposed row, not on the sum.
  INSERT INTO ledger_balances (campaign_id) SELECT DISTINCT campaign_id FROM entries ON CONFLICT (campaign_id) DO NOTHING;
  UPDATE ledger_balances b SET
    raised_cents = b.raised_cents + s.raised,
    fees_cents = b.fees_cents + s.fees,
    released_cents = b.released_cents + s.released,
    refunded_cents = b.refunded_cents + s.refunded,
    donation_count = b.donation_count + s.donations
  FROM (
    SELECT campaign_id,
      sum(CASE kind WHEN 'donation' THEN amount_cents WHEN 'donation_void' THEN -amount_cents ELSE 0 END) AS raised,
      sum(CASE kind WHEN 'fee' THEN amount_cents WHEN 'fee_void' THEN -amount_cents ELSE 0 END) AS fees,
      sum(CASE WHEN kind = 'release' THEN amount_cents ELSE 0 END) AS released,
      sum(CASE WHEN kind = 'refund' THEN amount_cents ELSE 0 END) AS refunded,
      sum(CASE kind WHEN 'donation' THEN 1 WHEN 'donation_void' THEN -1 ELSE 0 END) AS donations
    FROM entries GROUP BY campaign_id
  ) s
  WHERE b.campaign_id = s.campaign_id;
  -- What leaves a donation (refunds, or a void) never exceeds what came in with it.
  IF EXISTS (
    SELECT 1 FROM ledger_entries l
    WHERE l.donation_id IN (SELECT donation_id FROM entries WHERE kind IN ('refund', 'donation_void'))
    GROUP BY l.donation_id
    HAVING coalesce(sum(l.amount_cents) FILTER (WHERE l.kind IN ('refund', 'donation_void')), 0)
         > coalesce(sum(l.amount_cents) FILTER (WHERE l.kind = 'donation'), 0)
  ) THEN
    RAISE EXCEPTION 'refunds exceed the donation' USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_refunds_within_donation';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER ledger_entries_apply ON ledger_entries;--> statement-breakpoint
DROP FUNCTION ledger_apply_entry();--> statement-breakpoint
CREATE TRIGGER ledger_entries_apply AFTER INSERT ON ledger_entries REFERENCING NEW TABLE AS entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_apply_entries();--> statement-breakpoint
DROP TRIGGER donations_ledger ON donations;--> statement-breakpoint
CREATE TRIGGER donations_ledger AFTER INSERT ON donations REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION donations_enter_ledger();--> statement-breakpoint
CREATE TRIGGER donations_ledger_void AFTER UPDATE OF voided_at ON donations FOR EACH ROW EXECUTE FUNCTION donations_to_ledger();
