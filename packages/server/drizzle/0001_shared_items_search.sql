ALTER TABLE "shared_items" ADD COLUMN "block_type" text DEFAULT 'STATIC' NOT NULL;--> statement-breakpoint
ALTER TABLE "shared_items" ADD COLUMN "block_color" varchar(50);--> statement-breakpoint
ALTER TABLE "shared_items" ADD COLUMN "block_category" varchar(255);--> statement-breakpoint
CREATE INDEX "shared_items_search_idx" ON "shared_items" USING gin ((to_tsvector('simple', "name" || ' ' || coalesce("description", '')) || array_to_tsvector("tags")));--> statement-breakpoint
CREATE INDEX "shared_items_tags_idx" ON "shared_items" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "shared_items_visibility_created_idx" ON "shared_items" USING btree ("visibility","created_at");--> statement-breakpoint
CREATE INDEX "shared_items_visibility_likes_idx" ON "shared_items" USING btree ("visibility","like_count");--> statement-breakpoint
CREATE INDEX "shared_items_visibility_downloads_idx" ON "shared_items" USING btree ("visibility","download_count");--> statement-breakpoint
CREATE INDEX "subscriptions_shared_item_idx" ON "subscriptions" USING btree ("shared_item_id");