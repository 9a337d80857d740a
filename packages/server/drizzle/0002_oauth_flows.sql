CREATE TABLE "oauth_flows" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"consumed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
