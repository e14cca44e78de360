ALTER TABLE "donation_intents" ADD COLUMN "donor_name" text;--> statement-breakpoint
ALTER TABLE "donation_intents" ADD COLUMN "donor_email" text;--> statement-breakpoint
ALTER TABLE "donation_intents" ADD COLUMN "show_publicly" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "donor_email" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "show_publicly" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "message_hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "receipt_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "donations_donor_email_idx" ON "donations" USING btree (lower("donor_email"));--> statement-breakpoint
-- The supporters the page shows now come from recorded donations; the hand-typed ones leave the content.
UPDATE "campaigns" SET "content" = "content" - 'supporters';--> statement-breakpoint
UPDATE "campaign_versions" SET "content" = "content" - 'supporters';
