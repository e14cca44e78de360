CREATE TABLE "health_data_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"policy_version" text NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "health_data_consents_kind" CHECK ("health_data_consents"."kind" in ('collect', 'share')),
	CONSTRAINT "health_data_consents_withdrawn_after_given" CHECK ("health_data_consents"."withdrawn_at" is null or "health_data_consents"."withdrawn_at" >= "health_data_consents"."given_at")
);
--> statement-breakpoint
ALTER TABLE "health_data_consents" ADD CONSTRAINT "health_data_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "health_data_consents_user_idx" ON "health_data_consents" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "health_data_consents_one_standing_uq" ON "health_data_consents" USING btree ("user_id","kind") WHERE "health_data_consents"."withdrawn_at" is null;