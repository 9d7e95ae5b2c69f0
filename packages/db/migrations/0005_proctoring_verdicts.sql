CREATE TABLE "proctoring_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_exam_id" integer,
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"event" text NOT NULL,
	"detail" text,
	"client_at" text,
	"gap_seconds" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_exams" ADD COLUMN "photo_warnings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_exams" ADD COLUMN "audio_warnings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_exams" ADD COLUMN "last_photo_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proctoring_images" ADD COLUMN "embedding" jsonb;--> statement-breakpoint
ALTER TABLE "proctoring_logs" ADD CONSTRAINT "proctoring_logs_user_exam_id_user_exams_id_fk" FOREIGN KEY ("user_exam_id") REFERENCES "public"."user_exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctoring_logs" ADD CONSTRAINT "proctoring_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proctoring_logs_exam_idx" ON "proctoring_logs" USING btree ("user_exam_id","channel","created_at");