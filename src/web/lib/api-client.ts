import type { ErrorBody, ErrorDetails } from '#shared/contracts/errors';

/**
 * An API failure: the server's error code (translated by the UI), the HTTP status, and the
 * details some refusals carry for a more precise message.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly details?: ErrorDetails,
  ) {
    super(message);
  }
}

const CSRF_HEADERS = { 'x-podium-csrf': '1' };

/**
 * Calls the API. Answers are typed by the shared contracts (the server's response schemas are
 * the same ones, so nothing undeclared arrives); zod itself stays out of the browser bundle.
 * Every request carries the CSRF header the server requires on state-changing calls.
 */
export async function apiRequest<T>(
  path: string,
  init: {
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    body?: unknown;
    signal?: AbortSignal;
  } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      cache: 'no-store',
      headers: {
        ...CSRF_HEADERS,
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      ...(init.signal ? { signal: init.signal } : {}),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError('NETWORK', 0, (error as Error).message);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (body as Partial<ErrorBody> | null)?.error;
    throw typeof error?.code === 'string'
      ? new ApiError(error.code, response.status, error.message ?? '', error.details)
      : new ApiError(
          response.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST',
          response.status,
          response.statusText,
        );
  }
  return body as T;
}
