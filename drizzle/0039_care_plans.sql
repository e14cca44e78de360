CREATE TABLE "care_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"day" date NOT NULL,
	"helper_id" uuid NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unclaimed_at" timestamp with time zone,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "care_plan_circle" (
	"plan_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"via" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_plan_circle_plan_id_user_id_pk" PRIMARY KEY("plan_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "care_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"time_zone" text NOT NULL,
	"audience" text DEFAULT 'circle' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"dietary_needs" text DEFAULT '' NOT NULL,
	"allergies" text DEFAULT '' NOT NULL,
	"no_meals_until" date,
	"unclaim_cutoff_hours" integer DEFAULT 24 NOT NULL,
	"share_token" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_plans_patient_id_unique" UNIQUE("patient_id"),
	CONSTRAINT "care_plans_share_token_unique" UNIQUE("share_token")
);
--> statement-breakpoint
CREATE TABLE "care_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"starts_on" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text,
	"repeat" text DEFAULT 'once' NOT NULL,
	"repeat_until" date,
	"helpers_needed" integer NOT NULL,
	"place" text DEFAULT 'home' NOT NULL,
	"pickup_place" text DEFAULT '' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_requests_helpers_positive" CHECK ("care_requests"."helpers_needed" > 0)
);
--> statement-breakpoint
ALTER TABLE "care_claims" ADD CONSTRAINT "care_claims_request_id_care_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."care_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_claims" ADD CONSTRAINT "care_claims_helper_id_users_id_fk" FOREIGN KEY ("helper_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_plan_circle" ADD CONSTRAINT "care_plan_circle_plan_id_care_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."care_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_plan_circle" ADD CONSTRAINT "care_plan_circle_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_plans" ADD CONSTRAINT "care_plans_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_requests" ADD CONSTRAINT "care_requests_plan_id_care_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."care_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "care_claims_standing_uq" ON "care_claims" USING btree ("request_id","day","helper_id") WHERE "care_claims"."unclaimed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "care_claims_helper_idx" ON "care_claims" USING btree ("helper_id");--> statement-breakpoint
CREATE INDEX "care_plan_circle_user_idx" ON "care_plan_circle" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "care_requests_plan_idx" ON "care_requests" USING btree ("plan_id");