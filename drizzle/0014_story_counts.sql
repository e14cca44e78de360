CREATE TABLE "story_counts" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"public_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "story_counts_one_row" CHECK ("story_counts"."id")
);
--> statement-breakpoint
-- Whether a story row is public: the same test as isPublicStory in src/server/db/queries/stories.ts.
CREATE OR REPLACE FUNCTION story_is_public(published_at timestamptz, hidden_at timestamptz, publish_consent boolean, status text)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT published_at IS NOT NULL AND hidden_at IS NULL AND publish_consent AND status <> 'archived'
$$;--> statement-breakpoint
-- Every insert, update and delete of a story moves the public count by what it changed, in its own transaction.
CREATE OR REPLACE FUNCTION stories_count_public() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND story_is_public(OLD.published_at, OLD.hidden_at, OLD.publish_consent, OLD.status) THEN
    delta := delta - 1;
  END IF;
  IF TG_OP <> 'DELETE' AND story_is_public(NEW.published_at, NEW.hidden_at, NEW.publish_consent, NEW.status) THEN
    delta := delta + 1;
  END IF;
  -- No row until the first public story, so an empty database has empty tables (a restore needs that).
  IF delta <> 0 THEN
    INSERT INTO story_counts (id, public_count) VALUES (true, delta)
      ON CONFLICT (id) DO UPDATE SET public_count = story_counts.public_count + delta;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION stories_count_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM story_counts;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "stories_count_public" AFTER INSERT OR UPDATE OR DELETE ON "stories"
  FOR EACH ROW EXECUTE FUNCTION stories_count_public();--> statement-breakpoint
CREATE TRIGGER "stories_count_truncated" AFTER TRUNCATE ON "stories"
  FOR EACH STATEMENT EXECUTE FUNCTION stories_count_truncated();--> statement-breakpoint
INSERT INTO "story_counts" ("public_count")
  SELECT count(*) FROM "stories" WHERE story_is_public(published_at, hidden_at, publish_consent, status)
  HAVING count(*) > 0;
