import type { Attempt, PlayQuestion } from '#shared/contracts/play';
import { correctionOf } from '#shared/domain/answer-key';
import type { QuestionCategory } from '#shared/contracts/season';
import { QUESTIONS_PER_WEEK } from '#shared/domain/scoring';
import { allowanceSeconds } from '#shared/domain/time-factor';
import type { Language } from '#shared/domain/language';
import type { AttemptRow, QuestionRow } from './repository';

/** A question in the player's language (English when not translated), options in `order`. */
export function toPlayQuestion(
  question: QuestionRow,
  position: number,
  order: string[],
  language: Language,
  revealCorrect: boolean,
): PlayQuestion {
  const text = question.translations[language] ?? question.translations.en!;
  return {
    position,
    category: question.category as QuestionCategory,
    text: text.text,
    options: order.map((key) => ({
      key,
      text: text.options[key] ?? question.translations.en!.options[key] ?? key,
    })),
    correctOption: revealCorrect ? question.correctOption : null,
    correction: revealCorrect ? correctionOf(question) : null,
  };
}

/** The attempt as the player sees it. Correct options only when `revealCorrect`. */
export function toAttemptView(input: {
  attempt: AttemptRow;
  questionsById: Map<number, QuestionRow>;
  language: Language;
  now: Date;
  weekOpen: boolean;
  revealCorrect: boolean;
}): Attempt {
  const { attempt, questionsById, language, revealCorrect } = input;
  const { answers } = attempt;
  const done = attempt.finishedAt !== null;
  const questions = attempt.questionIds.map((id, index) =>
    toPlayQuestion(
      questionsById.get(id)!,
      index + 1,
      attempt.optionOrders[String(id)]!,
      language,
      revealCorrect,
    ),
  );
  const challengerQuestion = attempt.challengerQuestionId
    ? questionsById.get(attempt.challengerQuestionId)
    : undefined;
  return {
    id: attempt.id,
    setNum: attempt.setNum,
    status: done ? 'done' : 'pending',
    startedAt: attempt.startedAt.toISOString(),
    deadlineAt: attempt.deadlineAt.toISOString(),
    timeLimitSeconds: allowanceSeconds(attempt.timePercent),
    serverNow: input.now.toISOString(),
    questions,
    answers: answers.map(({ position, option }) => ({ position, option })),
    nextPosition: done || answers.length >= QUESTIONS_PER_WEEK ? null : answers.length + 1,
    result: done
      ? {
          mainScore: attempt.mainScore!,
          correctCount: attempt.correctCount!,
          answeredCount: attempt.answeredCount!,
          timedOut: attempt.timedOut!,
          elapsedSeconds: Math.round(attempt.elapsedMs! / 1000),
        }
      : null,
    challenger: done
      ? {
          status:
            attempt.challengerCorrect !== null
              ? 'done'
              : attempt.challengerStartedAt
                ? 'in-progress'
                : 'pending',
          available: input.weekOpen && attempt.challengerStartedAt === null,
          question: challengerQuestion
            ? toPlayQuestion(
                challengerQuestion,
                1,
                attempt.challengerOptionOrder!,
                language,
                revealCorrect,
              )
            : null,
          deadlineAt: attempt.challengerDeadlineAt?.toISOString() ?? null,
          answer: attempt.challengerOption,
          outcome:
            attempt.challengerCorrect === null
              ? null
              : attempt.challengerCorrect
                ? 'correct'
                : attempt.challengerOption === null
                  ? 'timed-out'
                  : 'wrong',
        }
      : null,
    weekScore: attempt.weekScore,
  };
}
