import type { Attempt } from '#shared/contracts/play';
import { describeReply, pickOption, playCalls, think, type SeededPlayer } from './players';
import { request, sleep, type Reply } from './process';

/**
 * Players who keep playing through faults: a call that gets a 503, or no answer at all, is
 * sent again unchanged until it succeeds, as the web app's retry does. Every reply is tallied.
 */

export interface Tally {
  ok: number;
  /** 503 answers, and how many of them carried Retry-After. */
  unavailable: number;
  unavailableWithRetryAfter: number;
  /** Connection refused or reset (the process never answered). */
  networkErrors: number;
  /** Anything else: other 5xx, unexpected 4xx (with the body). */
  unexpected: string[];
  /** Answers acknowledged (200), by player. */
  acked: Map<string, Map<number, string>>;
  /** When the last 503 was received, and the first 200 after it. */
  lastUnavailableAt: number;
  requests: number;
  /** Set when the scenario failed: retries stop at once. */
  aborted: boolean;
}

export const newTally = (): Tally => ({
  ok: 0,
  unavailable: 0,
  unavailableWithRetryAfter: 0,
  networkErrors: 0,
  unexpected: [],
  acked: new Map(),
  lastUnavailableAt: 0,
  requests: 0,
  aborted: false,
});

const RETRY_MS = 100;
const GIVE_UP_MS = 60_000;

/** Sends `call` until it answers something other than 503 or a network error. */
export async function retrying<T>(tally: Tally, call: () => Promise<Reply<T>>): Promise<Reply<T>> {
  const until = Date.now() + GIVE_UP_MS;
  for (;;) {
    tally.requests += 1;
    try {
      const reply = await call();
      if (reply.status === 503) {
        tally.unavailable += 1;
        tally.lastUnavailableAt = reply.at;
        if (reply.headers['retry-after']) tally.unavailableWithRetryAfter += 1;
      } else {
        if (reply.status === 200) tally.ok += 1;
        else tally.unexpected.push(describeReply(reply));
        return reply;
      }
    } catch {
      tally.networkErrors += 1;
    }
    if (tally.aborted) throw new Error('the scenario failed: no more retries');
    if (Date.now() > until) throw new Error('gave up retrying after 60 s');
    // A real client honours Retry-After; the suite retries sooner to keep the run short.
    await sleep(RETRY_MS);
  }
}

/** One player's whole week (five answers, finish, challenger), retrying through faults. */
export async function playWeekThrough(
  tally: Tally,
  target: () => { port: number },
  player: SeededPlayer,
  pace: { minMs: number; maxMs: number },
): Promise<Attempt> {
  const calls = playCalls(target, player.cookie);
  const acked = new Map<number, string>();
  tally.acked.set(player.id, acked);
  const expectOk = (reply: Reply<Attempt>, what: string) => {
    if (reply.status !== 200) throw new Error(`${what}: ${describeReply(reply)}`);
    return reply.body;
  };
  let attempt = expectOk(await retrying(tally, calls.start), 'start');
  for (let position = 1; position <= 5; position++) {
    await think(pace.minMs, pace.maxMs);
    const option = pickOption(attempt, position);
    attempt = expectOk(
      await retrying(tally, () => calls.answer(attempt.id, position, option)),
      `answer ${position}`,
    );
    acked.set(position, option);
  }
  attempt = expectOk(await retrying(tally, () => calls.finish(attempt.id)), 'finish');
  attempt = expectOk(
    await retrying(tally, () => calls.startChallenger(attempt.id)),
    'start the challenger',
  );
  const options = attempt.challenger!.question!.options;
  const option = options[Math.floor(Math.random() * options.length)]!.key;
  return expectOk(
    await retrying(tally, () => calls.answerChallenger(attempt.id, option)),
    'answer the challenger',
  );
}

/** Reads standings and the current week in a loop until `stop()` says so. */
export async function readUntil(
  tally: Tally,
  target: () => { port: number },
  player: SeededPlayer,
  stop: () => boolean,
): Promise<void> {
  const urls = ['/api/standings', '/api/weeks/current', '/api/standings/my-team', '/api/me/stats'];
  for (let n = 0; !stop(); n++) {
    await retrying(tally, () =>
      request(target(), 'GET', urls[n % urls.length]!, { cookie: player.cookie }),
    );
    await think(20, 120);
  }
}
