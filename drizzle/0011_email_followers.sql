ALTER TABLE "campaign_followers" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_followers" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_followers" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "campaign_followers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_followers" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "campaign_followers" ADD COLUMN "confirm_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_followers_email_uq" ON "campaign_followers" USING btree ("campaign_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_followers_confirm_token_uq" ON "campaign_followers" USING btree ("confirm_token_hash");--> statement-breakpoint
ALTER TABLE "campaign_followers" ADD CONSTRAINT "campaign_followers_one_kind" CHECK (("campaign_followers"."user_id" IS NULL) <> ("campaign_followers"."email" IS NULL));