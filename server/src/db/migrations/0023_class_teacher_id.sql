ALTER TABLE "class_sessions" ADD COLUMN "teacher_id" uuid;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_sessions_teacher_idx" ON "class_sessions" USING btree ("teacher_id","date");--> statement-breakpoint
-- A faculty member's classes were those whose teacher text is their name, first and last, case and
-- surrounding spaces ignored (docs/product-staff.md). Each class gets the id of the one faculty member so
-- named; a name no faculty member has, or that two share, stays unlinked and keeps its text.
UPDATE "class_sessions" AS s
SET "teacher_id" = f."id"
FROM (
  SELECT lower(trim("first_name" || ' ' || "last_name")) AS "name", (array_agg("id"))[1] AS "id"
  FROM "users"
  WHERE "role" = 'faculty'
  GROUP BY 1
  HAVING count(*) = 1
) AS f
WHERE s."teacher_id" IS NULL AND lower(trim(s."teacher")) = f."name";
