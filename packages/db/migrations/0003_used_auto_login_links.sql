CREATE TABLE "used_auto_login_links" (
	"sig" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "used_auto_login_links" ADD CONSTRAINT "used_auto_login_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "used_auto_login_links_expires_idx" ON "used_auto_login_links" USING btree ("expires_at");