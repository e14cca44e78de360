-- A statement's ledger rows may move several campaigns' balances (a batch of processors' events): take the
-- balances' row locks in campaign order first, so that two such statements wait for each other, never deadlock.
CREATE OR REPLACE FUNCTION ledger_apply_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An UPDATE, not an upsert: CHECK constraints are tested on an upsert's proposed row, not on the sum.
  INSERT INTO ledger_balances (campaign_id) SELECT DISTINCT campaign_id FROM entries ORDER BY campaign_id ON CONFLICT (campaign_id) DO NOTHING;
  -- The balances in campaign order, as every statement takes them: two that move the same campaigns wait for each
  -- other rather than deadlock.
  PERFORM 1 FROM ledger_balances WHERE campaign_id IN (SELECT campaign_id FROM entries) ORDER BY campaign_id FOR UPDATE;
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
END $$;
