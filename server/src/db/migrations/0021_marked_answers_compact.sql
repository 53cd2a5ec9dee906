-- A submission's marked answers are stored as [question id, option chosen, marks] tuples, with the text as
-- a fourth element for a written answer, instead of objects repeating their four keys: a CLAT paper's 120
-- answers take 5.6 KB instead of 13.5 KB and PostgreSQL writes them about three times faster at the bell
-- (server/src/db/marked-answers.ts; docs/architecture.md, "The exam hall"). Every row written before is
-- converted here, in its order. The previous release cannot read the new form: stop every instance before
-- starting this one (docs/operations.md, section 11). The rankings trigger marks the converted exams'
-- stored ranks stale; they are recomputed, unchanged, on their next read.
UPDATE "submissions" SET "answers" = (
  SELECT coalesce(jsonb_agg(
    CASE WHEN coalesce(jsonb_typeof(e -> 'textAnswer'), 'null') = 'null'
      THEN jsonb_build_array(e -> 'questionId', e -> 'selectedOption', e -> 'marksObtained')
      ELSE jsonb_build_array(e -> 'questionId', e -> 'selectedOption', e -> 'marksObtained', e -> 'textAnswer')
    END ORDER BY n), '[]'::jsonb)
  FROM jsonb_array_elements("answers") WITH ORDINALITY AS t(e, n)
)
WHERE jsonb_typeof("answers" -> 0) = 'object';
