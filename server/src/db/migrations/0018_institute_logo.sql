ALTER TABLE "institute_settings" ADD COLUMN "logo_key" text;--> statement-breakpoint
ALTER TABLE "institute_settings" ADD COLUMN "logo_content_type" text;