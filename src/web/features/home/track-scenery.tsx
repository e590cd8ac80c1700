import { TRACK_HEIGHT, TRACK_WIDTH } from './track-size';

/** The backdrops of the three tracks, drawn around each route (same 800 × 400 space). */

export function River({ route }: { route: string }) {
  const river = `M -40 300 L 50 300 ${route.slice(route.indexOf('C'))} L 840 92`;
  return (
    <>
      <rect width={TRACK_WIDTH} height={TRACK_HEIGHT} fill="#bfe0a8" />
      <path d={river} fill="none" stroke="#e6d5a0" strokeWidth="124" />
      <path d={river} fill="none" stroke="#3d8fd1" strokeWidth="96" />
      <path d={river} fill="none" stroke="#6fb3e8" strokeWidth="54" opacity="0.7" />
      {[
        [110, 318],
        [235, 150],
        [390, 215],
        [540, 300],
        [690, 170],
      ].map(([x, y]) => (
        <path
          key={x}
          d={`M ${x} ${y} q 10 -7 20 0 q 10 7 20 0`}
          fill="none"
          stroke="#fff"
          strokeWidth="2"
          opacity="0.7"
        />
      ))}
      {[
        [90, 180, 20],
        [150, 70, 16],
        [420, 60, 22],
        [520, 165, 18],
        [250, 345, 20],
        [660, 360, 24],
        [700, 260, 14],
      ].map(([x, y, r]) => (
        <g key={`${x}-${y}`}>
          <circle cx={x} cy={y} r={r} fill="#4f8a3c" />
          <circle cx={x! - r! / 3} cy={y! - r! / 3} r={r! / 3} fill="#6aa552" />
        </g>
      ))}
    </>
  );
}

export function MudLoop({ route }: { route: string }) {
  return (
    <>
      <rect width={TRACK_WIDTH} height={TRACK_HEIGHT} fill="#cfe3a6" />
      {[
        [40, 60],
        [330, 160],
        [760, 40],
        [720, 370],
        [180, 370],
      ].map(([x, y]) => (
        <path
          key={x}
          d={`M ${x} ${y} l 5 -12 l 5 12 l 5 -10 l 5 10`}
          fill="none"
          stroke="#7fa653"
          strokeWidth="3"
        />
      ))}
      <path d={route} fill="none" stroke="#6b4120" strokeWidth="50" strokeLinejoin="round" />
      <path d={route} fill="none" stroke="#9c6634" strokeWidth="34" strokeLinejoin="round" />
      {[
        [330, 322, 34],
        [640, 120, 22],
        [400, 80, 28],
        [150, 160, 20],
      ].map(([cx, cy, rx]) => (
        <ellipse key={cx} cx={cx} cy={cy} rx={rx} ry="9" fill="#5b3717" />
      ))}
      {[440, 470].map((x) => (
        <g key={x}>
          <rect x={x} y="296" width="8" height="48" fill="#fff" />
          <rect x={x} y="304" width="8" height="8" fill="#c62828" />
          <rect x={x} y="320" width="8" height="8" fill="#c62828" />
        </g>
      ))}
      <path d="M 600 365 l 40 -40 l 40 40 z" fill="#e0e7f5" stroke="#0b2a6f" strokeWidth="3" />
    </>
  );
}

export function City({ route }: { route: string }) {
  const blocks = [
    [60, 50, 110, 110, '#b9c3d6'],
    [185, 50, 115, 110, '#c9b8a6'],
    [365, 160, 90, 90, '#a7b7c9'],
    [465, 160, 95, 90, '#c9b8a6'],
    [365, 320, 200, 70, '#b9c3d6'],
    [625, 40, 70, 200, '#c9b8a6'],
    [705, 40, 75, 200, '#a7b7c9'],
    [630, 315, 150, 75, '#b9c3d6'],
    [360, 20, 200, 70, '#a7b7c9'],
  ] as const;
  return (
    <>
      <rect width={TRACK_WIDTH} height={TRACK_HEIGHT} fill="#e3e6ec" />
      <rect x="60" y="175" width="240" height="125" rx="8" fill="#a9d18e" />
      {[
        [100, 215],
        [160, 260],
        [230, 220],
        [270, 270],
      ].map(([x, y]) => (
        <circle key={x} cx={x} cy={y} r="15" fill="#5b9442" />
      ))}
      {blocks.map(([x, y, width, height, fill]) => (
        <g key={`${x}-${y}`}>
          <rect x={x} y={y} width={width} height={height} rx="4" fill={fill} />
          {Array.from({ length: Math.floor(width / 26) }, (_, column) => (
            <rect
              key={column}
              x={x + 10 + column * 26}
              y={y + 12}
              width="12"
              height={height - 24}
              fill="#fff"
              opacity="0.35"
            />
          ))}
        </g>
      ))}
      <path d={route} fill="none" stroke="#596173" strokeWidth="42" strokeLinejoin="round" />
      <path
        d={route}
        fill="none"
        stroke="#ffc83d"
        strokeWidth="2"
        strokeDasharray="14 10"
        opacity="0.8"
      />
    </>
  );
}
