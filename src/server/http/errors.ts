import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorDetails } from '#shared/contracts/errors';

const STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  INVALID_JSON: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CSRF_REJECTED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
  NO_SEASON: 404,
  REGISTRATION_CLOSED: 403,
  TIME_REQUEST_OPEN: 409,
  TIME_REQUEST_NOT_OPEN: 409,
  ALREADY_REGISTERED: 409,
  NOT_REGISTERED: 409,
  TEAM_NOT_FOUND: 400,
  SALES_TEAM_NOT_IN_TEAM: 400,
  WEEK_LOCKED: 409,
  TEAM_CHANGE_LOCKED: 409,
  WEEK_NOT_OPEN: 409,
  WEEK_CLOSED: 409,
  WEEK_INACTIVE: 409,
  WEEK_NOT_CLOSED: 409,
  ATTEMPT_NOT_FOUND: 404,
  ATTEMPT_FINISHED: 409,
  ANSWER_TOO_LATE: 409,
  ANSWER_FINAL: 409,
  ANSWER_OUT_OF_ORDER: 409,
  UNKNOWN_QUESTION: 400,
  UNKNOWN_OPTION: 400,
  CHALLENGER_NOT_AVAILABLE: 409,
  WEEK_NOT_READY: 409,
  WEEK_ALREADY_OPEN: 409,
  TEAM_ZONE_LOCKED: 409,
  NAME_TAKEN: 409,
  SALES_TEAM_NOT_FOUND: 404,
  SALES_TEAM_IN_USE: 409,
  TOO_MANY_SALES_TEAMS: 409,
  QUESTION_NOT_FOUND: 404,
  QUESTION_INCOMPLETE: 409,
  QUESTIONS_LOCKED: 409,
  KEY_NOT_CORRECTABLE: 409,
  KEY_ALREADY_CORRECTED: 409,
  IMPORT_INVALID: 400,
  PLAYER_NOT_FOUND: 404,
  ALREADY_PLAYED: 409,
  CONFLICT: 409,
  PLAYER_ERASED: 409,
  OWN_ACCOUNT: 409,
  SEASON_NOT_FOUND: 404,
  SEASON_ARCHIVED: 409,
  SEASON_NOT_DRAFT: 409,
  DRAFT_EXISTS: 409,
  SEASON_ID_TAKEN: 409,
  DRAFT_INVALID: 400,
};

/** An error the API answers with on purpose: a code the web app translates, and a message. */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.statusCode = STATUS[code];
  }
}

const sentCodes = new WeakMap<FastifyReply, ErrorCode>();

/** The code of the error this reply answered with, if it answered one (for the metrics). */
export function errorCodeOf(reply: FastifyReply): ErrorCode | undefined {
  return sentCodes.get(reply);
}

/** Sends `{ error: { code, message, details? } }` with the code's status. */
function sendError(reply: FastifyReply, appError: AppError) {
  sentCodes.set(reply, appError.code);
  return reply
    .status(appError.statusCode)
    .header('cache-control', 'no-store')
    .send({
      error: {
        code: appError.code,
        message: appError.message,
        ...(appError.details ? { details: appError.details } : {}),
      },
    });
}

/** How long a client should wait before retrying while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

/** Network errors, and PostgreSQL's "shutting down / starting up / connection lost" classes. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: pg_terminate_backend, or a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300', // too_many_connections
]);
/** node-postgres reports some connection failures by message only. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Connection ended unexpectedly/i;

/**
 * Whether `error` (or what caused it: Drizzle wraps the driver's error) says the database
 * cannot be reached right now, rather than that the request or the code is wrong.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  if (UNAVAILABLE_MESSAGES.test(error.message)) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))
  )
    return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}

/** The PostgreSQL error behind `error` (Drizzle wraps the driver's), with its SQLSTATE. */
export function postgresError(
  error: unknown,
  depth = 0,
): { code: string; constraint?: string | undefined } | null {
  if (!(error instanceof Error) || depth > 5) return null;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
    return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
  }
  return postgresError(error.cause, depth + 1);
}

