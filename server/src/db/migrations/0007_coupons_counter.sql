CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"percent" integer,
	"amount_paise" bigint,
	"course_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_student" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_one_discount" CHECK ((percent is null) <> (amount_paise is null)),
	CONSTRAINT "coupons_percent_range" CHECK (percent is null or (percent between 1 and 100)),
	CONSTRAINT "coupons_amount_positive" CHECK (amount_paise is null or amount_paise > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "counter_method" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "centre_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_key" ON "coupons" USING btree ("code");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_centre_id_centres_id_fk" FOREIGN KEY ("centre_id") REFERENCES "public"."centres"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_coupon_idx" ON "payments" USING btree ("coupon_code");--> statement-breakpoint
CREATE INDEX "payments_paid_at_idx" ON "payments" USING btree ("paid_at");--> statement-breakpoint
-- The four codes the institute has always offered (docs/product.md, "Coupons"): now rows an admin manages.
INSERT INTO "coupons" ("code", "percent") VALUES ('STUDENT10', 10), ('EARLY20', 20), ('WELCOME15', 15), ('FIRST15', 15) ON CONFLICT DO NOTHING;
