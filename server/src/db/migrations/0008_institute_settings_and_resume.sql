CREATE TABLE "institute_settings" (
	"id" text PRIMARY KEY DEFAULT 'institute' NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"phone" text NOT NULL,
	"phones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"email" text,
	"gstin" text,
	"pan" text,
	"sac" text DEFAULT '999293' NOT NULL,
	"gst_rate" numeric(5, 2) DEFAULT 18 NOT NULL,
	"invoice_prefix" text DEFAULT 'LCI' NOT NULL,
	"facebook" text,
	"instagram" text,
	"youtube" text,
	"whatsapp" text,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "current_question" text;