CREATE TABLE "fundraiser_documents" (
	"fundraiser_id" uuid NOT NULL,
	"upload_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fundraiser_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fundraiser_id" uuid NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fundraisers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" text,
	"story" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cost_groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"goal_cents" bigint DEFAULT 0 NOT NULL,
	"payee" jsonb,
	"review_message" text,
	"campaign_id" uuid,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fundraisers_campaign_id_unique" UNIQUE("campaign_id"),
	CONSTRAINT "fundraisers_goal_not_negative" CHECK ("fundraisers"."goal_cents" >= 0),
	CONSTRAINT "fundraisers_status_known" CHECK (status in ('draft', 'in_review', 'changes_requested', 'live', 'rejected', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "fundraiser_documents" ADD CONSTRAINT "fundraiser_documents_fundraiser_id_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."fundraisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraiser_documents" ADD CONSTRAINT "fundraiser_documents_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraiser_events" ADD CONSTRAINT "fundraiser_events_fundraiser_id_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."fundraisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraiser_events" ADD CONSTRAINT "fundraiser_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD CONSTRAINT "fundraisers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD CONSTRAINT "fundraisers_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fundraiser_documents_upload_uq" ON "fundraiser_documents" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "fundraiser_documents_fundraiser_idx" ON "fundraiser_documents" USING btree ("fundraiser_id");--> statement-breakpoint
CREATE INDEX "fundraiser_events_fundraiser_idx" ON "fundraiser_events" USING btree ("fundraiser_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fundraisers_one_open_per_owner_uq" ON "fundraisers" USING btree ("owner_id") WHERE "fundraisers"."status" not in ('rejected', 'closed');--> statement-breakpoint
CREATE INDEX "fundraisers_status_submitted_idx" ON "fundraisers" USING btree ("status","submitted_at");