ALTER TABLE "campaigns" ADD COLUMN "main_appeal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_main_appeal_uq" ON "campaigns" USING btree ("main_appeal") WHERE "campaigns"."main_appeal";--> statement-breakpoint
-- Until now the main appeal was the oldest campaign with a content document (decision 009); it is marked instead.
UPDATE "campaigns" SET "main_appeal" = true WHERE "id" = (
  SELECT "id" FROM "campaigns" WHERE "content" IS NOT NULL ORDER BY "created_at" LIMIT 1
);
