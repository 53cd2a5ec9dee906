CREATE TABLE "enquiry_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"outcome" text NOT NULL,
	"next_follow_up" date,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enquiries" ALTER COLUMN "message" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "phone_digits" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "class_year" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "source" text DEFAULT 'contact_page' NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "stage" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "next_follow_up" date;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "counselling_booked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "visited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "applied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "admitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "lost_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "admission_request_id" uuid;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "student_id" uuid;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiry_activities" ADD CONSTRAINT "enquiry_activities_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_activities" ADD CONSTRAINT "enquiry_activities_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiry_activities_enquiry_idx" ON "enquiry_activities" USING btree ("enquiry_id","created_at");--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_admission_request_id_admission_requests_id_fk" FOREIGN KEY ("admission_request_id") REFERENCES "public"."admission_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiries_phone_idx" ON "enquiries" USING btree ("phone_digits");--> statement-breakpoint
CREATE INDEX "enquiries_email_idx" ON "enquiries" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "enquiries_follow_up_idx" ON "enquiries" USING btree ("next_follow_up");--> statement-breakpoint
CREATE INDEX "enquiries_centre_stage_idx" ON "enquiries" USING btree ("centre_id","stage");--> statement-breakpoint
-- The contact page's enquiries so far: their phone's 10 digits by the phone rule (common/schemas/fields.ts:
-- separators dropped, a leading 91 of 12 digits or 0 of 11 removed), so that a later enquiry finds them.
UPDATE "enquiries" SET "phone_digits" = CASE
  WHEN d ~ '^91[1-9][0-9]{9}$' THEN substr(d, 3)
  WHEN d ~ '^0[1-9][0-9]{9}$' THEN substr(d, 2)
  WHEN d ~ '^[1-9][0-9]{9}$' THEN d
END
FROM (SELECT "id" AS eid, regexp_replace("phone", '[\s\-().+]', '', 'g') AS d FROM "enquiries") AS p
WHERE "enquiries"."id" = p.eid;
