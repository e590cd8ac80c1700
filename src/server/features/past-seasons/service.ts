import type { HallOfFame, PlayerHistory } from '#shared/contracts/past-seasons';
import type { Database } from '../../db/client';
import { listTeams } from '../standings/repository';
import * as repo from './repository';

/** Past seasons as the players read them: the hall of fame and their own history (ADR 0039). */

export async function hallOfFame(db: Database): Promise<HallOfFame> {
  const rows = await repo.listArchived(db);
  return {
    seasons: rows.map((row) => {
      // Whose names they are stays in the archive (for erasures), never in the answer.
      const { named: _named, ...results } = row.frozenResults!;
      return { id: row.id, name: row.name, archivedAt: row.archivedAt!.toISOString(), results };
    }),
  };
}

export async function history(db: Database, playerId: string): Promise<PlayerHistory> {
  const [archived, entries, teams] = await Promise.all([
    repo.listArchived(db),
    repo.playerHistory(db, playerId),
    listTeams(db),
  ]);
  return {
    seasons: entries.map((entry) => {
      const season = archived.find((row) => row.id === entry.seasonId)!;
      const team = teams.find((row) => row.id === entry.teamId);
      const standing = season.frozenResults!.standings.find((row) => row.teamId === team?.id);
      return {
        seasonId: season.id,
        name: season.name,
        archivedAt: season.archivedAt!.toISOString(),
        team: team ? { name: team.name, flag: team.flag, region: team.region } : null,
        total: entry.total,
        weeksPlayed: entry.weeksPlayed,
        rank: entry.rank,
        rankedPlayers: entry.rankedPlayers,
        teamPosition: standing?.position ?? null,
      };
    }),
  };
}
