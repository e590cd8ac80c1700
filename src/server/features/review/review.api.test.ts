import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moments2025, weeksOff } from '../../../../tests/factories';
import {
  answerKey,
  createPlayApp,
  errorCode,
  expectStatus,
  playMainSet,
  registeredPlayer,
  signedInPlayer,
  SECOND,
  type PlayApp,
  type Player,
} from '../../../../tests/play-helpers';
import type { WeekReview } from '#shared/contracts/review';
import { questions } from '../../db/schema';
import type { QuestionRow } from '../play/repository';
import { notifyContentChanged } from '../season/content-cache';

/**
 * GET /api/weeks/:setNum/review (ADR 0019): a week's questions, correct options, explanations
 * and sources, with the player's own answers, once the week has closed in every time zone
 * (Friday 7 Feb 2025 ends in UTC−12 at 2025-02-08T12:00Z) and never before.
 */

const CLOSED_EVERYWHERE = new Date('2025-02-08T12:00:00.000Z');
const JUST_BEFORE = new Date('2025-02-08T11:59:59.999Z');

let t: PlayApp;
let camille: Player; // French, plays week 1 and its challenger
let luis: Player; // registered, does not play
let kasia: Player; // week 1 switched off (holiday)
let olivia: Player; // signed in, never chose a team
let rightOptions: string[];

/** Week 1's English explanations, and French ones for questions 1–4 only (5: English fallback). */
async function writeExplanations(change?: (row: QuestionRow) => QuestionRow['translations']) {
  const db = t.database.db;
  const rows = await db.select().from(questions).where(eq(questions.setNum, 1));
  for (const row of rows) {
    if (change) {
      await db
        .update(questions)
        .set({ translations: change(row) })
        .where(eq(questions.id, row.id));
      continue;
    }
    const tag = row.kind === 'challenger' ? 'C' : String(row.position);
    const translations = structuredClone(row.translations);
    translations.en!.explanation = `EXPLAINED-EN-${tag}`;
    if (row.kind === 'main' && row.position < 5) {
      translations.fr!.explanation = `EXPLIQUÉ-FR-${tag}`;
    } else {
      delete translations.fr!.explanation; // the content's own, which the fallback must not need
    }
    await db.update(questions).set({ translations }).where(eq(questions.id, row.id));
  }
  await notifyContentChanged(db);
}

const review = (player: Player, setNum: number | string = 1) =>
  t.app.inject({ url: `/api/weeks/${setNum}/review`, headers: { cookie: player.cookie } });

beforeAll(async () => {
  // Registered before launch: week 1 can be switched off only until the day before it opens.
  t = await createPlayApp(moments2025.beforeLaunch);
  await writeExplanations();
  camille = await registeredPlayer(t, 'demo-camille', { team: 'fr', language: 'fr' });
  luis = await registeredPlayer(t, 'demo-luis');
  kasia = await registeredPlayer(t, 'demo-kasia', { team: 'pl', activeWeeks: weeksOff(1) });
  olivia = await signedInPlayer(t, 'demo-olivia');
  t.clock.set(moments2025.week1Open);
  const view = await playMainSet(t, camille, 'rrwrw');
  const key = await answerKey(t.database.db, view.id);
  rightOptions = [1, 2, 3, 4, 5].map((position) => key.right(position));
  expectStatus(await camille.finish(view.id), 200);
  expectStatus(await camille.startChallenger(view.id), 200);
  t.clock.advance(5 * SECOND);
  const withChallenger = await answerKey(t.database.db, view.id);
  expectStatus(await camille.answerChallenger(view.id, withChallenger.challengerWrong()), 200);
  // A French translation without one option (possible only by editing the stored row: a week
  // opens fully translated) shows that option in English.
  await writeExplanations((row) => {
    const translations = structuredClone(row.translations);
    if (row.kind === 'main' && row.position === 2) delete translations.fr!.options.a;
    return translations;
  });
});
afterAll(() => t.close());

describe('before the week has closed in every time zone', () => {
  it('refuses every player with WEEK_NOT_CLOSED while the week is open', async () => {
    for (const player of [camille, luis, kasia, olivia]) {
      expect(errorCode(await review(player), 409)).toBe('WEEK_NOT_CLOSED');
    }
  });

  it('still refuses 1 ms before Friday ends in UTC−12, when Paris closed long ago', async () => {
    t.clock.set(JUST_BEFORE);
    const refused = await review(camille);
    expect(errorCode(refused, 409)).toBe('WEEK_NOT_CLOSED');
    expect(refused.body).not.toMatch(/EXPLAINED|EXPLIQUÉ/);
  });

  it('refuses a later week that has not even opened', async () => {
    t.clock.set(CLOSED_EVERYWHERE);
    expect(errorCode(await review(camille, 2), 409)).toBe('WEEK_NOT_CLOSED');
  });
});

