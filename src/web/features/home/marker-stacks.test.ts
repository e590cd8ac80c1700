import { describe, expect, it } from 'vitest';
import { stackLabels } from './marker-stacks';

const atStart = (id: number) => ({ id, progress: 0, x: 0.06, y: 0.75 });

describe('labels of teams at the same spot', () => {
  it('stack above a pin in the lower half, best placed nearest', () => {
    const places = stackLabels([atStart(1), atStart(2)], 400, 24);
    expect(places.get(1)).toMatchObject({ index: 0, row: 0, column: 0, below: false });
    expect(places.get(2)).toMatchObject({ index: 1, row: 1, column: 0, below: false });
  });

  it('wrap into a further column, rightwards near the start, when the stage is short', () => {
    // 0.75 × 200 − 24 = 126 px of room: 5 rows of 24 px.
    const places = stackLabels([1, 2, 3, 4, 5, 6, 7].map(atStart), 200, 24);
    expect(places.get(6)).toMatchObject({ row: 0, column: 1, rightward: true });
    expect(places.get(7)).toMatchObject({ row: 1, column: 1 });
  });

  it('keep teams at different spots apart, hanging below in the upper half', () => {
    const places = stackLabels([atStart(1), { id: 2, progress: 1, x: 0.95, y: 0.26 }], 400, 24);
    expect(places.get(2)).toMatchObject({ index: 0, row: 0, below: true, rightward: false });
  });
});
