ALTER TABLE "donations" ADD COLUMN "owner_thanked_at" timestamp with time zone;--> statement-breakpoint
-- Thanking a gift is bookkeeping no decider reads: it leaves the gift's version (a refund's read) where it was.
DROP TRIGGER donations_version ON "donations";--> statement-breakpoint
CREATE TRIGGER donations_version BEFORE UPDATE ON "donations" FOR EACH ROW EXECUTE FUNCTION bump_row_version('receipt_sent_at', 'owner_thanked_at');
