import type { FastifyRequest } from 'fastify';
import { resolveLanguage, type Language } from '../../shared/domain/language';

/** The player's language for question texts: profile, else identity locale, else the browser's. */
export function languageOf(request: FastifyRequest): Language {
  const player = request.signedIn!.player;
  const browser = (request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => part.split(';')[0]!.trim());
  return resolveLanguage({ profile: player.language, idpLocale: player.locale, browser });
}
