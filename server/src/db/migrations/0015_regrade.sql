CREATE TABLE "exam_objection_windows" (
	"exam_id" uuid PRIMARY KEY NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_objections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_key_decisions" (
	"question_id" uuid PRIMARY KEY NOT NULL,
	"exam_id" uuid NOT NULL,
	"action" text NOT NULL,
	"correct_answer" integer,
	"accepted_answers" jsonb,
	"drop_mode" text,
	"original_answer" integer,
	"decided_by" uuid,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam_objection_windows" ADD CONSTRAINT "exam_objection_windows_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_objections" ADD CONSTRAINT "exam_objections_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_objections" ADD CONSTRAINT "exam_objections_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_objections" ADD CONSTRAINT "exam_objections_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_key_decisions" ADD CONSTRAINT "question_key_decisions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_key_decisions" ADD CONSTRAINT "question_key_decisions_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_key_decisions" ADD CONSTRAINT "question_key_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_objections_question_student_key" ON "exam_objections" USING btree ("question_id","student_id");--> statement-breakpoint
CREATE INDEX "exam_objections_exam_idx" ON "exam_objections" USING btree ("exam_id");--> statement-breakpoint
CREATE INDEX "question_key_decisions_exam_idx" ON "question_key_decisions" USING btree ("exam_id");