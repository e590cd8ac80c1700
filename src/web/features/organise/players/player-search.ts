/** The players screen's search, kept in the address so that a result list can be linked and reloaded. */
export interface PlayerSearch {
  q: string;
  teamId: number | null;
  /** Only players with no e-mail address from the identity provider (no reminder reaches them). */
  withoutEmail: boolean;
  page: number;
}

export const PLAYER_PAGE_SIZE = 25;

const positiveInt = (text: string | null): number | null => {
  if (text === null || !/^\d{1,9}$/.test(text)) return null;
  const value = Number(text);
  return value > 0 ? value : null;
};

/**
 * Reads the search from the address, ignoring what the API would refuse.
 * @example parsePlayerSearch(new URLSearchParams('q=ana&team=3&page=2')) // { q: 'ana', teamId: 3, withoutEmail: false, page: 2 }
 */
export function parsePlayerSearch(params: URLSearchParams): PlayerSearch {
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    teamId: positiveInt(params.get('team')),
    withoutEmail: params.get('noEmail') === '1',
    page: positiveInt(params.get('page')) ?? 1,
  };
}

/** The address's parameters for a search: empty and default values left out. */
export function playerSearchParams(search: PlayerSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.teamId !== null) params.set('team', String(search.teamId));
  if (search.withoutEmail) params.set('noEmail', '1');
  if (search.page > 1) params.set('page', String(search.page));
  return params;
}

/** The API's query string for a search (GET /api/organise/players). */
export function searchQueryString(search: PlayerSearch): string {
  const params = new URLSearchParams({
    page: String(search.page),
    pageSize: String(PLAYER_PAGE_SIZE),
  });
  if (search.q) params.set('q', search.q);
  if (search.teamId !== null) params.set('teamId', String(search.teamId));
  if (search.withoutEmail) params.set('withoutEmail', '1');
  return params.toString();
}
