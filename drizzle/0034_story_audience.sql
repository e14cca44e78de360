CREATE TABLE "content_note_mutes" (
	"user_id" uuid NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_note_mutes_user_id_note_pk" PRIMARY KEY("user_id","note")
);
--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "audience" text DEFAULT 'members' NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "content_notes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "content_note_mutes" ADD CONSTRAINT "content_note_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_audience_known" CHECK ("stories"."audience" in ('members', 'public', 'link'));--> statement-breakpoint
-- Stories written before audiences existed were published as public: they stay so (new ones default to members).
UPDATE "stories" SET "audience" = 'public';--> statement-breakpoint
-- Whether a story is listed (/stories, its total): public by isPublicStory, and not only for those with its link.
-- The same test as isListedStory in src/server/db/queries/stories.ts.
CREATE OR REPLACE FUNCTION story_is_listed(published_at timestamptz, hidden_at timestamptz, publish_consent boolean, status text, audience text)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT story_is_public(published_at, hidden_at, publish_consent, status) AND audience <> 'link'
$$;--> statement-breakpoint
-- The public list's running count (migration 0014) now counts listed stories: a link-only story is in no list.
CREATE OR REPLACE FUNCTION stories_count_public() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND story_is_listed(OLD.published_at, OLD.hidden_at, OLD.publish_consent, OLD.status, OLD.audience) THEN
    delta := delta - 1;
  END IF;
  IF TG_OP <> 'DELETE' AND story_is_listed(NEW.published_at, NEW.hidden_at, NEW.publish_consent, NEW.status, NEW.audience) THEN
    delta := delta + 1;
  END IF;
  IF delta <> 0 THEN
    INSERT INTO story_counts (id, public_count) VALUES (true, delta)
      ON CONFLICT (id) DO UPDATE SET public_count = story_counts.public_count + delta;
  END IF;
  RETURN NULL;
END
$$;
