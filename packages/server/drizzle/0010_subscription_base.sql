ALTER TABLE "subscriptions" ADD COLUMN "base_content" text;--> statement-breakpoint
-- The base of every subscription so far is the version it last accepted (decision 098).
UPDATE "subscriptions" SET "base_content" = "shared_item_versions"."content"
FROM "shared_item_versions"
WHERE "shared_item_versions"."shared_item_id" = "subscriptions"."shared_item_id"
  AND "shared_item_versions"."version" = "subscriptions"."subscribed_version";
