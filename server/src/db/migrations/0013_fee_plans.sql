ALTER TABLE "admission_requests" ADD COLUMN "fee_plan" jsonb;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "fee_plan" jsonb DEFAULT '{"installments":4}'::jsonb NOT NULL;--> statement-breakpoint
-- Backfill: admissions approved before fee plans existed keep the schedule they were admitted with: four installments, monthly from the admission date.
UPDATE "admission_requests" SET "fee_plan" = '{"installments":4}'::jsonb WHERE "status" = 'approved' AND "fee_plan" IS NULL;
