import { describe, expect, it } from 'vitest';
import type { OrganiserQuestion, WeekQuestions } from '#shared/contracts/organise-questions';
import { QUESTION_SLOTS } from '#shared/domain/question-review';
import { importChanges } from './import-changes';

const question = (updatedAt: string) => ({ updatedAt }) as OrganiserQuestion;

const weekOf = (questions: Record<string, OrganiserQuestion | null>): WeekQuestions => ({
  setNum: 1,
  opensOn: '2026-11-17',
  closesOn: '2026-11-20',
  locked: false,
  readiness: { ready: false, problems: [] },
  slots: QUESTION_SLOTS.map((slot) => ({ slot, question: questions[String(slot)] ?? null })),
});

describe('what an import would change', () => {
  it('names the slots added and the ones rewritten, not those left as they were', () => {
    const before = weekOf({ '1': question('t1'), '2': question('t1'), challenger: question('t1') });
    const after = weekOf({
      '1': question('t1'),
      '2': question('t2'),
      '3': question('t2'),
      challenger: question('t1'),
    });
    expect(importChanges(before, after)).toEqual([
      { slot: 2, change: 'changed' },
      { slot: 3, change: 'added' },
    ]);
  });

  it('finds nothing when the file holds the week as it is', () => {
    const week = weekOf({ '1': question('t1'), challenger: question('t1') });
    expect(importChanges(week, week)).toEqual([]);
  });
});
