import { useTranslation } from '../../adapters/i18n';
import type { MyTeam } from '#shared/contracts/standings';
import { fastestTimeLabel } from '#shared/domain/durations';
import { formatPoints } from '../../lib/format';
import { StatTiles } from '../../components/stat-tiles';

const DASH = '–';

/**
 * Spec §2 'Leaderboard screen', the three tiles: overall team score, active participants this
 * week (who played of the active members), and the team's average completion time this week.
 * Without figures (no team, or a failed load) each tile shows a dash. After the season the
 * week's two tiles are about the last week (not 'this week').
 */
export function TeamTiles({
  team,
  loading,
  seasonEnded = false,
}: {
  team: MyTeam | undefined;
  loading: boolean;
  /** After the last week the week's tiles are the last week's, and say so. */
  seasonEnded?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const tiles = [
    { key: 'score', value: team ? formatPoints(team.overall, i18n.language) : DASH },
    {
      key: 'participants',
      value: team
        ? t('leaderboard.tiles.participantsValue', {
            played: team.participants,
            active: team.activeMembers,
          })
        : DASH,
    },
    {
      key: 'speed',
      value: team && team.averageSeconds !== null ? fastestTimeLabel(team.averageSeconds) : DASH,
    },
  ];
  return (
    <StatTiles
      loading={loading}
      tiles={tiles.map((tile) => ({
        ...tile,
        label: t(
          seasonEnded && tile.key !== 'score'
            ? `leaderboard.tiles.${tile.key}LastWeek`
            : `leaderboard.tiles.${tile.key}`,
        ),
      }))}
    />
  );
}
