CREATE TABLE "proctoring_check_replies" (
	"user_exam_id" integer NOT NULL,
	"check_id" text NOT NULL,
	"kind" text NOT NULL,
	"reply" jsonb,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proctoring_check_replies_user_exam_id_kind_check_id_pk" PRIMARY KEY("user_exam_id","kind","check_id")
);
--> statement-breakpoint
ALTER TABLE "proctoring_check_replies" ADD CONSTRAINT "proctoring_check_replies_user_exam_id_user_exams_id_fk" FOREIGN KEY ("user_exam_id") REFERENCES "public"."user_exams"("id") ON DELETE cascade ON UPDATE no action;