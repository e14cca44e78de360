ALTER TABLE "fundraiser_revisions" DROP CONSTRAINT "fundraiser_revisions_status_known";--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD COLUMN "plan_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "medical_reviews" ADD COLUMN "attested_plan_version" integer;--> statement-breakpoint
ALTER TABLE "medical_reviews" ADD COLUMN "ended_title" text;--> statement-breakpoint
UPDATE "campaigns" SET "slug" = 'fundraiser-' || "slug" WHERE "slug" ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_slug_not_id" CHECK ("campaigns"."slug" !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$');--> statement-breakpoint
ALTER TABLE "fundraiser_revisions" ADD CONSTRAINT "fundraiser_revisions_status_known" CHECK (status in ('pending', 'approved', 'refused', 'withdrawn', 'replaced'));--> statement-breakpoint
-- Attestations made before plan versions existed were of the plan as it stands (a change withdrew them).
UPDATE "medical_reviews" SET "attested_plan_version" = 1 WHERE "attested_plan" IS NOT NULL;--> statement-breakpoint
UPDATE "medical_reviews" m SET "ended_title" = f."title" FROM "fundraisers" f WHERE f."id" = m."fundraiser_id" AND m."ended_at" IS NOT NULL;--> statement-breakpoint
-- A decided-on row's version moves with every update that changes it (the columns named as the trigger's arguments
-- aside: bookkeeping no decider reads), so a decision can name the version it was made on (decision 010).
CREATE FUNCTION bump_row_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.version = OLD.version
     AND (to_jsonb(NEW) - 'version' - TG_ARGV) IS DISTINCT FROM (to_jsonb(OLD) - 'version' - TG_ARGV) THEN
    NEW.version := OLD.version + 1;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER fundraisers_version BEFORE UPDATE ON "fundraisers" FOR EACH ROW EXECUTE FUNCTION bump_row_version('updated_at');--> statement-breakpoint
CREATE TRIGGER stories_version BEFORE UPDATE ON "stories" FOR EACH ROW EXECUTE FUNCTION bump_row_version('updated_at');--> statement-breakpoint
CREATE TRIGGER expenses_version BEFORE UPDATE ON "expenses" FOR EACH ROW EXECUTE FUNCTION bump_row_version('updated_at');--> statement-breakpoint
CREATE TRIGGER donations_version BEFORE UPDATE ON "donations" FOR EACH ROW EXECUTE FUNCTION bump_row_version('receipt_sent_at');
