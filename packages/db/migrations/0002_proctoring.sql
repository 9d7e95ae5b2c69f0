CREATE TABLE "proctoring_audio_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_exam_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"speakers" integer NOT NULL,
	"speech_seconds" numeric NOT NULL,
	"duration_seconds" numeric NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proctoring_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_exam_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"error_code" char(1),
	"photo_tag" text,
	"face_count" integer,
	"objects_detected" jsonb,
	"objects_count" integer,
	"expression1" text,
	"expression2" text,
	"media_key" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proctoring_audio_checks" ADD CONSTRAINT "proctoring_audio_checks_user_exam_id_user_exams_id_fk" FOREIGN KEY ("user_exam_id") REFERENCES "public"."user_exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctoring_audio_checks" ADD CONSTRAINT "proctoring_audio_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctoring_images" ADD CONSTRAINT "proctoring_images_user_exam_id_user_exams_id_fk" FOREIGN KEY ("user_exam_id") REFERENCES "public"."user_exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctoring_images" ADD CONSTRAINT "proctoring_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proctoring_audio_checks_exam_idx" ON "proctoring_audio_checks" USING btree ("user_exam_id","created_at");--> statement-breakpoint
CREATE INDEX "proctoring_images_exam_idx" ON "proctoring_images" USING btree ("user_exam_id","kind","created_at");