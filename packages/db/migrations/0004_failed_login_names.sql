CREATE TABLE "failed_login_names" (
	"name_hash" text PRIMARY KEY NOT NULL,
	"failed_attempts" integer NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "failed_login_names_updated_idx" ON "failed_login_names" USING btree ("updated_at");