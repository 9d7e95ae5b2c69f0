ALTER TABLE "user_exams" ADD COLUMN "last_audio_at" timestamp with time zone;--> statement-breakpoint
-- attempts in progress keep the silence they had: their last periodic sample so far (ADR 0233)
UPDATE "user_exams" ue SET "last_audio_at" = (
  SELECT max(c."created_at") FROM "proctoring_audio_checks" c
   WHERE c."user_exam_id" = ue."id" AND c."purpose" = 'check' AND c."created_at" >= ue."started_at")
 WHERE ue."status" = '001' AND ue."started_at" IS NOT NULL;
