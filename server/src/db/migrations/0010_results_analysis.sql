CREATE TABLE "bookmarks" (
	"student_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookmarks_student_id_question_id_pk" PRIMARY KEY("student_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "exam_rankings" (
	"exam_id" uuid PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"candidates" integer NOT NULL,
	"stats" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_ranks" (
	"submission_id" uuid PRIMARY KEY NOT NULL,
	"exam_id" uuid NOT NULL,
	"rank" integer NOT NULL,
	"percentile" double precision NOT NULL,
	"section_scores" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "tie_break_section" text;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "solutions_release" text DEFAULT 'with_results' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_rankings" ADD CONSTRAINT "exam_rankings_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_ranks" ADD CONSTRAINT "submission_ranks_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_ranks" ADD CONSTRAINT "submission_ranks_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_ranks_exam_idx" ON "submission_ranks" USING btree ("exam_id","rank");