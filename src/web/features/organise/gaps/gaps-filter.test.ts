import { describe, expect, it } from 'vitest';
import { filterFromParams, paramsFromFilter } from './gaps-filter';

describe('the knowledge gaps filter in the address', () => {
  it('reads week, region and team, and writes them back', () => {
    const filter = filterFromParams(new URLSearchParams('week=2&region=EUROPE&team=7'));
    expect(filter).toEqual({ setNum: 2, region: 'EUROPE', teamId: 7 });
    expect(paramsFromFilter(filter)).toEqual({ week: '2', region: 'EUROPE', team: '7' });
  });

  it('drops what it does not know rather than send it', () => {
    expect(filterFromParams(new URLSearchParams('week=9&region=MARS&team=x'))).toEqual({});
    expect(filterFromParams(new URLSearchParams(''))).toEqual({});
    expect(paramsFromFilter({})).toEqual({});
  });
});
