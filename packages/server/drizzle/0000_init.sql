CREATE TABLE "blocks" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" text,
	"content" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"color" varchar(50),
	"category" varchar(255),
	"is_system_block" boolean DEFAULT false NOT NULL,
	"system_behavior" text DEFAULT 'NONE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "composition_blocks" (
	"composition_id" text NOT NULL,
	"order" integer NOT NULL,
	"block_id" text NOT NULL,
	CONSTRAINT "composition_blocks_composition_id_order_pk" PRIMARY KEY("composition_id","order")
);
--> statement-breakpoint
CREATE TABLE "compositions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"global_ignore_patterns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "likes" (
	"user_id" text NOT NULL,
	"shared_item_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "likes_user_id_shared_item_id_pk" PRIMARY KEY("user_id","shared_item_id")
);
--> statement-breakpoint
CREATE TABLE "shared_item_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"shared_item_id" text NOT NULL,
	"version" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"content" text NOT NULL,
	"version_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_items" (
	"id" text PRIMARY KEY NOT NULL,
	"author_id" text NOT NULL,
	"source_block_id" text,
	"item_type" text DEFAULT 'BLOCK' NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" text,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"visibility" text NOT NULL,
	"share_token" text,
	"expires_at" timestamp with time zone,
	"current_version" integer DEFAULT 1 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"shared_item_id" text NOT NULL,
	"local_block_id" text NOT NULL,
	"subscribed_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unlisted_access" (
	"user_id" text NOT NULL,
	"shared_item_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unlisted_access_user_id_shared_item_id_pk" PRIMARY KEY("user_id","shared_item_id")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"family_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"avatar_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "composition_blocks" ADD CONSTRAINT "composition_blocks_composition_id_compositions_id_fk" FOREIGN KEY ("composition_id") REFERENCES "public"."compositions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "composition_blocks" ADD CONSTRAINT "composition_blocks_block_id_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compositions" ADD CONSTRAINT "compositions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_shared_item_id_shared_items_id_fk" FOREIGN KEY ("shared_item_id") REFERENCES "public"."shared_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_item_versions" ADD CONSTRAINT "shared_item_versions_shared_item_id_shared_items_id_fk" FOREIGN KEY ("shared_item_id") REFERENCES "public"."shared_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_items" ADD CONSTRAINT "shared_items_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_items" ADD CONSTRAINT "shared_items_source_block_id_blocks_id_fk" FOREIGN KEY ("source_block_id") REFERENCES "public"."blocks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_shared_item_id_shared_items_id_fk" FOREIGN KEY ("shared_item_id") REFERENCES "public"."shared_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_local_block_id_blocks_id_fk" FOREIGN KEY ("local_block_id") REFERENCES "public"."blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unlisted_access" ADD CONSTRAINT "unlisted_access_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unlisted_access" ADD CONSTRAINT "unlisted_access_shared_item_id_shared_items_id_fk" FOREIGN KEY ("shared_item_id") REFERENCES "public"."shared_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocks_user_idx" ON "blocks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "composition_blocks_block_idx" ON "composition_blocks" USING btree ("block_id");--> statement-breakpoint
CREATE INDEX "compositions_user_idx" ON "compositions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shared_item_versions_item_version_idx" ON "shared_item_versions" USING btree ("shared_item_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "shared_items_token_idx" ON "shared_items" USING btree ("share_token");--> statement-breakpoint
CREATE INDEX "shared_items_author_idx" ON "shared_items" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "shared_items_source_block_idx" ON "shared_items" USING btree ("source_block_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_local_block_idx" ON "subscriptions" USING btree ("local_block_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_idx" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_provider_subject_idx" ON "users" USING btree ("provider","subject");