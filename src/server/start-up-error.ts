/**
 * The exit codes of a server or a job that cannot start, from BSD's sysexits.h, so that an
 * operator (or an orchestrator's restart policy) tells a missing database from a wrong setting
 * without reading a stack trace (docs/operations.md, "Exit codes").
 */
export const EXIT_CODES = {
  /** EX_DATAERR: a season file was refused (its file, path and reason in the message). */
  contentRefused: 65,
  /** EX_NOINPUT: a season file (or a file it names) does not exist. */
  contentMissing: 66,
  /** EX_UNAVAILABLE: the database did not answer at start-up. */
  databaseUnreachable: 69,
  /** EX_CONFIG: a setting was refused (each wrong variable named). */
  configuration: 78,
} as const;

/** Why start-up stopped, said in one line, and the exit code that goes with it. */
export class StartUpError extends Error {
  override name = 'StartUpError';
  constructor(
    readonly exitCode: (typeof EXIT_CODES)[keyof typeof EXIT_CODES],
    message: string,
  ) {
    super(message);
  }
}

/** `postgres://user:secret@db:5432/podium` → `db:5432/podium`: where, never who or the password. */
export function databaseLocation(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `${url.host}${url.pathname}`;
}

/** The first line of an error's message, with its code when it has one (ECONNREFUSED, 28P01…). */
export function shortReason(error: unknown): string {
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = String(message ?? error).split('\n')[0]!;
  return typeof code === 'string' && !text.includes(code) ? `${code}: ${text}` : text;
}
