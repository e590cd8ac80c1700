import { useTranslation } from '../adapters/i18n';

/**
 * A set's time as words ("10 minutes", "7 min 30 s"), for the instructions, the account page and
 * the organisers' player page (time accommodations, ADR 0037).
 */
export function useTimeLimitLabel() {
  const { t } = useTranslation();
  return (seconds: number) => {
    const minutes = Math.floor(seconds / 60);
    const rest = Math.round(seconds % 60);
    return rest === 0
      ? t('time.minutes', { count: minutes })
      : t('time.minutesSeconds', { minutes, seconds: rest });
  };
}
