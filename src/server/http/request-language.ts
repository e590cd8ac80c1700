import type { FastifyRequest } from 'fastify';
import { resolveLanguage, type Language } from '#shared/domain/language';

/** The browser's languages (Accept-Language), in its order of preference. */
export function browserLanguages(request: FastifyRequest): string[] {
  return (request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => part.split(';')[0]!.trim());
}

/** The player's language for question texts: profile, else identity locale, else the browser's. */
export function languageOf(request: FastifyRequest): Language {
  const player = request.signedIn!.player;
  const browser = browserLanguages(request);
  return resolveLanguage({ profile: player.language, idpLocale: player.locale, browser });
}
