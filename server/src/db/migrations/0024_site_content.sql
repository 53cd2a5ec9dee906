CREATE TABLE "enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"course_id" uuid,
	"centre_id" text,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_content" (
	"key" text PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_image_files" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"image_id" uuid NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"content_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testimonials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"course" text NOT NULL,
	"year" integer NOT NULL,
	"text" text NOT NULL,
	"photo_url" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "toppers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"exam" text NOT NULL,
	"year" integer NOT NULL,
	"rank" integer,
	"score" text,
	"centre_id" text NOT NULL,
	"quote" text,
	"course_id" uuid,
	"photo_url" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "slug" text;--> statement-breakpoint
-- Existing courses get their slug from their name as slugify does (common/src/schemas/courses.ts): accents dropped, then
-- a-z and 0-9 kept, the rest one hyphen; the second course of a name -2, the third -3, ...
UPDATE "courses" SET "slug" = s."slug" FROM (
	SELECT "id", CASE WHEN "n" = 1 THEN "base" ELSE "base" || '-' || "n" END AS "slug" FROM (
		SELECT "id", "base", row_number() OVER (PARTITION BY "base" ORDER BY "created_at", "id") AS "n" FROM (
			SELECT "id", "created_at", coalesce(nullif(left(trim(BOTH '-' FROM regexp_replace(translate(lower("name"), 'àáâãäåāèéêëēìíîïīòóôõöøōùúûüūçñýÿ', 'aaaaaaaeeeeeiiiiiooooooouuuuucnyy'), '[^a-z0-9]+', '-', 'g')), 80), ''), 'course') AS "base" FROM "courses"
		) b
	) numbered
) s WHERE "courses"."id" = s."id";--> statement-breakpoint
-- A numbered slug that equals another course's own name-slug ("CLAT" twice beside "CLAT 2") takes its id's start as well.
UPDATE "courses" SET "slug" = "slug" || '-' || left("id"::text, 8) WHERE "id" IN (
	SELECT c."id" FROM "courses" c JOIN "courses" o ON o."slug" = c."slug" AND o."id" <> c."id" AND o."created_at" <= c."created_at"
);--> statement-breakpoint
-- /api/courses/admin is the admin's list (RESERVED_SLUGS in common/src/schemas/courses.ts): no course page there.
UPDATE "courses" SET "slug" = 'admin-' || left("id"::text, 8) WHERE "slug" = 'admin';--> statement-breakpoint
ALTER TABLE "courses" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "gallery_images" ADD COLUMN "image_id" uuid;--> statement-breakpoint
ALTER TABLE "gallery_images" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_centre_id_centres_id_fk" FOREIGN KEY ("centre_id") REFERENCES "public"."centres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_content" ADD CONSTRAINT "site_content_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_image_files" ADD CONSTRAINT "site_image_files_image_id_site_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."site_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_images" ADD CONSTRAINT "site_images_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toppers" ADD CONSTRAINT "toppers_centre_id_centres_id_fk" FOREIGN KEY ("centre_id") REFERENCES "public"."centres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toppers" ADD CONSTRAINT "toppers_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiries_created_idx" ON "enquiries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "site_image_files_image_idx" ON "site_image_files" USING btree ("image_id");--> statement-breakpoint
ALTER TABLE "gallery_images" ADD CONSTRAINT "gallery_images_image_id_site_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."site_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_slug_unique" UNIQUE("slug");