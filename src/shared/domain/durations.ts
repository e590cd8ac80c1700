/**
 * Countdowns and durations as the screens show them (the play countdown, the time figures).
 */

const pad = (value: number) => String(value).padStart(2, '0');

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Days, hours and minutes while days remain; hours, minutes and seconds under a day. */
  units: readonly ['days', 'hours', 'minutes'] | readonly ['hours', 'minutes', 'seconds'];
}

/**
 * Splits the time left until a moment, never below zero.
 * @example countdownParts(90_061_000) // { days: 1, hours: 1, minutes: 1, seconds: 1, units: ['days', 'hours', 'minutes'] }
 */
export function countdownParts(remainingMs: number): CountdownParts {
  const total = Math.max(0, Math.floor(remainingMs / 1000));
  const days = Math.floor(total / 86_400);
  return {
    days,
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    units:
      days > 0
        ? (['days', 'hours', 'minutes'] as const)
        : (['hours', 'minutes', 'seconds'] as const),
  };
}

/** @example formatDuration(3723) // '01:02:03' */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/**
 * The fastest-time tile: hh:mm:ss with the leading hours dropped when they are '00'
 * (rather than an 8-character string starting with '00').
 * @example fastestTimeLabel(95) // '01:35'
 * @example fastestTimeLabel(3725) // '01:02:05'
 */
export function fastestTimeLabel(totalSeconds: number): string {
  const text = formatDuration(totalSeconds);
  return text.length === 8 && text.startsWith('00') ? text.slice(3) : text;
}

/** The play timer: mm:ss. @example clockLabel(299_400) // '04:59' */
export function clockLabel(remainingMs: number): string {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

/**
 * Average speed: set time divided by the number of answered questions, as hh:mm:ss.
 * @example averageSpeedLabel(100, 4) // '00:00:25'
 */
export function averageSpeedLabel(setSeconds: number, answered: number): string {
  return answered > 0 ? formatDuration(setSeconds / answered) : formatDuration(0);
}
