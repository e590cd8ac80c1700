import { usePlayer } from '../../../lib/use-player';
import { useTeamsAndLanguages } from '../../../api/teams-and-languages';

/**
 * The zone a player's dates read in on the organiser's screens: their team's (`teamId`), where
 * their weeks open and close; the organiser's own until the teams have loaded, or for a player
 * with no team.
 */
export function usePlayerZone(teamId: number | undefined): string {
  const me = usePlayer();
  const teams = useTeamsAndLanguages();
  return teams.data?.teams.find((team) => team.id === teamId)?.timeZone ?? me.timeZone;
}
