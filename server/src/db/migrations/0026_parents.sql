CREATE TABLE "parent_login_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"parent_id" uuid,
	"code_hash" text,
	"tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parent_preferences" (
	"parent_id" uuid PRIMARY KEY NOT NULL,
	"channels" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_guardians" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"relation" text NOT NULL,
	"phone" text,
	"email" text,
	"parent_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_guardians_position_check" CHECK ("student_guardians"."position" between 1 and 2),
	CONSTRAINT "student_guardians_contact_check" CHECK ("student_guardians"."phone" is not null or "student_guardians"."email" is not null)
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "admission_requests" ADD COLUMN "guardians" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_by" text DEFAULT 'student' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_by_parent_id" uuid;--> statement-breakpoint
ALTER TABLE "parent_login_codes" ADD CONSTRAINT "parent_login_codes_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_preferences" ADD CONSTRAINT "parent_preferences_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_guardians" ADD CONSTRAINT "student_guardians_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_guardians" ADD CONSTRAINT "student_guardians_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parent_login_codes_phone_idx" ON "parent_login_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "parent_login_codes_address_idx" ON "parent_login_codes" USING btree ("address","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "student_guardians_position_key" ON "student_guardians" USING btree ("student_id","position");--> statement-breakpoint
CREATE INDEX "student_guardians_parent_idx" ON "student_guardians" USING btree ("parent_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_paid_by_parent_id_users_id_fk" FOREIGN KEY ("paid_by_parent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_parent_phone_key" ON "users" USING btree ("phone") WHERE "users"."role" = 'parent';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_unless_parent" CHECK ("users"."email" is not null or "users"."role" = 'parent');--> statement-breakpoint
-- Money taken at the counter was paid through staff.
UPDATE "payments" SET "paid_by" = 'staff' WHERE "method" = 'offline';--> statement-breakpoint
-- An admitted student's emergency contact becomes their first guardian when its phone is an Indian mobile
-- (+91 and 10 digits); the parent account is made when the guardian first asks for a sign-in code or the
-- admin saves the student's guardians (docs/product-parents.md).
INSERT INTO "student_guardians" ("student_id", "position", "name", "relation", "phone")
SELECT DISTINCT ON (r."user_id") r."user_id", 1, r."application"->>'emergencyContactName', coalesce(nullif(r."application"->>'emergencyContactRelation', ''), 'Guardian'),
  '+91' || right(regexp_replace(r."application"->>'emergencyContactPhone', '\D', '', 'g'), 10)
FROM "admission_requests" r
JOIN "users" u ON u."id" = r."user_id" AND u."role" = 'student'
WHERE r."status" = 'approved'
  AND coalesce(r."application"->>'emergencyContactName', '') <> ''
  AND right(regexp_replace(r."application"->>'emergencyContactPhone', '\D', '', 'g'), 10) ~ '^[6-9][0-9]{9}$'
ORDER BY r."user_id", r."approved_at" DESC NULLS LAST;
