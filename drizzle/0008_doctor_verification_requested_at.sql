ALTER TABLE "doctor_profiles" ADD COLUMN "verification_requested_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Profiles already waiting keep their place: the last change was the best record of when they entered the queue.
UPDATE "doctor_profiles" SET "verification_requested_at" = "updated_at";
