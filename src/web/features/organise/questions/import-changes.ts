import type { WeekQuestions } from '#shared/contracts/organise-questions';

export type SlotChange = {
  slot: WeekQuestions['slots'][number]['slot'];
  change: 'added' | 'changed';
};

/**
 * The slots an import would add or change, from the week before and the dry run's week after
 * (the server stamps every question it rewrites, so an unchanged question keeps its time).
 * @example importChanges(before, after) // [{ slot: 2, change: 'changed' }]
 */
export function importChanges(before: WeekQuestions, after: WeekQuestions): SlotChange[] {
  return after.slots.flatMap(({ slot, question }): SlotChange[] => {
    if (!question) return [];
    const old = before.slots.find((entry) => entry.slot === slot)?.question ?? null;
    if (!old) return [{ slot, change: 'added' }];
    return old.updatedAt === question.updatedAt ? [] : [{ slot, change: 'changed' }];
  });
}
