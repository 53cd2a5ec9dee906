ALTER TABLE "admission_requests" ADD COLUMN "fee_paise" bigint;--> statement-breakpoint
-- Backfill: admissions approved before this column existed keep the course's price as it is now.
UPDATE "admission_requests" AS a SET "fee_paise" = c."price_paise" FROM "courses" AS c WHERE a."course_id" = c."id" AND a."status" = 'approved' AND a."fee_paise" IS NULL;
