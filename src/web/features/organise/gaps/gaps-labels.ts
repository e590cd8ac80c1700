import type { TFunction } from 'i18next';
import type { GapFigures } from '../../../../shared/contracts/organise-gaps';
import { fastestTimeLabel } from '../../../../shared/domain/durations';

/** Shown where a figure does not exist yet, as on the dashboard. */
export const DASH = '–';

/** A whole percent in the interface language ('40 %', '40%'), as the dashboard shows it. */
export const percentText = (percent: number | null, language: string) =>
  percent === null
    ? DASH
    : new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(
        percent / 100,
      );

/** A time in seconds as the player screens show it (mm:ss). */
export const timeText = (seconds: number | null) =>
  seconds === null ? DASH : fastestTimeLabel(seconds);

/** A season topic in the interface language (topics live in the main locale), else its key. */
export function topicName(category: string, t: TFunction, exists: (key: string) => boolean) {
  return exists(`topics.${category}`) ? t(`topics.${category}`, { ns: 'translation' }) : category;
}

/** '12 answers, 1 ran out of time' for a row's counts. */
export function countsText(figures: GapFigures, t: TFunction<'organise-gaps'>) {
  const answers = t('counts.outcomes', { count: figures.counted });
  return figures.timedOut > 0
    ? t('counts.withTimedOut', {
        answers,
        timedOut: t('counts.timedOut', { count: figures.timedOut }),
      })
    : answers;
}
