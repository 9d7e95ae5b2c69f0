CREATE TABLE "question_audio_plays" (
	"user_exam_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"plays" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_audio_plays_user_exam_id_question_id_pk" PRIMARY KEY("user_exam_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "question_audio_plays" ADD CONSTRAINT "question_audio_plays_user_exam_id_user_exams_id_fk" FOREIGN KEY ("user_exam_id") REFERENCES "public"."user_exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_audio_plays" ADD CONSTRAINT "question_audio_plays_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;