CREATE TABLE "coding_results" (
	"user_exam_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"language" text NOT NULL,
	"status" text NOT NULL,
	"passed" integer NOT NULL,
	"total" integer NOT NULL,
	"marks" numeric NOT NULL,
	"scored_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coding_results_user_exam_id_question_id_pk" PRIMARY KEY("user_exam_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "coding_results" ADD CONSTRAINT "coding_results_user_exam_id_user_exams_id_fk" FOREIGN KEY ("user_exam_id") REFERENCES "public"."user_exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coding_results" ADD CONSTRAINT "coding_results_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;