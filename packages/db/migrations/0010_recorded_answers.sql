CREATE TABLE "media_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"user_exam_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"kind" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recorded_answers" (
	"user_exam_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"media_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"duration_seconds" numeric NOT NULL,
	"rms" numeric,
	"upload_id" text NOT NULL,
	"client_recorded_time" numeric,
	"checks" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recorded_answers_user_exam_id_question_id_pk" PRIMARY KEY("user_exam_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "recording_stills" (
	"user_exam_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"media_key" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"face_count" integer,
	"embedding" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recording_stills_user_exam_id_question_id_pk" PRIMARY KEY("user_exam_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "upload_locks" (
	"id" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_user_exam_id_user_exams_id_fk" FOREIGN KEY ("user_exam_id") REFERENCES "public"."user_exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recorded_answers" ADD CONSTRAINT "recorded_answers_user_exam_id_user_exams_id_fk" FOREIGN KEY ("user_exam_id") REFERENCES "public"."user_exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recorded_answers" ADD CONSTRAINT "recorded_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recorded_answers" ADD CONSTRAINT "recorded_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_stills" ADD CONSTRAINT "recording_stills_user_exam_id_user_exams_id_fk" FOREIGN KEY ("user_exam_id") REFERENCES "public"."user_exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_stills" ADD CONSTRAINT "recording_stills_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_stills" ADD CONSTRAINT "recording_stills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_uploads_attempt_idx" ON "media_uploads" USING btree ("user_exam_id","question_id");--> statement-breakpoint
CREATE INDEX "media_uploads_created_idx" ON "media_uploads" USING btree ("created_at");