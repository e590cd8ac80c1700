import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Attempt } from '#shared/contracts/play';
import { attemptChanged, attemptQuery } from './attempt';

const question = (position: number) => ({
  position,
  category: 'brain' as const,
  text: `Question ${position}`,
  options: [
    { key: 'a', text: 'A' },
    { key: 'b', text: 'B' },
  ],
  correctOption: null,
  correction: null,
});

/** Attempt a1 with `answered` questions answered, as the server would send it. */
function attemptAfter(answered: number, status: Attempt['status'] = 'pending'): Attempt {
  return {
    id: 'a1',
    setNum: 1,
    status,
    startedAt: '2026-12-02T10:00:00.000Z',
    deadlineAt: '2026-12-02T10:05:02.000Z',
    timeLimitSeconds: 300,
    serverNow: `2026-12-02T10:00:${String(10 * answered).padStart(2, '0')}.000Z`,
    questions: [1, 2, 3, 4, 5].map(question),
    answers: Array.from({ length: answered }, (_, index) => ({ position: index + 1, option: 'a' })),
    nextPosition: answered < 5 ? answered + 1 : null,
    result: null,
    challenger: null,
    weekScore: null,
  };
}

describe('attemptChanged (the answer to a play call)', () => {
  it('is not replaced by the attempt as it stood before the answer, fetched before it and answered after', async () => {
    const client = new QueryClient();
    const { queryKey } = attemptQuery('a1');
    client.setQueryData(queryKey, attemptAfter(1));
    // A refetch of the attempt (a reload, a return to the tab) leaves before the answer is given…
    let answerRefetch!: (attempt: Attempt) => void;
    const refetch = new Promise<Attempt>((resolve) => (answerRefetch = resolve));
    void client.fetchQuery({ queryKey, queryFn: () => refetch }).catch(() => undefined);

    // …the answer's own response arrives, and then the refetch's.
    await attemptChanged(client, attemptAfter(2));
    answerRefetch(attemptAfter(1));
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(client.getQueryData(queryKey)?.nextPosition).toBe(3);
  });

  it('refetches the week, and once the set is scored the stats and the standings', async () => {
    const client = new QueryClient();
    const keys = [['current-week'], ['me', 'stats'], ['standings', 'overall'], ['me']];
    for (const key of keys) client.setQueryData(key, 'as before');
    const stale = () =>
      keys.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key.join('/'));

    await attemptChanged(client, attemptAfter(3));
    expect(stale()).toEqual(['current-week']);

    await attemptChanged(client, attemptAfter(5, 'done'));
    expect(stale()).toEqual(['current-week', 'me/stats', 'standings/overall']);
  });
});
