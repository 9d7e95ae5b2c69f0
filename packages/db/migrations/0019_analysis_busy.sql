ALTER TABLE "user_exams" ADD COLUMN "picture_busy" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_exams" ADD COLUMN "picture_busy_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_exams" ADD COLUMN "picture_busy_to" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_exams" ADD COLUMN "audio_busy" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_exams" ADD COLUMN "audio_busy_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_exams" ADD COLUMN "audio_busy_to" timestamp with time zone;