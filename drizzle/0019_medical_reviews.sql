CREATE TABLE "medical_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fundraiser_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"note" text,
	"no_conflict_declared_at" timestamp with time zone,
	"attested_plan" jsonb,
	"ended_reason" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "medical_reviews_status_known" CHECK (status in ('requested', 'attested', 'declined', 'withdrawn', 'revoked')),
	CONSTRAINT "medical_reviews_attested_declared" CHECK ("medical_reviews"."status" <> 'attested' or ("medical_reviews"."no_conflict_declared_at" is not null and "medical_reviews"."note" is not null))
);
--> statement-breakpoint
ALTER TABLE "medical_reviews" ADD CONSTRAINT "medical_reviews_fundraiser_id_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."fundraisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_reviews" ADD CONSTRAINT "medical_reviews_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "medical_reviews_one_open_per_fundraiser_uq" ON "medical_reviews" USING btree ("fundraiser_id") WHERE "medical_reviews"."status" in ('requested', 'attested');--> statement-breakpoint
CREATE INDEX "medical_reviews_fundraiser_idx" ON "medical_reviews" USING btree ("fundraiser_id","requested_at");--> statement-breakpoint
CREATE INDEX "medical_reviews_doctor_idx" ON "medical_reviews" USING btree ("doctor_id","requested_at");