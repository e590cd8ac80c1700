/**
 * Where the labels of teams that finish at the same spot go (often the whole field sits on the
 * start line): stacked into a column away from the nearer edge, wrapping into further columns
 * when the stage is too short, so every label stays readable.
 */

export interface StackInput {
  id: number;
  /** 0–1 along the route. */
  progress: number;
  /** The target point, as fractions of the stage's width and height. */
  x: number;
  y: number;
}

export interface StackPlace {
  /** Rank within the group of teams at the same spot (0 = best placed). */
  index: number;
  row: number;
  column: number;
  /** Labels hang below the pin in the upper half of the stage, above it in the lower half. */
  below: boolean;
  /** Further columns go right near the start of the stage, left near its end. */
  rightward: boolean;
}

/** Space kept free between a column of labels and the stage's edge, in pixels. */
const EDGE_PX = 24;

/**
 * @example stackLabels([{ id: 1, progress: 0, x: 0.1, y: 0.75 }, { id: 2, progress: 0, … }], 300, 24)
 * // 1 → row 0 above, 2 → row 1 above
 */
export function stackLabels(
  markers: readonly StackInput[],
  stageHeightPx: number,
  rowPx: number,
): Map<number, StackPlace> {
  const groups = new Map<string, StackInput[]>();
  for (const marker of markers) {
    const key = marker.progress.toFixed(3);
    groups.set(key, [...(groups.get(key) ?? []), marker]);
  }
  const places = new Map<number, StackPlace>();
  for (const group of groups.values()) {
    const { x, y } = group[0]!;
    const below = y < 0.5;
    const room = (below ? 1 - y : y) * stageHeightPx - EDGE_PX;
    const rows = Math.max(1, Math.floor(room / rowPx));
    group.forEach((marker, index) =>
      places.set(marker.id, {
        index,
        row: index % rows,
        column: Math.floor(index / rows),
        below,
        rightward: x < 0.5,
      }),
    );
  }
  return places;
}
