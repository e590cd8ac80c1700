import type { MyData } from '#shared/contracts/privacy';

/**
 * Where each table's personal data goes in a player's export (a section of GET /api/me/export)
 * and what their erasure does to it (ADR 0038). coverage.api.test.ts reads every table of the
 * database and fails when one is in neither list below, or names a player and is not in the
 * first: a new table cannot be forgotten.
 */
export const PERSONAL_DATA_TABLES: Record<
  string,
  {
    export: keyof MyData;
    erasure: 'anonymised' | 'deleted' | 'kept, anonymous' | 'names and reasons removed';
  }
> = {
  players: { export: 'profile', erasure: 'anonymised' },
  sessions: { export: 'sessions', erasure: 'deleted' },
  active_weeks: { export: 'calendar', erasure: 'kept, anonymous' },
  attempts: { export: 'attempts', erasure: 'kept, anonymous' },
  player_totals: { export: 'seasonTotals', erasure: 'kept, anonymous' },
  reminders: { export: 'reminders', erasure: 'deleted' },
  audit_log: { export: 'audit', erasure: 'names and reasons removed' },
  questions: { export: 'questionsApproved', erasure: 'kept, anonymous' },
  time_requests: { export: 'timeRequests', erasure: 'deleted' },
};

/**
 * Tables that name a player but are deliberately not in the export, and why. The erasure still
 * removes the player from them.
 */
export const ERASED_NOT_EXPORTED: Record<string, string> = {
  idp_artifacts:
    "the embedded demo identity provider's own sessions and grants (demo only), not Podium's records",
};

/** Tables that hold no personal data, and why. */
export const NO_PERSONAL_DATA: Record<string, string> = {
  login_transactions: 'a sign-in under way: state, nonce and verifier, before any player is known',
  seasons:
    "the championship calendar; an archived season's frozen results name its regional winners and top players, and an erasure replaces the erased player's name there (ADR 0039)",
  events: 'the championship calendar',
  weeks: 'the championship calendar',
  teams: 'country teams',
  sales_teams: 'sales teams (names of groups, not of people)',
  languages: 'the interface languages',
  team_week_stats: 'per-team sums and counts, no player',
};
