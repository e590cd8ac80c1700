import { playerParamsSchema } from '#shared/contracts/organise';
import { playerPrivacySchema } from '#shared/contracts/privacy';
import { erasePlayer } from '../../privacy/erase';
import type { Guard, OrganiseApp, OrganiseDeps } from '../organise-http';
import { noStore } from '../organise-http';
import { playerPrivacy, setDeactivated } from './service';

/**
 * A player's personal data, as an organiser handles it on request (docs/privacy.md): their
 * status, erasure (ADR 0038), deactivation of a leaver and reactivation.
 */
export function registerPrivacyRoutes(app: OrganiseApp, deps: OrganiseDeps, guard: Guard) {
  const schema = { params: playerParamsSchema, response: { 200: playerPrivacySchema } };
  app.get(
    '/api/organise/players/:playerId/privacy',
    {
      ...guard,
      schema: { ...schema, summary: "A player's last sign-in, and whether deactivated or erased" },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await playerPrivacy(deps.db, request.params.playerId)),
  );
  app.post(
    '/api/organise/players/:playerId/erase',
    {
      ...guard,
      schema: {
        ...schema,
        summary: 'Erases a player on request (the answers stay, anonymous)',
        description:
          'Erases the player: their identity goes, their answers stay with an anonymous row. ' +
          'A second erasure answers 409 PLAYER_ERASED.',
      },
    },
    async (request, reply) => {
      const { playerId } = request.params;
      const actor = request.signedIn!.player;
      await erasePlayer(deps.db, playerId, { kind: 'request', actor }, deps.clock.now());
      return reply.headers(noStore).send(await playerPrivacy(deps.db, playerId));
    },
  );
  for (const [action, deactivate] of [
    ['deactivate', true],
    ['reactivate', false],
  ] as const) {
    app.post(
      `/api/organise/players/:playerId/${action}`,
      {
        ...guard,
        schema: {
          ...schema,
          summary: deactivate ? 'Deactivates a player who left' : 'Reactivates a player',
          description: deactivate
            ? 'Deactivates a player who left: sign-in refused, every session ended at once.'
            : 'Lets a deactivated player sign in again.',
        },
      },
      async (request, reply) => {
        const { playerId } = request.params;
        const actor = request.signedIn!.player;
        await setDeactivated(deps.db, actor, playerId, deactivate, deps.clock.now());
        return reply.headers(noStore).send(await playerPrivacy(deps.db, playerId));
      },
    );
  }
}
