CREATE TABLE "materials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"subject" text NOT NULL,
	"course_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"batch_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"publish_at" timestamp with time zone,
	"video_url" text,
	"storage_key" text,
	"file_name" text,
	"file_size" integer,
	"page_count" integer,
	"downloads" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "materials_published_idx" ON "materials" USING btree (coalesce("publish_at", "created_at"));