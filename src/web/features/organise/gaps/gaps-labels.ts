import type { TFunction } from '../../../adapters/i18n';
import type { GapFigures } from '#shared/contracts/organise-gaps';

/** A season topic in the interface language (topics live in the main locale), else its key. */
export function topicName(category: string, t: TFunction, exists: (key: string) => boolean) {
  return exists(`topics.${category}`) ? t(`topics.${category}`, { ns: 'translation' }) : category;
}

/** '12 answers, 1 ran out of time' for a row's counts. */
export function countsText(figures: GapFigures, t: TFunction) {
  const answers = t('counts.outcomes', { count: figures.counted });
  return figures.timedOut > 0
    ? t('counts.withTimedOut', {
        answers,
        timedOut: t('counts.timedOut', { count: figures.timedOut }),
      })
    : answers;
}
