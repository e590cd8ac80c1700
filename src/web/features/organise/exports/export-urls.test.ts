import { describe, expect, it } from 'vitest';
import { playersCsvUrl, standingsCsvUrl, winnersCsvUrl } from './export-urls';

describe('the export addresses', () => {
  it('ask for every week begun, or for one week', () => {
    expect(standingsCsvUrl(null)).toBe('/api/organise/exports/standings.csv');
    expect(standingsCsvUrl(4)).toBe('/api/organise/exports/standings.csv?setNum=4');
    expect(playersCsvUrl()).toBe('/api/organise/exports/players.csv');
  });

  it('ask for the number of players per region the organiser typed', () => {
    expect(winnersCsvUrl(1)).toBe('/api/organise/exports/regional-winners.csv?top=1');
    expect(winnersCsvUrl(10)).toBe('/api/organise/exports/regional-winners.csv?top=10');
  });

  it('keep that number within the 1 to 100 the API accepts', () => {
    expect(winnersCsvUrl(0)).toMatch(/top=1$/);
    expect(winnersCsvUrl(-5)).toMatch(/top=1$/);
    expect(winnersCsvUrl(250)).toMatch(/top=100$/);
    expect(winnersCsvUrl(2.7)).toMatch(/top=2$/);
    expect(winnersCsvUrl(Number.NaN)).toMatch(/top=1$/);
  });

  it('name a past season when one is chosen', () => {
    expect(standingsCsvUrl(null, '2025')).toBe('/api/organise/exports/standings.csv?season=2025');
    expect(standingsCsvUrl(6, '2025')).toBe(
      '/api/organise/exports/standings.csv?setNum=6&season=2025',
    );
    expect(playersCsvUrl('2025')).toBe('/api/organise/exports/players.csv?season=2025');
    expect(winnersCsvUrl(3, '2025')).toBe(
      '/api/organise/exports/regional-winners.csv?top=3&season=2025',
    );
  });
});
