import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './language';
import {
  describeWeekProblem,
  isTranslationComplete,
  missingLanguages,
  questionShapeIssues,
  weekReadiness,
  type QuestionSlot,
  type ReviewedQuestion,
} from './question-review';

const texts = { text: 'Which?', options: { a: 'One', b: 'Two', c: 'Three' } };
const allLanguages = Object.fromEntries(LANGUAGES.map((language) => [language, texts]));
const question = (slot: QuestionSlot, overrides: Partial<ReviewedQuestion> = {}) => ({
  slot,
  status: 'approved' as const,
  translations: allLanguages,
  ...overrides,
});
const fullWeek = () => ([1, 2, 3, 4, 5, 'challenger'] as const).map((slot) => question(slot));

describe('questionShapeIssues', () => {
  it('accepts three options keyed a–c with the correct one among them', () => {
    expect(questionShapeIssues({ correct: 'c', translations: allLanguages })).toEqual([]);
  });

  it('requires English, options keyed a, b, c… and a correct option that exists', () => {
    expect(questionShapeIssues({ correct: 'a', translations: { fr: texts } })).toEqual([
      { path: ['translations', 'en'], message: 'English is required (it is the fallback)' },
    ]);
    const gap = { text: 'Q', options: { a: 'x', c: 'y' } };
    expect(questionShapeIssues({ correct: 'd', translations: { en: gap } })).toEqual([
      { path: ['translations', 'en', 'options'], message: 'needs 2 to 5 options keyed a, b, c…' },
      { path: ['correct'], message: "'d' is not one of the options" },
    ]);
  });

  it('refuses a translation with other option keys than English', () => {
    const issues = questionShapeIssues({
      correct: 'a',
      translations: { en: texts, th: { text: 'ข้อ', options: { a: '1', b: '2' } } },
    });
    expect(issues).toEqual([
      {
        path: ['translations', 'th', 'options'],
        message: 'must have the same option keys as English',
      },
    ]);
  });
});

describe('translation completeness', () => {
  it('is complete with the text and every option filled in', () => {
    expect(isTranslationComplete(texts, ['a', 'b', 'c'])).toBe(true);
    expect(isTranslationComplete({ ...texts, text: '  ' }, ['a', 'b', 'c'])).toBe(false);
    expect(isTranslationComplete({ text: 'Q', options: { a: '1', b: '' } }, ['a', 'b'])).toBe(
      false,
    );
    expect(isTranslationComplete(undefined, ['a', 'b'])).toBe(false);
  });

  it('lists the languages a question lacks', () => {
    expect(missingLanguages({ en: texts, es: texts })).toEqual(['fr', 'id', 'pl', 'th', 'vi']);
  });
});

describe('weekReadiness', () => {
  it('is ready with six approved, fully translated questions', () => {
    expect(weekReadiness(fullWeek())).toEqual({ ready: true, problems: [] });
  });

  it('names a missing challenger, a draft and an untranslated question', () => {
    const week = fullWeek().slice(0, 5);
    week[1] = question(2, { status: 'draft' });
    week[3] = question(4, { translations: { ...allLanguages, vi: { ...texts, text: '' } } });
    const { ready, problems } = weekReadiness(week);
    expect(ready).toBe(false);
    expect(problems).toEqual([
      { slot: 2, problem: 'draft', languages: [] },
      { slot: 4, problem: 'incomplete', languages: ['vi'] },
      { slot: 'challenger', problem: 'missing', languages: [] },
    ]);
    expect(problems.map(describeWeekProblem)).toEqual([
      'question 2 is not approved',
      'question 4 is not translated into vi',
      'the challenger is missing',
    ]);
  });
});
