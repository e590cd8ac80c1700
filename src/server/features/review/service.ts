import type { QuestionCategory } from '#shared/contracts/season';
import { correctionOf } from '#shared/domain/answer-key';
import type { ReviewQuestion, WeekReview } from '#shared/contracts/review';
import { closedEverywhere } from '#shared/domain/calendar';
import type { Language } from '#shared/domain/language';
import { localisedQuestion } from '#shared/domain/localised-question';
import { POINT } from '#shared/domain/scoring';
import { AppError } from '../../http/errors';
import { closeIfExpired } from '../play/closing';
import * as playRepo from '../play/repository';
import type { PlayDeps } from '../play/play-deps';
import type { ActiveWeeksOf, PlayerRow } from '../players/repository';
import { findCurrentSeason } from '../season/repository';

/** A question as the review shows it: texts in the player's language, English per field. */
function toReviewQuestion(
  row: playRepo.QuestionRow,
  language: Language,
  answer: string | null,
): ReviewQuestion {
  const texts = localisedQuestion(row.translations, language);
  return {
    position: row.position,
    category: row.category as QuestionCategory,
    text: texts.text,
    options: texts.options,
    correctOption: row.correctOption,
    answer,
    explanation: texts.explanation,
    source: row.source.trim() === '' ? null : row.source,
    correction: correctionOf(row),
  };
}

function challengerOutcome(
  attempt: playRepo.AttemptRow | undefined,
  question: playRepo.QuestionRow | undefined,
) {
  if (!attempt || attempt.challengerCorrect === null) return 'not-taken' as const;
  if (question?.voidedAt) return 'voided' as const;
  if (attempt.challengerCorrect) return 'correct' as const;
  return attempt.challengerOption === null ? ('timed-out' as const) : ('wrong' as const);
}

/**
 * A closed week's review for the player (ADR 0019). The correct options, explanations and
 * sources leave the server only once the week has closed in every time zone — the same rule
 * that reveals them in an attempt (closedEverywhere), so the two can never disagree.
 */
export async function weekReview(
  deps: PlayDeps,
  player: PlayerRow,
  activeWeeksOf: ActiveWeeksOf,
  setNum: number,
  language: Language,
): Promise<WeekReview> {
  const current = await findCurrentSeason(deps.db);
  if (!current) throw new AppError('NO_SEASON', 'There is no season yet.');
  const week = current.weeks.find((entry) => entry.setNum === setNum);
  if (!week) throw new AppError('NOT_FOUND', 'This week does not exist.');
  if (!closedEverywhere(week, deps.clock.now())) {
    throw new AppError(
      'WEEK_NOT_CLOSED',
      'This week can be reviewed once it has closed in every time zone.',
    );
  }
  const seasonId = current.season.id;
  const [rows, found, flags] = await Promise.all([
    playRepo.findWeekQuestions(deps.db, seasonId, setNum),
    playRepo.findPlayerAttempt(deps.db, player.id, seasonId, setNum),
    activeWeeksOf(seasonId),
  ]);
  // An attempt nobody read since its time ran out is scored now, as any read would.
  const attempt = found ? await closeIfExpired(deps, found) : undefined;
  const played = attempt?.finishedAt ? attempt : undefined;
  const answerTo = (id: number) =>
    played?.answers.find((answer) => answer.questionId === id)?.option ?? null;
  const challenger = rows.find((row) => row.kind === 'challenger');
  const outcome = challengerOutcome(played, challenger);
  return {
    setNum,
    eventId: week.eventId,
    eventWeek: week.eventWeek,
    result: played
      ? {
          correctCount: played.correctCount!,
          mainScore: played.mainScore!,
          speedBonus: played.mainScore! - played.correctCount! * POINT,
          weekScore: played.weekScore ?? played.mainScore!,
          elapsedSeconds: Math.round(played.elapsedMs! / 1000),
          timedOut: played.timedOut!,
        }
      : null,
    onHoliday: flags[setNum - 1] === false,
    questions: rows
      .filter((row) => row.kind === 'main')
      .map((row) => toReviewQuestion(row, language, answerTo(row.id))),
    challenger: {
      outcome,
      question: challenger
        ? toReviewQuestion(
            challenger,
            language,
            outcome === 'not-taken' ? null : (played?.challengerOption ?? null),
          )
        : null,
    },
  };
}
