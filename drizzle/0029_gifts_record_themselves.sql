CREATE TABLE "payment_gifts" (
	"payment_id" uuid NOT NULL,
	"donation_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "payment_gifts_payment_id_donation_id_pk" PRIMARY KEY("payment_id","donation_id"),
	CONSTRAINT "payment_gifts_amount_positive" CHECK ("payment_gifts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"file_name" text NOT NULL,
	"imported_by" uuid,
	"row_count" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"external_id" text NOT NULL,
	"kind" text NOT NULL,
	"payment_external_id" text,
	"amount_cents" bigint NOT NULL,
	"cumulative" boolean DEFAULT false NOT NULL,
	"currency" text NOT NULL,
	"fee_cents" bigint,
	"occurred_at" timestamp with time zone NOT NULL,
	"reference" text,
	"payer_name" text,
	"payer_email" text,
	"note" text,
	"state" text NOT NULL,
	"problem" text,
	"campaign_id" uuid,
	"event_id" text,
	"event_type" text,
	"import_id" uuid,
	"payload" jsonb,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_cents" > 0),
	CONSTRAINT "payments_fee_nonnegative" CHECK ("payments"."fee_cents" is null or "payments"."fee_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "processor_deliveries" (
	"processor" text PRIMARY KEY NOT NULL,
	"last_event_at" timestamp with time zone,
	"last_event_type" text,
	"last_failure_at" timestamp with time zone,
	"last_failure" text,
	"failures_since_event" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_mappings" (
	"source" text PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_balances" DROP CONSTRAINT "ledger_balances_held_nonnegative";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_links";--> statement-breakpoint
DROP INDEX "ledger_entries_donation_once_uq";--> statement-breakpoint
ALTER TABLE "donation_intents" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "usd_fee_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_balances" ADD COLUMN "fees_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_gifts" ADD CONSTRAINT "payment_gifts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_gifts" ADD CONSTRAINT "payment_gifts_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_imports" ADD CONSTRAINT "payment_imports_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_import_id_payment_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."payment_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_mappings" ADD CONSTRAINT "statement_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_gifts_donation_idx" ON "payment_gifts" USING btree ("donation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_source_external_uq" ON "payments" USING btree ("source","external_id");--> statement-breakpoint
CREATE INDEX "payments_unmatched_idx" ON "payments" USING btree ("received_at") WHERE "payments"."state" = 'unmatched';--> statement-breakpoint
CREATE INDEX "payments_reversal_of_idx" ON "payments" USING btree ("source","payment_external_id") WHERE "payments"."payment_external_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_reference_idx" ON "payments" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "donation_intents_reference_uq" ON "donation_intents" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_donation_once_uq" ON "ledger_entries" USING btree ("donation_id","kind") WHERE "ledger_entries"."kind" in ('donation', 'donation_void', 'fee', 'fee_void');--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_fee_within_gift" CHECK ("donations"."usd_fee_cents" >= 0 and "donations"."usd_fee_cents" < "donations"."usd_cents");--> statement-breakpoint
ALTER TABLE "ledger_balances" ADD CONSTRAINT "ledger_balances_held_nonnegative" CHECK ("ledger_balances"."raised_cents" - "ledger_balances"."fees_cents" - "ledger_balances"."released_cents" - "ledger_balances"."refunded_cents" >= 0);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_links" CHECK (("ledger_entries"."kind" in ('donation', 'donation_void', 'fee', 'fee_void', 'refund') and "ledger_entries"."donation_id" is not null and "ledger_entries"."expense_id" is null)
        or ("ledger_entries"."kind" = 'release' and "ledger_entries"."expense_id" is not null and "ledger_entries"."cost_group" is not null and "ledger_entries"."donation_id" is null));--> statement-breakpoint
-- A payment decided in the inbox names the version its manager read; pruning its body is not a change of it.
CREATE TRIGGER payments_version BEFORE UPDATE ON "payments" FOR EACH ROW EXECUTE FUNCTION bump_row_version('payload');
--> statement-breakpoint
-- A processor's fee is a ledger row of its own beside its gift (and goes again with the gift's void): balances keep
-- the fees apart from raised, so held is what reached the accounts and the public ledger says the fees on their own line.
CREATE OR REPLACE FUNCTION ledger_apply_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An UPDATE, not an upsert: CHECK constraints are tested on an upsert's proposed row, not on the sum.
  INSERT INTO ledger_balances (campaign_id) VALUES (NEW.campaign_id) ON CONFLICT (campaign_id) DO NOTHING;
  UPDATE ledger_balances SET
    raised_cents = raised_cents + CASE NEW.kind WHEN 'donation' THEN NEW.amount_cents WHEN 'donation_void' THEN -NEW.amount_cents ELSE 0 END,
    fees_cents = fees_cents + CASE NEW.kind WHEN 'fee' THEN NEW.amount_cents WHEN 'fee_void' THEN -NEW.amount_cents ELSE 0 END,
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
CREATE OR REPLACE FUNCTION donations_to_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ledger_entries (campaign_id, kind, amount_cents, donation_id, created_by, created_at)
    VALUES (NEW.campaign_id, 'donation', NEW.usd_cents, NEW.id, NEW.recorded_by, NEW.created_at);
    IF NEW.usd_fee_cents > 0 THEN
      INSERT INTO ledger_entries (campaign_id, kind, amount_cents, donation_id, created_by, created_at)
      VALUES (NEW.campaign_id, 'fee', NEW.usd_fee_cents, NEW.id, NEW.recorded_by, NEW.created_at);
    END IF;
  END IF;
  IF NEW.voided_at IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.voided_at IS NULL) THEN
    -- The fee first: held never dips below zero between the two rows.
    IF NEW.usd_fee_cents > 0 THEN
      INSERT INTO ledger_entries (campaign_id, kind, amount_cents, donation_id, created_at)
      VALUES (NEW.campaign_id, 'fee_void', NEW.usd_fee_cents, NEW.id, NEW.voided_at);
    END IF;
    INSERT INTO ledger_entries (campaign_id, kind, amount_cents, donation_id, created_at)
    VALUES (NEW.campaign_id, 'donation_void', NEW.usd_cents, NEW.id, NEW.voided_at);
  END IF;
  RETURN NULL;
END $$;
