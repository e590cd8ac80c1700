import type { Ref } from 'react';
import { City, MudLoop, River } from './track-scenery';
import { TRACK_HEIGHT, TRACK_WIDTH } from './track-size';

/** The line the teams race along, per track (1 canoe, 2 cyclocross, 3 marathon). */
const ROUTES: Record<number, string> = {
  1: 'M 50 300 C 150 300 170 110 300 110 S 460 300 610 270 S 730 110 760 105',
  2: 'M 60 320 H 560 C 730 320 730 80 560 80 H 250 C 90 80 90 220 250 220 H 540',
  3: 'M 50 340 H 300 Q 330 340 330 310 V 150 Q 330 120 360 120 H 560 Q 590 120 590 150 V 250 Q 590 280 620 280 H 760',
};

const ENDS: Record<number, { start: [number, number]; finish: [number, number] }> = {
  1: { start: [50, 300], finish: [760, 105] },
  2: { start: [60, 320], finish: [540, 220] },
  3: { start: [50, 340], finish: [760, 280] },
};

/**
 * The picture of the current event's track: a river for canoe, a muddy loop for cyclocross, a
 * city route for the marathon (unknown numbers fall back to the first). Decorative: the teams'
 * standings are given as text by the markers' list.
 */
export function TrackArt({ track, routeRef }: { track: number; routeRef: Ref<SVGPathElement> }) {
  const number = ROUTES[track] ? track : 1;
  const route = ROUTES[number]!;
  const { start, finish } = ENDS[number]!;
  return (
    <svg
      viewBox={`0 0 ${TRACK_WIDTH} ${TRACK_HEIGHT}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      {number === 1 && <River route={route} />}
      {number === 2 && <MudLoop route={route} />}
      {number === 3 && <City route={route} />}
      <path
        ref={routeRef}
        d={route}
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeDasharray="10 8"
        strokeLinecap="round"
      />
      <path
        d={`M ${start[0]} ${start[1] - 26} v 52`}
        stroke="#fff"
        strokeWidth="6"
        strokeLinecap="round"
      />
      <FinishFlag x={finish[0]} y={finish[1]} />
    </svg>
  );
}

function FinishFlag({ x, y }: { x: number; y: number }) {
  return (
    <g>
      <path d={`M ${x} ${y} V ${y - 60}`} stroke="#1b2233" strokeWidth="4" strokeLinecap="round" />
      {[0, 1, 2].map((row) =>
        [0, 1, 2, 3].map((column) => (
          <rect
            key={`${row}-${column}`}
            x={x + 2 + column * 8}
            y={y - 60 + row * 8}
            width="8"
            height="8"
            fill={(row + column) % 2 === 0 ? '#1b2233' : '#fff'}
          />
        )),
      )}
    </g>
  );
}
