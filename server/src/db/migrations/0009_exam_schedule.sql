CREATE TABLE "exam_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"extra_minutes" integer DEFAULT 0 NOT NULL,
	"reopen" boolean DEFAULT false NOT NULL,
	"deleted_submission" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "submissions_exam_student_key";--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "attempt_number" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "audience_course_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "audience_batch_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "audience_centre_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "open_to_all" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "mode" text DEFAULT 'ranked' NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "attempt_number" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_overrides" ADD CONSTRAINT "exam_overrides_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_overrides" ADD CONSTRAINT "exam_overrides_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_overrides" ADD CONSTRAINT "exam_overrides_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_overrides_exam_student_idx" ON "exam_overrides" USING btree ("exam_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_exam_student_attempt_key" ON "submissions" USING btree ("exam_id","student_id","attempt_number");--> statement-breakpoint
-- Existing exams keep reaching their course's students (the default audience); one without a course stays open to all.
UPDATE "exams" SET "audience_course_ids" = ARRAY["course_id"] WHERE "course_id" IS NOT NULL;--> statement-breakpoint
UPDATE "exams" SET "open_to_all" = true WHERE "course_id" IS NULL;
