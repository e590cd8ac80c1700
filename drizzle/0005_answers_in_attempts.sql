-- ADR 0013: a week's answers move into their attempt's row (kept in order, final once written).
ALTER TABLE "attempts" ADD COLUMN "answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "attempts" a SET "answers" = x."answers"
FROM (
  SELECT "attempt_id",
    jsonb_agg(jsonb_build_object(
      'position', "position",
      'questionId', "question_id",
      'option', "option",
      'correct', "correct",
      'answeredAt', to_char("answered_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    ) ORDER BY "position") AS "answers"
  FROM "attempt_answers" GROUP BY "attempt_id"
) x
WHERE x."attempt_id" = a."id";--> statement-breakpoint
DROP TABLE "attempt_answers" CASCADE;--> statement-breakpoint
-- Room on each page for an answer's update to stay on it (a HOT update: no index to touch).
ALTER TABLE "attempts" SET (fillfactor = 80);
