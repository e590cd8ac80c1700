import { setNumParamsSchema } from '#shared/contracts/organise';
import {
  exportQuerySchema,
  importInputSchema,
  importResultSchema,
  questionInputSchema,
  reviewInputSchema,
  slotParamsSchema,
  weekQuestionsSchema,
} from '#shared/contracts/organise-questions';
import type { Guard, OrganiseApp, OrganiseDeps } from '../organise-http';
import { noStore, sendFile } from '../organise-http';
import * as questions from './service';
import { exportQuestions, importQuestions } from './transfer';

/** A week's question file may exceed the API's usual 64 KB (seven languages, Thai in UTF-8). */
const IMPORT_BODY_LIMIT = 2 * 1024 * 1024;

export function registerQuestionRoutes(app: OrganiseApp, deps: OrganiseDeps, guard: Guard) {
  const response = { 200: weekQuestionsSchema };
  const base = '/api/organise/weeks/:setNum/questions';

  app.get(
    base,
    { ...guard, schema: { params: setNumParamsSchema, response } },
    async (request, reply) =>
      reply.headers(noStore).send(await questions.weekQuestions(deps.db, request.params.setNum)),
  );

  app.put(
    `${base}/:slot`,
    { ...guard, schema: { params: slotParamsSchema, body: questionInputSchema, response } },
    async (request, reply) => {
      const { setNum, slot } = request.params;
      const actor = request.signedIn!.player;
      await questions.saveQuestion(deps.db, actor, setNum, slot, request.body, deps.clock.now());
      return reply.headers(noStore).send(await questions.weekQuestions(deps.db, setNum));
    },
  );

  app.post(
    `${base}/:slot/review`,
    { ...guard, schema: { params: slotParamsSchema, body: reviewInputSchema, response } },
    async (request, reply) => {
      const { setNum, slot } = request.params;
      const actor = request.signedIn!.player;
      const { status } = request.body;
      await questions.reviewQuestion(deps.db, actor, setNum, slot, status, deps.clock.now());
      return reply.headers(noStore).send(await questions.weekQuestions(deps.db, setNum));
    },
  );

  app.get(
    `${base}/export`,
    { ...guard, schema: { params: setNumParamsSchema, querystring: exportQuerySchema } },
    async (request, reply) =>
      sendFile(reply, await exportQuestions(deps.db, request.params.setNum, request.query.format)),
  );

  app.post(
    `${base}/import`,
    {
      ...guard,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        params: setNumParamsSchema,
        body: importInputSchema,
        response: { 200: importResultSchema },
      },
    },
    async (request, reply) => {
      const actor = request.signedIn!.player;
      const { setNum } = request.params;
      const result = await importQuestions(deps.db, actor, setNum, request.body, deps.clock.now());
      return reply.headers(noStore).send(result);
    },
  );
}
