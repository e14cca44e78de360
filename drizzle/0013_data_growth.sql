DROP INDEX "donation_intents_campaign_created_idx";--> statement-breakpoint
ALTER TABLE "ledger_balances" ADD COLUMN "donation_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "contact_messages_status_created_idx" ON "contact_messages" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "donation_intents_open_created_idx" ON "donation_intents" USING btree ("created_at") WHERE "donation_intents"."status" = 'open';--> statement-breakpoint
CREATE INDEX "donations_live_created_idx" ON "donations" USING btree ("created_at") WHERE "donations"."voided_at" is null;--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "stories_approved_idx" ON "stories" USING btree ("published_at") WHERE "stories"."published_at" is not null and "stories"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "stories_hidden_idx" ON "stories" USING btree ("hidden_at") WHERE "stories"."hidden_at" is not null;--> statement-breakpoint
-- The ledger's trigger also counts the donations that stand (a donation adds one, its void takes it back), so
-- progress reads its donor count from the balance row, kept in the same transaction, instead of counting every gift.
CREATE OR REPLACE FUNCTION ledger_apply_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An UPDATE, not an upsert: CHECK constraints are tested on an upsert's proposed row, not on the sum.
  INSERT INTO ledger_balances (campaign_id) VALUES (NEW.campaign_id) ON CONFLICT (campaign_id) DO NOTHING;
  UPDATE ledger_balances SET
    raised_cents = raised_cents + CASE NEW.kind WHEN 'donation' THEN NEW.amount_cents WHEN 'donation_void' THEN -NEW.amount_cents ELSE 0 END,
    released_cents = released_cents + CASE WHEN NEW.kind = 'release' THEN NEW.amount_cents ELSE 0 END,
    refunded_cents = refunded_cents + CASE WHEN NEW.kind = 'refund' THEN NEW.amount_cents ELSE 0 END,
    donation_count = donation_count + CASE NEW.kind WHEN 'donation' THEN 1 WHEN 'donation_void' THEN -1 ELSE 0 END
  WHERE campaign_id = NEW.campaign_id;
  -- What leaves a donation (refunds, or a void) never exceeds what came in with it.
  IF NEW.kind IN ('refund', 'donation_void') AND (
    SELECT coalesce(sum(amount_cents) FILTER (WHERE kind IN ('refund', 'donation_void')), 0)
         > coalesce(sum(amount_cents) FILTER (WHERE kind = 'donation'), 0)
    FROM ledger_entries WHERE donation_id = NEW.donation_id
  ) THEN
    RAISE EXCEPTION 'refunds exceed the donation' USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_refunds_within_donation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A gift inserted already voided leaves the ledger at once too (until now only a later void did), so raised and
-- the count always match the gifts that stand. No code path records one so, but the rule is the database's.
CREATE OR REPLACE FUNCTION donations_to_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ledger_entries (campaign_id, kind, amount_cents, donation_id, created_by, created_at)
    VALUES (NEW.campaign_id, 'donation', NEW.usd_cents, NEW.id, NEW.recorded_by, NEW.created_at);
    IF NEW.voided_at IS NOT NULL THEN
      INSERT INTO ledger_entries (campaign_id, kind, amount_cents, donation_id, created_at)
      VALUES (NEW.campaign_id, 'donation_void', NEW.usd_cents, NEW.id, NEW.voided_at);
    END IF;
  ELSIF OLD.voided_at IS NULL AND NEW.voided_at IS NOT NULL THEN
    INSERT INTO ledger_entries (campaign_id, kind, amount_cents, donation_id, created_at)
    VALUES (NEW.campaign_id, 'donation_void', NEW.usd_cents, NEW.id, NEW.voided_at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO ledger_entries (campaign_id, kind, amount_cents, donation_id, created_at)
SELECT campaign_id, 'donation_void', usd_cents, id, voided_at FROM donations d
WHERE voided_at IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.donation_id = d.id AND e.kind = 'donation_void')
ORDER BY voided_at;
--> statement-breakpoint
-- The count of the donations recorded so far. Balances are derived, so their guard steps aside for this one
-- statement (inside the migration's transaction: nobody else writes meanwhile).
ALTER TABLE "ledger_balances" DISABLE TRIGGER "ledger_balances_only_from_entries";
--> statement-breakpoint
UPDATE "ledger_balances" b SET "donation_count" = (
  SELECT count(*) FROM "donations" d WHERE d."campaign_id" = b."campaign_id" AND d."voided_at" IS NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_balances" ENABLE TRIGGER "ledger_balances_only_from_entries";
