CREATE TABLE "code_run_leases" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"node" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "code_run_starts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "code_run_starts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "code_run_leases_user_idx" ON "code_run_leases" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE INDEX "code_run_leases_expires_at_idx" ON "code_run_leases" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "code_run_starts_user_idx" ON "code_run_starts" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "code_run_starts_started_at_idx" ON "code_run_starts" USING btree ("started_at");