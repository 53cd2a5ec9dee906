CREATE TABLE "staff_centres" (
	"user_id" uuid NOT NULL,
	"centre_id" text NOT NULL,
	CONSTRAINT "staff_centres_user_id_centre_id_pk" PRIMARY KEY("user_id","centre_id")
);
--> statement-breakpoint
ALTER TABLE "staff_centres" ADD CONSTRAINT "staff_centres_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_centres" ADD CONSTRAINT "staff_centres_centre_id_centres_id_fk" FOREIGN KEY ("centre_id") REFERENCES "public"."centres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_centres_centre_idx" ON "staff_centres" USING btree ("centre_id");