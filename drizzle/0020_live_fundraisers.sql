CREATE TABLE "fundraiser_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fundraiser_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"cost_groups" jsonb NOT NULL,
	"goal_cents" bigint NOT NULL,
	"payee" jsonb NOT NULL,
	"document_ids" jsonb NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"review_message" text,
	CONSTRAINT "fundraiser_revisions_goal_positive" CHECK ("fundraiser_revisions"."goal_cents" > 0),
	CONSTRAINT "fundraiser_revisions_status_known" CHECK (status in ('pending', 'approved', 'refused', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "fundraiser_story_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fundraiser_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"story" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"replaced_by" uuid,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fundraiser_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fundraiser_id" uuid NOT NULL,
	"author_id" uuid,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fundraiser_revisions" ADD CONSTRAINT "fundraiser_revisions_fundraiser_id_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."fundraisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraiser_revisions" ADD CONSTRAINT "fundraiser_revisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraiser_story_versions" ADD CONSTRAINT "fundraiser_story_versions_fundraiser_id_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."fundraisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraiser_story_versions" ADD CONSTRAINT "fundraiser_story_versions_replaced_by_users_id_fk" FOREIGN KEY ("replaced_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraiser_updates" ADD CONSTRAINT "fundraiser_updates_fundraiser_id_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."fundraisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraiser_updates" ADD CONSTRAINT "fundraiser_updates_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fundraiser_revisions_one_pending_uq" ON "fundraiser_revisions" USING btree ("fundraiser_id") WHERE "fundraiser_revisions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "fundraiser_revisions_fundraiser_idx" ON "fundraiser_revisions" USING btree ("fundraiser_id","proposed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fundraiser_story_versions_number_uq" ON "fundraiser_story_versions" USING btree ("fundraiser_id","version");--> statement-breakpoint
CREATE INDEX "fundraiser_updates_fundraiser_idx" ON "fundraiser_updates" USING btree ("fundraiser_id","posted_at");