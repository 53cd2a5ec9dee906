CREATE TABLE "bank_passages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_question_versions" (
	"bank_question_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "bank_question_versions_bank_question_id_version_pk" PRIMARY KEY("bank_question_id","version")
);
--> statement-breakpoint
CREATE TABLE "bank_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"exam" text,
	"section" text,
	"topic" text,
	"difficulty" integer,
	"source" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"passage_id" uuid,
	"question" text NOT NULL,
	"normalized" text NOT NULL,
	"options" jsonb NOT NULL,
	"correct_answer" integer NOT NULL,
	"marks" numeric(10, 2) DEFAULT 1 NOT NULL,
	"negative_marks" numeric(10, 2),
	"explanation" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "bank_question_id" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "bank_version" integer;--> statement-breakpoint
ALTER TABLE "bank_question_versions" ADD CONSTRAINT "bank_question_versions_bank_question_id_bank_questions_id_fk" FOREIGN KEY ("bank_question_id") REFERENCES "public"."bank_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_questions" ADD CONSTRAINT "bank_questions_passage_id_bank_passages_id_fk" FOREIGN KEY ("passage_id") REFERENCES "public"."bank_passages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_questions" ADD CONSTRAINT "bank_questions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_questions_normalized_idx" ON "bank_questions" USING btree ("normalized");--> statement-breakpoint
CREATE INDEX "bank_questions_topic_idx" ON "bank_questions" USING btree (lower("topic"));--> statement-breakpoint
CREATE INDEX "bank_questions_section_idx" ON "bank_questions" USING btree (lower("section"));--> statement-breakpoint
CREATE INDEX "bank_questions_passage_idx" ON "bank_questions" USING btree ("passage_id");--> statement-breakpoint
CREATE INDEX "questions_bank_idx" ON "questions" USING btree ("bank_question_id");