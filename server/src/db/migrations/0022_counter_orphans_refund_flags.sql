ALTER TABLE "payment_extra_captures" ALTER COLUMN "gateway_payment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_extra_captures" ADD COLUMN "reason" text DEFAULT 'second_capture' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_extra_captures_overpaid_key" ON "payment_extra_captures" USING btree ("payment_id") WHERE reason = 'overpaid';--> statement-breakpoint
-- Counter payments that older code left pending when the request recording them ended between its two
-- transactions (docs/product.md, "Counter payments and collections"): they were never completed, hold no
-- money (the clerk recorded it again) and counted against what the counter let a clerk take. Each is
-- cancelled, with a history entry and an audit entry, in this one statement.
WITH "orphans" AS (
  UPDATE "payments"
  SET "status" = 'cancelled',
    "response_message" = 'Never completed: cancelled by migration 0022',
    "updated_at" = now()
  WHERE "counter_method" IS NOT NULL AND "status" = 'pending'
  RETURNING "id", "amount_paise", "order_id"
), "history" AS (
  INSERT INTO "payment_events" ("payment_id", "from_status", "to_status", "actor_label", "note")
  SELECT "id", 'pending', 'cancelled', 'System',
    'Cancelled: a counter payment that was never completed (the request recording it ended part-way); it holds no money'
  FROM "orphans"
)
INSERT INTO "audit_log" ("actor_label", "action", "entity", "entity_id", "before", "after")
SELECT 'system', 'payment.cancelled', 'payment', "id"::text, jsonb_build_object('status', 'pending'),
  jsonb_build_object('status', 'cancelled', 'amountPaise', "amount_paise", 'orderId', "order_id", 'by', 'migration 0022',
    'note', 'A counter payment that was never completed')
FROM "orphans";
