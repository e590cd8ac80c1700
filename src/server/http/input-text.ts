import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** A NUL, or a UTF-16 surrogate without its pair (JSON's "\ud800" decodes to one). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Where in a parsed body, query or path a string (or an object key) holds text no column can
 * store: PostgreSQL refuses NUL in text and jsonb (a 500 if it got that far), and a lone
 * surrogate would be silently replaced on the way to the database. Returns a JSON-path-like
 * location, or null when every string is clean. Iterative, so a deeply nested body cannot
 * overflow the stack.
 */
export function findUnsafeText(value: unknown): string | null {
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [node, path] = pending.pop()!;
    if (typeof node === 'string') {
      if (UNSAFE.test(node)) return path || '/';
    } else if (Array.isArray(node)) {
      node.forEach((item, index) => pending.push([item, `${path}/${index}`]));
    } else if (node !== null && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        if (UNSAFE.test(key)) return `${path}/${key.replace(UNSAFE, '?')}`;
        pending.push([item, `${path}/${key}`]);
      }
    }
  }
  return null;
}

/**
 * Refuses, before validation, any request whose body, query or path parameters carry such
 * text: one rule for every route, present and future, instead of one per string field.
 */
export function registerTextGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request, and most carry nothing to check.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [part, value] of [
      ['body', request.body],
      ['querystring', request.query],
      ['params', request.params],
    ] as const) {
      const where = findUnsafeText(value);
      if (where !== null) {
        return done(
          new AppError(
            'BAD_REQUEST',
            `Invalid ${part}: ${where} contains a NUL character or broken Unicode.`,
          ),
        );
      }
    }
    done();
  });
}
