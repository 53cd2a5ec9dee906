CREATE TABLE "exam_passages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"instructions" text
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "exams" ALTER COLUMN "total_marks" SET DATA TYPE numeric(10, 2);--> statement-breakpoint
ALTER TABLE "exams" ALTER COLUMN "passing_marks" SET DATA TYPE numeric(10, 2);--> statement-breakpoint
ALTER TABLE "exams" ALTER COLUMN "passing_marks" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ALTER COLUMN "marks" SET DATA TYPE numeric(10, 2);--> statement-breakpoint
ALTER TABLE "questions" ALTER COLUMN "marks" SET DEFAULT 1;--> statement-breakpoint
ALTER TABLE "submissions" ALTER COLUMN "marks_obtained" SET DATA TYPE numeric(10, 2);--> statement-breakpoint
ALTER TABLE "submissions" ALTER COLUMN "total_marks" SET DATA TYPE numeric(10, 2);--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "review" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "time_spent" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "negative_marks" numeric(10, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "result_mode" text DEFAULT 'grade' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "section_id" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "passage_id" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "negative_marks" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "exam_passages" ADD CONSTRAINT "exam_passages_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_passages" ADD CONSTRAINT "exam_passages_section_id_exam_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."exam_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sections" ADD CONSTRAINT "exam_sections_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_passages_exam_idx" ON "exam_passages" USING btree ("exam_id","position");--> statement-breakpoint
CREATE INDEX "exam_sections_exam_idx" ON "exam_sections" USING btree ("exam_id","position");--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_section_id_exam_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."exam_sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_passage_id_exam_passages_id_fk" FOREIGN KEY ("passage_id") REFERENCES "public"."exam_passages"("id") ON DELETE set null ON UPDATE no action;