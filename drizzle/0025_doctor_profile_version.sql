ALTER TABLE "doctor_profiles" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- A verification names the profile version its manager read (decision 010); updated_at is bookkeeping.
CREATE TRIGGER doctor_profiles_version BEFORE UPDATE ON "doctor_profiles" FOR EACH ROW EXECUTE FUNCTION bump_row_version('updated_at');
