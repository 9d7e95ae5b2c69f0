CREATE TABLE "attempt_questions" (
	"user_exam_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"position" integer NOT NULL,
	"served_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attempt_questions_user_exam_id_position_pk" PRIMARY KEY("user_exam_id","position")
);
--> statement-breakpoint
ALTER TABLE "attempt_questions" ADD CONSTRAINT "attempt_questions_user_exam_id_user_exams_id_fk" FOREIGN KEY ("user_exam_id") REFERENCES "public"."user_exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_questions" ADD CONSTRAINT "attempt_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;