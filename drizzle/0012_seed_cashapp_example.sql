-- The seed's CashApp handle was "$HealingCircleEx", which does not read as an example; it is now
-- "$HealingCircleExample", so the "not ready to take gifts" check finds it on sites seeded before.
UPDATE "campaigns" SET "content" = replace(replace("content"::text,
  '"https://cash.app/$HealingCircleEx"', '"https://cash.app/$HealingCircleExample"'),
  '"Send to $HealingCircleEx"', '"Send to $HealingCircleExample"')::jsonb;
