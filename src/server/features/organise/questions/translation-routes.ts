import {
  translationParamsSchema,
  translationReviewInputSchema,
  weekTranslationsSchema,
  xliffImportInputSchema,
  xliffImportResultSchema,
} from '#shared/contracts/organise-translations';
import { setNumParamsSchema } from '#shared/contracts/organise';
import { questionSeasonQuerySchema as querystring } from '#shared/contracts/organise-questions';
import type { QuestionSlot } from '#shared/domain/question-review';
import type { Guard, OrganiseApp, OrganiseDeps } from '../organise-http';
import { noStore, sendFile } from '../organise-http';
import { reviewTranslations, weekTranslations } from './translation-status';
import { exportXliff, importXliff } from './xliff-import';

/** A translator's XLIFF file is as large as a week's spreadsheet can be (Thai in UTF-8). */
const XLIFF_BODY_LIMIT = 2 * 1024 * 1024;

/** Translations per language: status, readiness, XLIFF files for translators (ADR 0040). */
export function registerTranslationRoutes(app: OrganiseApp, deps: OrganiseDeps, guard: Guard) {
  // Every route takes `?season=`: the draft's id, or the current season's (ADR 0042).
  const base = '/api/organise/weeks/:setNum/translations';
  const response = { 200: weekTranslationsSchema };

  app.get(
    base,
    {
      ...guard,
      schema: {
        summary: "A week's translation status per language, with players per language",
        params: setNumParamsSchema,
        querystring,
        response,
      },
    },
    async (request, reply) => {
      const { setNum } = request.params;
      return reply
        .headers(noStore)
        .send(await weekTranslations(deps.db, setNum, request.query.season));
    },
  );

  app.post(
    `${base}/:language/review`,
    {
      ...guard,
      schema: {
        summary: "Mark questions' translations into one language reviewed",
        params: translationParamsSchema,
        querystring,
        body: translationReviewInputSchema,
        response,
      },
    },
    async (request, reply) => {
      const { setNum, language } = request.params;
      const { season } = request.query;
      const slots = request.body.slots as QuestionSlot[];
      const actor = request.signedIn!.player;
      const now = deps.clock.now();
      await reviewTranslations(deps.db, actor, setNum, language, slots, now, season);
      return reply.headers(noStore).send(await weekTranslations(deps.db, setNum, season));
    },
  );

  app.get(
    `${base}/:language/xliff`,
    {
      ...guard,
      schema: {
        summary: "Export a week's questions for translation into one language (XLIFF 2.0)",
        params: translationParamsSchema,
        querystring,
        produces: ['application/xliff+xml'],
      },
    },
    async (request, reply) => {
      const { setNum, language } = request.params;
      return sendFile(reply, await exportXliff(deps.db, setNum, language, request.query.season));
    },
  );

  app.post(
    `${base}/:language/xliff`,
    {
      ...guard,
      bodyLimit: XLIFF_BODY_LIMIT,
      schema: {
        summary: 'Import a translated XLIFF 2.0 file, or dry-run it; answers a report per unit',
        params: translationParamsSchema,
        querystring,
        body: xliffImportInputSchema,
        response: { 200: xliffImportResultSchema },
      },
    },
    async (request, reply) => {
      const { setNum, language } = request.params;
      const actor = request.signedIn!.player;
      const now = deps.clock.now();
      const { season } = request.query;
      const result = await importXliff(deps.db, actor, setNum, language, request.body, now, season);
      return reply.headers(noStore).send(result);
    },
  );
}
