CREATE TABLE "campaign_followers" (
	"campaign_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"published_by" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense_approvals" (
	"expense_id" uuid NOT NULL,
	"approver_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_approvals_expense_id_approver_id_pk" PRIMARY KEY("expense_id","approver_id")
);
--> statement-breakpoint
CREATE TABLE "expense_documents" (
	"expense_id" uuid NOT NULL,
	"upload_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_documents_expense_id_upload_id_pk" PRIMARY KEY("expense_id","upload_id")
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"submitted_by" uuid,
	"cost_group" text NOT NULL,
	"payee" text NOT NULL,
	"payee_category" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"usd_cents" bigint NOT NULL,
	"description" text NOT NULL,
	"incurred_on" date NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"status_reason" text,
	"required_approvals" integer DEFAULT 1 NOT NULL,
	"release_method" text,
	"release_reference" text,
	"paid_on" date,
	"released_by" uuid,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_amount_positive" CHECK ("expenses"."amount_cents" > 0 and "expenses"."usd_cents" > 0),
	CONSTRAINT "expenses_required_approvals" CHECK ("expenses"."required_approvals" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "ledger_balances" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"raised_cents" bigint DEFAULT 0 NOT NULL,
	"released_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_balances_held_nonnegative" CHECK ("ledger_balances"."raised_cents" - "ledger_balances"."released_cents" - "ledger_balances"."refunded_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"campaign_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"donation_id" uuid,
	"expense_id" uuid,
	"cost_group" text,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_positive" CHECK ("ledger_entries"."amount_cents" > 0),
	CONSTRAINT "ledger_entries_kind_links" CHECK (("ledger_entries"."kind" in ('donation', 'donation_void', 'refund') and "ledger_entries"."donation_id" is not null and "ledger_entries"."expense_id" is null)
        or ("ledger_entries"."kind" = 'release' and "ledger_entries"."expense_id" is not null and "ledger_entries"."cost_group" is not null and "ledger_entries"."donation_id" is null))
);
--> statement-breakpoint
CREATE TABLE "refund_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"requester_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"payment_method" text NOT NULL,
	"donated_on" date NOT NULL,
	"reference" text,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decision_note" text,
	"donation_id" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_requests_amount_positive" CHECK ("refund_requests"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_followers" ADD CONSTRAINT "campaign_followers_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_followers" ADD CONSTRAINT "campaign_followers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_versions" ADD CONSTRAINT "campaign_versions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_versions" ADD CONSTRAINT "campaign_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_approvals" ADD CONSTRAINT "expense_approvals_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_documents" ADD CONSTRAINT "expense_documents_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_documents" ADD CONSTRAINT "expense_documents_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_released_by_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_balances" ADD CONSTRAINT "ledger_balances_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_followers_uq" ON "campaign_followers" USING btree ("campaign_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_versions_campaign_version_uq" ON "campaign_versions" USING btree ("campaign_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_documents_upload_uq" ON "expense_documents" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "expenses_campaign_status_idx" ON "expenses" USING btree ("campaign_id","status","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_campaign_idx" ON "ledger_entries" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_donation_idx" ON "ledger_entries" USING btree ("donation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_release_uq" ON "ledger_entries" USING btree ("expense_id") WHERE "ledger_entries"."kind" = 'release';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_donation_once_uq" ON "ledger_entries" USING btree ("donation_id","kind") WHERE "ledger_entries"."kind" in ('donation', 'donation_void');--> statement-breakpoint
CREATE INDEX "refund_requests_status_idx" ON "refund_requests" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The ledger's rules, held by the database whatever code writes to it.
CREATE FUNCTION ledger_entries_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are immutable: record a correction as a new entry';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_change BEFORE UPDATE OR DELETE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_entries_immutable();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_immutable();
--> statement-breakpoint
-- Each entry moves the campaign's running totals. The balance row is locked by the update, so concurrent
-- entries for one campaign apply one after another, and the CHECK on ledger_balances refuses any entry that
-- would make held (raised - released - refunded) negative.
CREATE FUNCTION ledger_apply_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An UPDATE, not an upsert: CHECK constraints are tested on an upsert's proposed row, not on the sum.
  INSERT INTO ledger_balances (campaign_id) VALUES (NEW.campaign_id) ON CONFLICT (campaign_id) DO NOTHING;
  UPDATE ledger_balances SET
    raised_cents = raised_cents + CASE NEW.kind WHEN 'donation' THEN NEW.amount_cents WHEN 'donation_void' THEN -NEW.amount_cents ELSE 0 END,
    released_cents = released_cents + CASE WHEN NEW.kind = 'release' THEN NEW.amount_cents ELSE 0 END,
    refunded_cents = refunded_cents + CASE WHEN NEW.kind = 'refund' THEN NEW.amount_cents ELSE 0 END
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
CREATE TRIGGER ledger_entries_apply AFTER INSERT ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_apply_entry();
--> statement-breakpoint
-- Balances are derived: only the ledger's trigger (depth 2) may write them.
CREATE FUNCTION ledger_balances_derived() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'ledger balances are derived from ledger entries and cannot be written directly';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_balances_only_from_entries BEFORE INSERT OR UPDATE OR DELETE ON ledger_balances FOR EACH ROW EXECUTE FUNCTION ledger_balances_derived();
--> statement-breakpoint
-- A recorded donation enters the ledger, and a void leaves it, in the same statement: no code path can forget.
CREATE FUNCTION donations_to_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ledger_entries (campaign_id, kind, amount_cents, donation_id, created_by, created_at)
    VALUES (NEW.campaign_id, 'donation', NEW.usd_cents, NEW.id, NEW.recorded_by, NEW.created_at);
  ELSIF OLD.voided_at IS NULL AND NEW.voided_at IS NOT NULL THEN
    INSERT INTO ledger_entries (campaign_id, kind, amount_cents, donation_id, created_at)
    VALUES (NEW.campaign_id, 'donation_void', NEW.usd_cents, NEW.id, NEW.voided_at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION donations_amount_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.amount_cents <> OLD.amount_cents OR NEW.usd_cents <> OLD.usd_cents OR NEW.campaign_id <> OLD.campaign_id
     OR (OLD.voided_at IS NOT NULL AND NEW.voided_at IS DISTINCT FROM OLD.voided_at) THEN
    RAISE EXCEPTION 'a donation''s amount and void are fixed once recorded: void it and record it again';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER donations_fixed BEFORE UPDATE ON donations FOR EACH ROW EXECUTE FUNCTION donations_amount_fixed();
--> statement-breakpoint
CREATE TRIGGER donations_no_delete BEFORE DELETE ON donations FOR EACH ROW EXECUTE FUNCTION ledger_entries_immutable();
--> statement-breakpoint
-- Donations recorded before the ledger existed.
INSERT INTO ledger_entries (campaign_id, kind, amount_cents, donation_id, created_by, created_at)
SELECT campaign_id, 'donation', usd_cents, id, recorded_by, created_at FROM donations ORDER BY created_at;
--> statement-breakpoint
INSERT INTO ledger_entries (campaign_id, kind, amount_cents, donation_id, created_at)
SELECT campaign_id, 'donation_void', usd_cents, id, voided_at FROM donations WHERE voided_at IS NOT NULL ORDER BY voided_at;
--> statement-breakpoint
CREATE TRIGGER donations_ledger AFTER INSERT OR UPDATE OF voided_at ON donations FOR EACH ROW EXECUTE FUNCTION donations_to_ledger();
