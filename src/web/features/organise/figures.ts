import { fastestTimeLabel } from '#shared/domain/durations';
import { formatPoints, formatter } from '../../lib/format';

/** Shown where a figure does not exist yet (nobody played, nobody answered). */
export const DASH = '–';

/** A score in hundredths of a point, as the player screens show it. */
export const scoreText = (hundredths: number | null, language: string) =>
  hundredths === null ? DASH : formatPoints(hundredths, language);

/** A time in seconds, as the player screens show it (mm:ss, or hh:mm:ss past an hour). */
export const timeText = (seconds: number | null) =>
  seconds === null ? DASH : fastestTimeLabel(seconds);

/** A whole percent in the interface language: '40 %', '40%'. */
export const percentText = (percent: number | null, language: string) =>
  percent === null
    ? DASH
    : formatter(
        `percent ${language}`,
        () => new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }),
      ).format(percent / 100);
