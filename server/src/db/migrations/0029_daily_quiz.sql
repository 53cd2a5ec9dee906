CREATE TABLE "daily_quiz_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quiz_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"day" date NOT NULL,
	"answers" jsonb NOT NULL,
	"score" numeric(10, 2) NOT NULL,
	"time_taken" integer,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_quizzes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day" date NOT NULL,
	"title" text NOT NULL,
	"questions" jsonb NOT NULL,
	"negative_marks" numeric(10, 2) DEFAULT 0 NOT NULL,
	"audience_course_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"audience_batch_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"audience_centre_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"open_to_all" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "daily_quiz_submissions" ADD CONSTRAINT "daily_quiz_submissions_quiz_id_daily_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."daily_quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_quiz_submissions" ADD CONSTRAINT "daily_quiz_submissions_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_quizzes" ADD CONSTRAINT "daily_quizzes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "daily_quiz_submissions_once" ON "daily_quiz_submissions" USING btree ("quiz_id","student_id");--> statement-breakpoint
CREATE INDEX "daily_quiz_submissions_student_day_idx" ON "daily_quiz_submissions" USING btree ("student_id","day");--> statement-breakpoint
CREATE INDEX "daily_quizzes_day_idx" ON "daily_quizzes" USING btree ("day");