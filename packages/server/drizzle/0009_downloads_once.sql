CREATE TABLE "downloads" (
	"user_id" text NOT NULL,
	"shared_item_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "downloads_user_id_shared_item_id_pk" PRIMARY KEY("user_id","shared_item_id")
);
--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_shared_item_id_shared_items_id_fk" FOREIGN KEY ("shared_item_id") REFERENCES "public"."shared_items"("id") ON DELETE cascade ON UPDATE no action;