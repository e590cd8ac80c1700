import type {
  AnswerKeyView,
  KeyCorrectionInput,
  KeyCorrectionResult,
} from '#shared/contracts/key-correction';
import { accepts, challengerOutcomeOf, type AnswerKey } from '#shared/domain/answer-key';
import { optionKeys, slotOf, type QuestionSlot } from '#shared/domain/question-review';
import { weekScore } from '#shared/domain/scoring';
import type { Database } from '../../../db/client';
import { AppError } from '../../../http/errors';
import { mainSetPoints } from '../../play/closing';
import type { AttemptRow, QuestionRow } from '../../play/repository';
import { notifyContentChanged } from '../../season/content-cache';
import { recordScore } from '../../standings/aggregates';
import { notifyStandingsChanged } from '../../standings/repository';
import { displayName, writeAudit, type Actor } from '../audit/service';
import * as store from './correction-repository';
import * as repo from './repository';
import { requireWeek } from './service';
import { sideBySide } from '../../../db/side-by-side';

/**
 * Correcting a wrong answer key after players have played the week (ADR 0041): accept one more
 * option, or void the question. The key is kept on the question (accepted_options, voided_at)
 * and every attempt of the week is re-scored from its stored answers with the production
 * scoring (mainSetPoints, weekScore), in one transaction that also moves the standings'
 * aggregates by the difference and writes one audit row.
 *
 * Concurrency: the transaction first takes `attempts` in EXCLUSIVE mode. Every play write to
 * an attempt needs ROW EXCLUSIVE (or ROW SHARE for a locked read), so a correction waits for
 * the play writes under way to commit and holds back the next ones until it commits; a
 * statement that waited then reads the questions with a snapshot taken after the correction,
 * and its check of the week's key version (play/repository.ts) refuses an answer marked with
 * the old key, which is then marked again under the attempt's lock with the key read there.
 * Two corrections at once run one after the other; the second sees the first's key.
 */

/** The key as the organiser's screen and the audit log show it. */
const keyView = (key: AnswerKey): AnswerKeyView => ({
  correct: key.correctOption,
  accepted: [...key.acceptedOptions],
  voided: key.voidedAt !== null,
});

/** An attempt as re-scored under the week's keys, or null when nothing about it changes. */
export function rescoredAttempt(attempt: AttemptRow, keys: ReadonlyMap<number, AnswerKey>) {
  const keyOf = (id: number) => keys.get(id)!;
  const answers = attempt.answers.map((answer) => ({
    ...answer,
    correct: accepts(keyOf(answer.questionId), answer.option),
  }));
  let correctCount = attempt.correctCount;
  let mainScore = attempt.mainScore;
  if (mainScore !== null) {
    const points = mainSetPoints(attempt, answers);
    correctCount = points.correct;
    mainScore = points.mainScore;
  }
  let challengerCorrect = attempt.challengerCorrect;
  let week = attempt.weekScore;
  if (mainScore !== null) {
    if (challengerCorrect === null) week = mainScore;
    else {
      const outcome = challengerOutcomeOf(
        keyOf(attempt.challengerQuestionId!),
        attempt.challengerOption,
      );
      challengerCorrect = outcome === 'correct';
      week = weekScore(mainScore, outcome);
    }
  }
  const after = { answers, correctCount, mainScore, challengerCorrect, weekScore: week };
  const changed =
    JSON.stringify(answers) !== JSON.stringify(attempt.answers) ||
    correctCount !== attempt.correctCount ||
    mainScore !== attempt.mainScore ||
    challengerCorrect !== attempt.challengerCorrect ||
    week !== attempt.weekScore;
  return changed ? after : null;
}

/** The key after the correction, or a refusal when it changes nothing or cannot apply. */
function correctedKey(question: QuestionRow, input: KeyCorrectionInput, now: Date): AnswerKey {
  if (question.voidedAt !== null) {
    throw new AppError('KEY_ALREADY_CORRECTED', 'This question has already been voided.');
  }
  if (input.action === 'void') {
    return { ...question, voidedAt: now };
  }
  if (!optionKeys(question.translations).includes(input.option)) {
    throw new AppError('UNKNOWN_OPTION', `'${input.option}' is not an option of this question.`);
  }
  if (accepts(question, input.option)) {
    throw new AppError(
      'KEY_ALREADY_CORRECTED',
      `Option ${input.option.toUpperCase()} is already accepted for this question.`,
    );
  }
  return { ...question, acceptedOptions: [...question.acceptedOptions, input.option] };
}

