ALTER TABLE "user_exams" ADD COLUMN "photo_run_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_exams" ADD COLUMN "photo_run_problem" boolean DEFAULT false NOT NULL;