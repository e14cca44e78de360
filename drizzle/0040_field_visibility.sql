CREATE TABLE "profile_field_visibility" (
	"user_id" uuid NOT NULL,
	"field" text NOT NULL,
	"visibility" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_field_visibility_user_id_field_pk" PRIMARY KEY("user_id","field"),
	CONSTRAINT "profile_field_visibility_field" CHECK ("profile_field_visibility"."field" in ('medicalCondition', 'symptoms', 'treatmentGoals', 'urgencyLevel', 'preferredContactMethod')),
	CONSTRAINT "profile_field_visibility_visibility" CHECK ("profile_field_visibility"."visibility" in ('only-me', 'members', 'public'))
);
--> statement-breakpoint
ALTER TABLE "profile_field_visibility" ADD CONSTRAINT "profile_field_visibility_user_id_patient_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."patient_profiles"("user_id") ON DELETE cascade ON UPDATE no action;