export async function correctKey(
  db: Database,
  actor: Actor,
  setNum: number,
  slot: QuestionSlot,
  input: KeyCorrectionInput,
  now: Date,
): Promise<KeyCorrectionResult> {
  const dryRun = input.dryRun ?? false;
  return db.transaction(async (tx) => {
    // Before anything else, so that no play write holds a lock this transaction then waits for
    // (see above). A dry run writes nothing and takes no lock.
    if (!dryRun) await store.lockAttemptWrites(tx);
    const { current } = await requireWeek(tx, setNum);
    const seasonId = current.season.id;
    await repo.lockWeek(tx, seasonId, setNum);
    if (!(await repo.weekHasAttempts(tx, seasonId, setNum))) {
      throw new AppError(
        'KEY_NOT_CORRECTABLE',
        `Nobody has played week ${setNum} yet: change the question itself instead.`,
      );
    }
    const rows = await repo.findWeekQuestions(tx, seasonId, setNum);
    const question = rows.find((row) => slotOf(row.kind, row.position) === slot);
    if (!question)
      throw new AppError('QUESTION_NOT_FOUND', `Week ${setNum} has no question in this slot.`);
    const key = correctedKey(question, input, now);
    const keys = new Map<number, AnswerKey>(
      rows.map((row) => [row.id, row.id === question.id ? key : row]),
    );

    const changes = (await store.findWeekAttempts(tx, seasonId, setNum)).flatMap((attempt) => {
      const after = rescoredAttempt(attempt, keys);
      return after
        ? [{ attempt, after, delta: (after.weekScore ?? 0) - (attempt.weekScore ?? 0) }]
        : [];
    });
    const scored = changes.filter((change) => change.delta !== 0);
    const playerIds = [...new Set(scored.map((change) => change.attempt.playerId))];
    const teamIds = [...new Set(scored.map((change) => change.attempt.teamId))];
    const [totals, teamWeeks, people, teamRows] = await sideBySide(tx, [
      () => store.findPlayerTotals(tx, seasonId, playerIds),
      () => store.findTeamWeekSums(tx, { seasonId, setNum }, teamIds),
      () => repo.findPeople(tx, playerIds),
      () => store.findTeams(tx, teamIds),
    ]);
    const sumOf = (pick: (change: (typeof scored)[number]) => boolean) =>
      scored.filter(pick).reduce((total, change) => total + change.delta, 0);
    const playerChanges = playerIds.map((playerId) => {
      const before = totals.find((row) => row.playerId === playerId)?.total ?? 0;
      const person = people.find((row) => row.id === playerId);
      return {
        playerId,
        name: person ? displayName(person) : '—',
        total: { before, after: before + sumOf((c) => c.attempt.playerId === playerId) },
      };
    });
    const teamChanges = teamIds.map((teamId) => {
      const before = teamWeeks.find((row) => row.teamId === teamId)?.scoreSum ?? 0;
      const team = teamRows.find((row) => row.id === teamId);
      return {
        teamId,
        name: team?.name ?? '—',
        flag: team?.flag ?? '',
        scoreSum: { before, after: before + sumOf((c) => c.attempt.teamId === teamId) },
      };
    });
    const result: KeyCorrectionResult = {
      dryRun,
      slot,
      before: keyView(question),
      after: keyView(key),
      attemptsChanged: changes.length,
      players: playerChanges,
      teams: teamChanges,
    };
    if (dryRun) return result;

    await store.writeKey(tx, question, {
      acceptedOptions: [...key.acceptedOptions],
      voidedAt: key.voidedAt === null ? null : new Date(key.voidedAt),
    });
    for (const { attempt, after, delta } of changes) {
      await store.writeRescored(tx, attempt.id, after);
      // The difference only; the time and the last submission stay as they were.
      if (delta !== 0) {
        await recordScore(tx, attempt, {
          scoreDelta: delta,
          timeMs: 0,
          played: false,
          at: attempt.finishedAt!,
        });
      }
    }
    // Totals of players and teams before and after; player ids only, as the log keeps ids.
    const figures = (side: 'before' | 'after') => ({
      key: side === 'before' ? result.before : result.after,
      players: playerChanges.map((p) => ({ playerId: p.playerId, total: p.total[side] })),
      teams: teamChanges.map((t) => ({ teamId: t.teamId, setNum, scoreSum: t.scoreSum[side] })),
    });
    await writeAudit(
      tx,
      actor,
      {
        action: input.action === 'void' ? 'question.void' : 'question.accept-option',
        entityType: 'question',
        entityId: `${setNum}/${slot}`,
        before: figures('before'),
        after: { ...figures('after'), attemptsChanged: changes.length },
        reason: input.reason,
      },
      now,
    );
    await notifyContentChanged(tx);
    await notifyStandingsChanged(tx, seasonId);
    return result;
  });
}