describe('once closed everywhere', () => {
  it('shows the player their answers, the correct options and points, in their language', async () => {
    t.clock.set(CLOSED_EVERYWHERE);
    const shown = expectStatus<WeekReview>(await review(camille), 200);
    expect(shown).toMatchObject({ setNum: 1, eventId: 1, eventWeek: 1, onHoliday: false });
    expect(shown.questions.map((q) => q.position)).toEqual([1, 2, 3, 4, 5]);
    expect(shown.questions.map((q) => q.correctOption)).toEqual(rightOptions);
    const answers = shown.questions.map((q) => q.answer);
    expect(answers.map((answer, i) => answer === rightOptions[i])).toEqual([
      true,
      true,
      false,
      true,
      false,
    ]);
    expect(shown.result).toMatchObject({ correctCount: 3, timedOut: false });
    expect(shown.result!.mainScore).toBe(300 + shown.result!.speedBonus);
    expect(shown.result!.speedBonus).toBeGreaterThan(0);
    // A wrong challenger halves the week.
    expect(shown.challenger.outcome).toBe('wrong');
    expect(shown.result!.weekScore).toBe(Math.round(shown.result!.mainScore / 2));
    expect(shown.challenger.question!.answer).not.toBeNull();
    expect(shown.challenger.question!.answer).not.toBe(shown.challenger.question!.correctOption);
  });

  it('falls back to English field by field: explanation of question 5, option a of question 2', async () => {
    const shown = expectStatus<WeekReview>(await review(camille), 200);
    expect(shown.questions.map((q) => q.explanation)).toEqual([
      'EXPLIQUÉ-FR-1',
      'EXPLIQUÉ-FR-2',
      'EXPLIQUÉ-FR-3',
      'EXPLIQUÉ-FR-4',
      'EXPLAINED-EN-5',
    ]);
    const [english] = await t.database.db
      .select()
      .from(questions)
      .where(and(eq(questions.setNum, 1), eq(questions.kind, 'main'), eq(questions.position, 2)));
    const second = shown.questions[1]!;
    expect(second.text).toBe(english!.translations.fr!.text);
    expect(second.options.find((o) => o.key === 'a')!.text).toBe(
      english!.translations.en!.options.a,
    );
    expect(second.options.find((o) => o.key === 'b')!.text).toBe(
      english!.translations.fr!.options.b,
    );
    expect(second.source).toBe(english!.source);
    expect(shown.challenger.question!.explanation).toBe('EXPLAINED-EN-C');
  });

  it('shows a player who did not play the questions and answers, with no answers of theirs', async () => {
    const shown = expectStatus<WeekReview>(await review(luis), 200);
    expect(shown.result).toBeNull();
    expect(shown.onHoliday).toBe(false);
    expect(shown.questions.map((q) => q.answer)).toEqual([null, null, null, null, null]);
    expect(shown.questions.map((q) => q.correctOption)).toEqual(rightOptions);
    expect(shown.questions[0]!.explanation).toBe('EXPLAINED-EN-1');
    expect(shown.challenger).toMatchObject({ outcome: 'not-taken', question: { answer: null } });
    expect(shown.challenger.question!.correctOption).toMatch(/^[a-e]$/);
  });

  it('says a snoozed week was a holiday, and still shows its questions', async () => {
    const shown = expectStatus<WeekReview>(await review(kasia), 200);
    expect(shown).toMatchObject({ onHoliday: true, result: null });
    expect(shown.questions).toHaveLength(5);
  });

  it('serves a signed-in player without a team', async () => {
    const shown = expectStatus<WeekReview>(await review(olivia), 200);
    expect(shown.result).toBeNull();
    expect(shown.questions.map((q) => q.correctOption)).toEqual(rightOptions);
  });

  it('refuses a week that does not exist, a malformed one, and a signed-out caller', async () => {
    expect(errorCode(await review(camille, 7), 400)).toBe('BAD_REQUEST');
    expect(errorCode(await review(camille, 'one'), 400)).toBe('BAD_REQUEST');
    const anonymous = await t.app.inject({ url: '/api/weeks/1/review' });
    expect(errorCode(anonymous, 401)).toBe('UNAUTHENTICATED');
  });
});
