import { slotParamsSchema } from '#shared/contracts/organise-questions';
import {
  keyCorrectionInputSchema,
  keyCorrectionResultSchema,
} from '#shared/contracts/key-correction';
import type { Guard, OrganiseApp, OrganiseDeps } from '../organise-http';
import { noStore } from '../organise-http';
import { correctKey } from './correction';

/** Correcting the answer key of a played week's question (ADR 0041). */
export function registerCorrectionRoutes(app: OrganiseApp, deps: OrganiseDeps, guard: Guard) {
  app.post(
    '/api/organise/weeks/:setNum/questions/:slot/correction',
    {
      ...guard,
      schema: {
        summary: "Correct a played question's answer key (accept an option, or void it)",
        description:
          'Accepts one more option as correct, or voids the question (it then counts for ' +
          'nobody), and re-scores every attempt of the week with the standings in one ' +
          'transaction, with an audit row. `dryRun` answers what would change. A week nobody ' +
          'has played answers 409 KEY_NOT_CORRECTABLE (change the question instead); an option ' +
          'already accepted, or a question already void, 409 KEY_ALREADY_CORRECTED.',
        params: slotParamsSchema,
        body: keyCorrectionInputSchema,
        response: { 200: keyCorrectionResultSchema },
      },
    },
    async (request, reply) => {
      const { setNum, slot } = request.params;
      const actor = request.signedIn!.player;
      const result = await correctKey(deps.db, actor, setNum, slot, request.body, deps.clock.now());
      return reply.headers(noStore).send(result);
    },
  );
}
