import { setNumParamsSchema } from '#shared/contracts/organise';
import {
  exportQuerySchema,
  importInputSchema,
  importResultSchema,
  questionInputSchema,
  questionSeasonQuerySchema,
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
  // Every route takes `?season=`: the draft's id, or the current season's (ADR 0042).
  const base = '/api/organise/weeks/:setNum/questions';
  const querystring = questionSeasonQuerySchema;

  app.get(
    base,
    { ...guard, schema: { params: setNumParamsSchema, querystring, response } },
    async (request, reply) => {
      const { setNum } = request.params;
      const week = await questions.weekQuestions(deps.db, setNum, request.query.season);
      return reply.headers(noStore).send(week);
    },
  );

  app.put(
    `${base}/:slot`,
    {
      ...guard,
      schema: { params: slotParamsSchema, querystring, body: questionInputSchema, response },
    },
    async (request, reply) => {
      const { setNum, slot } = request.params;
      const { season } = request.query;
      const actor = request.signedIn!.player;
      const now = deps.clock.now();
      await questions.saveQuestion(deps.db, actor, setNum, slot, request.body, now, season);
      return reply.headers(noStore).send(await questions.weekQuestions(deps.db, setNum, season));
    },
  );

  app.post(
    `${base}/:slot/review`,
    {
      ...guard,
      schema: { params: slotParamsSchema, querystring, body: reviewInputSchema, response },
    },
    async (request, reply) => {
      const { setNum, slot } = request.params;
      const { season } = request.query;
      const actor = request.signedIn!.player;
      const { status } = request.body;
      const now = deps.clock.now();
      await questions.reviewQuestion(deps.db, actor, setNum, slot, status, now, season);
      return reply.headers(noStore).send(await questions.weekQuestions(deps.db, setNum, season));
    },
  );

  app.get(
    `${base}/export`,
    { ...guard, schema: { params: setNumParamsSchema, querystring: exportQuerySchema } },
    async (request, reply) => {
      const { format, season } = request.query;
      return sendFile(reply, await exportQuestions(deps.db, request.params.setNum, format, season));
    },
  );

  app.post(
    `${base}/import`,
    {
      ...guard,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        params: setNumParamsSchema,
        querystring,
        body: importInputSchema,
        response: { 200: importResultSchema },
      },
    },
    async (request, reply) => {
      const actor = request.signedIn!.player;
      const { setNum } = request.params;
      const now = deps.clock.now();
      const { season } = request.query;
      const result = await importQuestions(deps.db, actor, setNum, request.body, now, season);
      return reply.headers(noStore).send(result);
    },
  );
}
