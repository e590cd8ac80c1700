import { describe, expect, it } from 'vitest';
import { REGIONS } from './regions';

describe('the regions', () => {
  it('are the four of the championship, in the order the menus show them', () => {
    expect(REGIONS).toEqual(['ASEAN', 'LATAM', 'EUROPE', 'US_CANADA']);
  });
});
