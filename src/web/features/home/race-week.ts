import type { Me, PlayerWeek } from '#shared/contracts/me';
import { currentWeek } from '../../lib/player-season';

type Season = NonNullable<Me['season']>;
export type SeasonEvent = Season['events'][number];

/** The event of the current week; only its button is enabled on the intro card. */
export function currentEvent(season: Season): SeasonEvent | null {
  const week = currentWeek(season);
  return season.events.find((event) => event.id === week?.eventId) ?? season.events[0] ?? null;
}

/**
 * The week whose race the track shows: the open week; between the two weeks of an event, the
 * week that just closed (its final order is what players want to see); otherwise the current
 * week, whose race has not started yet.
 * @example raceWeek({ phase: 'between-weeks', currentSetNum: 2, … }) // week 1, closed
 */
export function raceWeek(season: Season): PlayerWeek | null {
  const current = currentWeek(season);
  if (!current || current.status !== 'upcoming') return current;
  const closedOfEvent = season.weeks
    .filter((week) => week.eventId === current.eventId && week.status === 'closed')
    .sort((a, b) => b.setNum - a.setNum);
  return closedOfEvent[0] ?? current;
}

/** The week that opens next, if any (the ended state says when). */
export function nextWeek(season: Season): PlayerWeek | null {
  return (
    [...season.weeks]
      .filter((week) => week.status === 'upcoming')
      .sort((a, b) => a.setNum - b.setNum)[0] ?? null
  );
}
