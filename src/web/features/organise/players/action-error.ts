import { useTranslation } from '../../../adapters/i18n';
import type { PlayerDetail } from '#shared/contracts/organise-players';
import { ApiError } from '../../../lib/api-client';
import { formatMoment } from '../../../lib/moment';
import { useErrorText } from '../../../lib/use-error-message';
import { usePlayerZone } from './player-zone';

/**
 * The message for a failed change to a player. A few codes are worded for players in the main
 * locale ("Register with your team first"); here they are about the player being changed. A
 * refused move says why: no week is left to play, or which week is over in one team's zone and
 * not yet in the other's, and from when (in the player's team zone) the move can go through.
 */
export function useActionErrorText(
  change: { action: 'inactive' } | { action: 'move'; player: PlayerDetail['player'] },
) {
  const { t, i18n } = useTranslation('organise-players');
  const errorText = useErrorText();
  const timeZone = usePlayerZone(change.action === 'move' ? change.player.team?.id : undefined);
  return (error: unknown) => {
    const code = error instanceof ApiError ? error.code : null;
    if (code === 'NOT_REGISTERED' || code === 'WEEK_INACTIVE') return t(`player.errors.${code}`);
    if (code !== 'TEAM_CHANGE_LOCKED') return errorText(error);
    if (change.action === 'inactive') return t('player.errors.inactiveLocked');
    const { details } = error as ApiError;
    const { name } = change.player;
    if (!details || !('week' in details)) return t('player.errors.moveNoWeekLeft', { name });
    return t('player.errors.moveWeekSplit', {
      name,
      week: details.week,
      time: formatMoment(details.movableFrom, i18n.language, timeZone),
    });
  };
}
