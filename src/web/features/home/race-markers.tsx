import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type RefObject,
} from 'react';
import { useTranslation } from '../../adapters/i18n';
import type { TrackStandings } from '#shared/contracts/standings';
import { trackProgress } from '#shared/domain/standings';
import { Flag } from '../../components/flag';
import { countryName, pointsCount } from '../../lib/format';
import { useReducedMotion } from '../../lib/use-reduced-motion';
import styles from './track-view.module.css';
import { stackLabels } from './marker-stacks';
import { TRACK_HEIGHT, TRACK_WIDTH } from './track-size';

type TrackTeam = TrackStandings['teams'][number];

/** Spec §9: each team's run takes a random time of 7 seconds or more. */
const MIN_RUN_MS = 7000;
const RUN_SPREAD_MS = 3000;

const easeOut = (k: number) => 1 - (1 - k) ** 3;

/**
 * The teams' markers on the track: flag, position, name and points, each moving along the
 * route to its progress (participation, or the start line without points). The list is in
 * standing order, so it reads as the standings; the hovered or focused marker comes to the front.
 */
export function RaceMarkers({
  teams,
  route,
  myTeamId,
  paused,
}: {
  teams: TrackTeam[];
  route: RefObject<SVGPathElement | null>;
  myTeamId: number | null;
  /** The player paused the race (WCAG 2.2.2): the markers wait where they are. */
  paused: boolean;
}) {
  const { t, i18n } = useTranslation();
  const still = useReducedMotion();
  // Read by the running animation, which a pause must not restart.
  const pausedNow = useRef(paused);
  useEffect(() => {
    pausedNow.current = paused;
  }, [paused]);
  const nodes = useRef(new Map<number, HTMLLIElement>());
  // Where each marker stands, so a refresh moves it on from there rather than from the start.
  const reached = useRef(new Map<number, number>());
  // Labels stack by the stage's height, which changes with the window (a phone turned sideways).
  const [stageHeight, setStageHeight] = useState(0);
  useEffect(() => {
    const stage = route.current?.ownerSVGElement?.parentElement;
    if (!stage) return;
    const observer = new ResizeObserver(([entry]) =>
      setStageHeight(Math.round(entry?.contentRect.height ?? 0)),
    );
    observer.observe(stage);
    return () => observer.disconnect();
  }, [route]);

  useLayoutEffect(() => {
    const path = route.current;
    const stage = path?.ownerSVGElement?.parentElement;
    if (!path || !stage) return;
    const length = path.getTotalLength();
    const pointAt = (fraction: number) => {
      const point = path.getPointAtLength(Math.min(length, Math.max(0, fraction) * length));
      return { x: point.x / TRACK_WIDTH, y: point.y / TRACK_HEIGHT };
    };
    const targets = teams.map((team) => {
      const to = trackProgress(team.points, team.participation);
      return { id: team.teamId, progress: to, ...pointAt(to) };
    });
    // The row height comes from the stylesheet, which makes the labels smaller on a phone.
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
    const rowPx = (parseFloat(getComputedStyle(stage).getPropertyValue('--row-rem')) || 1.4) * rem;
    const stacks = stackLabels(targets, stageHeight || stage.clientHeight, rowPx);
    const runs = targets.map((target) => {
      const stack = stacks.get(target.id)!;
      const node = nodes.current.get(target.id);
      node?.style.setProperty('--row', String(stack.row));
      node?.style.setProperty('--column', String(stack.rightward ? stack.column : -stack.column));
      node?.toggleAttribute('data-below', stack.below);
      return {
        node,
        id: target.id,
        from: reached.current.get(target.id) ?? 0,
        to: target.progress,
        ms: MIN_RUN_MS + Math.random() * RUN_SPREAD_MS,
      };
    });
    const place = (run: (typeof runs)[number], fraction: number) => {
      if (!run.node) return;
      const { x, y } = pointAt(fraction);
      run.node.style.left = `${x * 100}%`;
      run.node.style.top = `${y * 100}%`;
      // The label hangs right of markers near the start and left of those near the finish.
      run.node.style.setProperty('--along', String(Math.min(1, Math.max(0, x))));
      reached.current.set(run.id, fraction);
    };
    if (still) {
      for (const run of runs) place(run, run.to);
      return;
    }
    for (const run of runs) place(run, run.from);
    // The time the race has run, paused time left out.
    let ran = 0;
    let last = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      if (!pausedNow.current) ran += now - last;
      last = now;
      let moving = false;
      for (const run of runs) {
        const k = Math.min(1, ran / run.ms);
        if (k < 1) moving = true;
        place(run, run.from + (run.to - run.from) * easeOut(k));
      }
      if (moving) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [teams, route, still, stageHeight]);

  return (
    <ol className={styles.markers} aria-label={t('race.markers')}>
      {teams.map((team) => {
        const name = countryName(team.flag, team.name, i18n.language);
        return (
          <li
            key={team.teamId}
            ref={(node) => {
              if (node) nodes.current.set(team.teamId, node);
              else nodes.current.delete(team.teamId);
            }}
            className={styles.marker}
            data-mine={team.teamId === myTeamId || undefined}
            style={{ '--rank': team.position } as CSSProperties}
            tabIndex={0}
          >
            <span className={styles.pin} aria-hidden="true" />
            <span className={styles.label}>
              <span className={styles.position}>
                <span className="visually-hidden">{t('race.position')} </span>
                {team.position}
              </span>
              <Flag code={team.flag} />
              <span className={styles.team}>{name}</span>
              <span className={styles.points}>
                {t('standings.points', pointsCount(team.points, i18n.language))}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
