import type { Recorder } from './load';
import type { SeededPlayer } from './seed';

/**
 * One player's week as the web app makes it: who am I, the week's state, start, five answers,
 * finish, the challenger, then a look at the standings. Options are picked at random (a browser
 * does not know the right one either). Stops at the first refusal: what follows would fail too.
 */

interface AttemptView {
  id: string;
  questions: { position: number; options: { key: string }[] }[];
  challenger: { question: { options: { key: string }[] } | null } | null;
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

export async function playWeek(
  recorder: Recorder,
  player: SeededPlayer,
  origin: string,
): Promise<void> {
  const cookie = `podium_session=${player.sessionId}`;
  const read = { cookie };
  // A browser sends Origin with every POST of fetch(); the web app adds the CSRF header.
  const write = { cookie, origin, 'x-podium-csrf': '1' };
  // Only the start's and the challenger's answers are read (for the ids and options): what a
  // browser does with the others is the browser's work, not the server's.
  const get = (kind: string, path: string) =>
    recorder.send({ kind, method: 'GET', path, headers: read, discard: true });
  const post = <T = AttemptView>(kind: string, path: string, body?: unknown) =>
    recorder.send<T>({ kind, method: 'POST', path, headers: write, body });
  const postOnly = (kind: string, path: string, body?: unknown) =>
    recorder.send({ kind, method: 'POST', path, headers: write, body, discard: true });

  if (!(await get('me', '/api/me'))) return;
  if (!(await get('current week', '/api/weeks/current'))) return;
  const started = await post('start', '/api/weeks/current/attempt');
  if (!started) return;
  for (const question of started.questions) {
    const option = pick(question.options).key;
    const answered = await postOnly('answer', `/api/attempts/${started.id}/answers`, {
      position: question.position,
      option,
    });
    if (!answered) return;
  }
  if (!(await postOnly('finish', `/api/attempts/${started.id}/finish`))) return;
  const challenger = await post('challenger start', `/api/attempts/${started.id}/challenger`);
  const options = challenger?.challenger?.question?.options;
  if (!options) return;
  const answer = { option: pick(options).key };
  if (
    !(await postOnly('challenger answer', `/api/attempts/${started.id}/challenger/answer`, answer))
  )
    return;
  await get('standings', '/api/standings');
  await get('my team', '/api/standings/my-team');
}
