import { useTranslation } from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-message';

/**
 * The message for a failed change to a player. A few codes are worded for players in the main
 * locale ("Register with your team first"); here they are about the player being changed.
 */
export function useActionErrorText(action: 'move' | 'inactive') {
  const { t } = useTranslation('organise-players');
  const errorText = useErrorText();
  return (error: unknown) => {
    const code = error instanceof ApiError ? error.code : null;
    if (code === 'NOT_REGISTERED' || code === 'WEEK_INACTIVE') return t(`player.errors.${code}`);
    if (code === 'TEAM_CHANGE_LOCKED') {
      return t(action === 'move' ? 'player.errors.moveLocked' : 'player.errors.inactiveLocked');
    }
    return errorText(error);
  };
}