/** The unique indexes on names (ADR 0015): a clash there is the user's to resolve. */
const NAME_CONSTRAINTS = new Set([
  'teams_code_unique',
  'teams_code_lower',
  'teams_name_lower',
  'sales_teams_name_lower',
]);

/** Whether `error` is a unique violation on one of the name indexes. */
export function isNameClash(error: unknown): boolean {
  const pg = postgresError(error);
  return pg?.code === '23505' && NAME_CONSTRAINTS.has(pg.constraint ?? '');
}

/**
 * Two requests that changed the same thing at once, as the database tells: unique_violation,
 * foreign_key_violation (a row removed under a write), serialization_failure, deadlock. Each
 * write path decides deliberately what a duplicate gets (ADR 0015); this is the safety net, so
 * that a path that did not foresee one answers 409 in the house format rather than 500.
 */
const CONFLICT_CODES = new Set(['23505', '23503', '40001', '40P01']);

function fromDatabaseConflict(error: unknown): AppError | null {
  if (isNameClash(error)) {
    return new AppError('NAME_TAKEN', 'This name is already used. Please choose another one.');
  }
  const pg = postgresError(error);
  if (!pg || !CONFLICT_CODES.has(pg.code)) return null;
  return new AppError(
    'CONFLICT',
    'Someone else changed this at the same moment. Reload the page and try again.',
  );
}

/** Maps Fastify's own errors (body parsing, limits) to our codes. */
function fromFastifyError(error: FastifyError): AppError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('INVALID_JSON', 'The request body is not valid JSON.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'This content type is not accepted; send JSON.',
      );
    default:
      break;
  }
  if (error.statusCode === 400 && error.message.includes('JSON')) {
    return new AppError('INVALID_JSON', 'The request body is not valid JSON.');
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError(error.statusCode === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', error.message);
  }
  return null;
}

/** Every error answers `{ error: { code, message } }`; unknown failures are 500 and logged. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let appError: AppError | null;
    if (error instanceof AppError) {
      appError = error;
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation
        .map((issue) => `${issue.instancePath || '/'} ${issue.message}`.trim())
        .join('; ');
      appError = new AppError('BAD_REQUEST', `Invalid ${error.validationContext}: ${details}`);
    } else {
      appError = fromFastifyError(error);
    }
    if (!appError) {
      appError = fromDatabaseConflict(error);
      // Expected only where a path has no deliberate answer to a duplicate: worth a look.
      if (appError) request.log.warn({ err: error }, 'concurrent change answered 409');
    }
    if (!appError && isDatabaseUnavailable(error)) {
      // Not a bug: the database is restarting or a connection was cut. The client retries.
      request.log.warn({ err: error }, 'database unavailable');
      appError = new AppError(
        'SERVICE_UNAVAILABLE',
        'The service is briefly unavailable. Please try again in a moment.',
      );
      void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    }
    if (!appError) {
      request.log.error({ err: error }, 'unhandled error');
      appError = new AppError('INTERNAL', 'Something went wrong on our side.');
    }
    return sendError(reply, appError);
  });
}

/**
 * The router's own refusals (a URL component that cannot be decoded, or a parameter over
 * `maxParamLength`) happen before any route or error handler; answer them in the same shape.
 */
export function frameworkErrors(error: FastifyError, _request: unknown, reply: FastifyReply) {
  void sendError(reply, new AppError('BAD_REQUEST', error.message));
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (bad framing: a broken request
 * line or header, Content-Length with Transfer-Encoding, a bad chunk size; headers or URL over
 * 16 KB; a request that took too long to arrive) is answered here, in the same shape, on the
 * raw socket, which is then closed: after a framing error the rest of the stream means nothing.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  // A connection reset by the client: nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const appError =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new AppError('HEADERS_TOO_LARGE', 'The request line and headers exceed 16 KB.')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new AppError('REQUEST_TIMEOUT', 'The request took too long to arrive.')
        : new AppError(
            'BAD_REQUEST',
            `The request is not valid HTTP: ${error.message.replace(/^Parse Error: /, '')}.`,
          );
  this.log.debug({ err: error }, 'malformed HTTP refused');
  const body = JSON.stringify({ error: { code: appError.code, message: appError.message } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${appError.statusCode} ${STATUS_CODES[appError.statusCode]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}
