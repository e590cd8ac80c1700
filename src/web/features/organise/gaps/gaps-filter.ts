import type { GapsQuery } from '#shared/contracts/organise-gaps';
import { REGIONS, type Region } from '#shared/domain/regions';
import { WEEK_COUNT } from '#shared/domain/calendar';

/**
 * The filter from the address (?week=2&region=EUROPE&team=7), so that a view can be shared;
 * anything unknown is dropped rather than sent to the server.
 */
export function filterFromParams(params: URLSearchParams): GapsQuery {
  const filter: GapsQuery = {};
  const week = Number(params.get('week'));
  if (Number.isInteger(week) && week >= 1 && week <= WEEK_COUNT) filter.setNum = week;
  const region = params.get('region');
  if (REGIONS.includes(region as Region)) filter.region = region as Region;
  const team = Number(params.get('team'));
  if (Number.isInteger(team) && team >= 1) filter.teamId = team;
  return filter;
}

/** The address's parameters for a filter (the inverse of filterFromParams). */
export function paramsFromFilter(filter: GapsQuery): Record<string, string> {
  return {
    ...(filter.setNum === undefined ? {} : { week: String(filter.setNum) }),
    ...(filter.region === undefined ? {} : { region: filter.region }),
    ...(filter.teamId === undefined ? {} : { team: String(filter.teamId) }),
  };
}
