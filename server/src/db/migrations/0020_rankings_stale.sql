DROP INDEX "submissions_student_idx";--> statement-breakpoint
ALTER TABLE "exam_rankings" ADD COLUMN "stale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A student's submissions newest first (the analysis's trend reads the last ten) from one index.
CREATE INDEX "submissions_student_idx" ON "submissions" USING btree ("student_id","submitted_at");--> statement-breakpoint
-- The stored ranks of an exam go stale when any of its submissions is added, changed or removed
-- (a late submit, an evaluation, a regrade, a reopened attempt, a deleted student): one statement-level
-- trigger per kind of change marks the exam's exam_rankings row, so a reader learns it from that row
-- instead of counting the exam's submissions (docs/architecture.md, "Results").
-- The shared advisory lock orders the change against a computation of the ranks, which holds the same
-- lock exclusively (rankings/service.ts): either the computation waits for this change to commit and
-- counts it, or this change waits for the computation and marks its new row stale. An exam without
-- stored ranks (results not published, the hall's submits) has no row: the update touches nothing.
CREATE FUNCTION "mark_rankings_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  exam uuid;
BEGIN
  FOR exam IN SELECT DISTINCT "exam_id" FROM "changed_submissions" ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock_shared(hashtext('rankings:' || exam::text));
    UPDATE "exam_rankings" SET "stale" = true WHERE "exam_id" = exam AND NOT "stale";
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "submissions_inserted_rankings_stale" AFTER INSERT ON "submissions"
  REFERENCING NEW TABLE AS "changed_submissions" FOR EACH STATEMENT EXECUTE FUNCTION "mark_rankings_stale"();--> statement-breakpoint
CREATE TRIGGER "submissions_updated_rankings_stale" AFTER UPDATE ON "submissions"
  REFERENCING NEW TABLE AS "changed_submissions" FOR EACH STATEMENT EXECUTE FUNCTION "mark_rankings_stale"();--> statement-breakpoint
CREATE TRIGGER "submissions_deleted_rankings_stale" AFTER DELETE ON "submissions"
  REFERENCING OLD TABLE AS "changed_submissions" FOR EACH STATEMENT EXECUTE FUNCTION "mark_rankings_stale"();--> statement-breakpoint
-- Ranks stored before this migration carry the old fingerprint: they are recomputed on their next read.
UPDATE "exam_rankings" SET "stale" = true;
