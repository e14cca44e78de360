-- One name for one way to give: the donate page says "Buy Me a Coffee" and gifts and refund requests were recorded
-- as "Buy Me Coffee" (the spec's admin list). Both now use the donate page's. A gift whose reference is already
-- recorded under the new name keeps the old one (the method and reference pair is unique); none is, in practice.
UPDATE "donations" AS "d" SET "payment_method" = 'Buy Me a Coffee'
WHERE "d"."payment_method" = 'Buy Me Coffee'
  AND NOT EXISTS (
    SELECT 1 FROM "donations" AS "o"
    WHERE "o"."payment_method" = 'Buy Me a Coffee' AND "o"."external_reference" = "d"."external_reference"
  );
--> statement-breakpoint
UPDATE "refund_requests" SET "payment_method" = 'Buy Me a Coffee' WHERE "payment_method" = 'Buy Me Coffee';
