CREATE TABLE "nlu_calendar" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day" date NOT NULL,
	"round" text NOT NULL,
	"what" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nlu_cutoffs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"year" integer NOT NULL,
	"round" text NOT NULL,
	"nlu" text NOT NULL,
	"category" text NOT NULL,
	"quota" text NOT NULL,
	"closing_rank" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nlu_cutoffs_rank_positive" CHECK ("nlu_cutoffs"."closing_rank" >= 1)
);
--> statement-breakpoint
CREATE INDEX "nlu_calendar_day_idx" ON "nlu_calendar" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "nlu_cutoffs_key" ON "nlu_cutoffs" USING btree ("year","round","nlu","category","quota");--> statement-breakpoint
CREATE INDEX "nlu_cutoffs_nlu_idx" ON "nlu_cutoffs" USING btree ("nlu");