-- The seed's CashApp handle was "$HealingCircleEx", which does not read as an example; it is now
-- "$HealingCircleExample" on sites seeded before. Versions that can be restored keep it: the "not ready to take
-- gifts" check knows the old handle too (src/shared/placeholders.ts).
UPDATE "campaigns" SET "content" = replace(replace("content"::text,
  '"https://cash.app/$HealingCircleEx"', '"https://cash.app/$HealingCircleExample"'),
  '"Send to $HealingCircleEx"', '"Send to $HealingCircleExample"')::jsonb;
