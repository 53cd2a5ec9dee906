-- The exam hall writes an attempt's answers and seconds on every save and a submission's marked answers
-- on every submit: jsonb values of 5-16 KB, compressed on each write. lz4 compresses them in less than
-- half the time of the default pglz (docs/architecture.md, "The exam hall"). PostgreSQL built without lz4
-- (and the embedded database) keeps pglz. New values only; nothing is rewritten.
DO $$
BEGIN
  IF 'lz4' = ANY (SELECT unnest(enumvals) FROM pg_settings WHERE name = 'default_toast_compression') THEN
    ALTER TABLE "exam_attempts" ALTER COLUMN "answers" SET COMPRESSION lz4;
    ALTER TABLE "exam_attempts" ALTER COLUMN "time_spent" SET COMPRESSION lz4;
    ALTER TABLE "exam_attempts" ALTER COLUMN "review" SET COMPRESSION lz4;
    ALTER TABLE "submissions" ALTER COLUMN "answers" SET COMPRESSION lz4;
  END IF;
END $$;
