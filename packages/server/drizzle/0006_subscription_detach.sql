ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_shared_item_id_shared_items_id_fk";
--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "shared_item_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "detached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "detached_reason" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_shared_item_id_shared_items_id_fk" FOREIGN KEY ("shared_item_id") REFERENCES "public"."shared_items"("id") ON DELETE set null ON UPDATE no action;