import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isLanguage } from '#shared/domain/language';
import { outboxSchema, reminderSettingSchema } from '#shared/contracts/reminders';
import { notifyPlayerChanged } from '../../auth/session-channel';
import { requireOrganiser } from '../../auth/organiser-role';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { outboxRows, setRemindersEnabled } from './repository';

const noStore = { 'cache-control': 'no-store' };
const OUTBOX_LIMIT = 500;

/** The player's reminder switch and the organiser's outbox (ADR 0020). */
export function registerReminderRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    clock: Clock;
    authenticate: onRequestAsyncHookHandler;
    transport: 'smtp' | 'outbox';
    localHour: number;
    hoursBeforeClose: number;
  },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  // A value, not a toggle: the same request twice (a double click) leaves the same state.
  typed.put(
    '/api/me/reminders',
    {
      onRequest: deps.authenticate,
      schema: { body: reminderSettingSchema, response: { 200: reminderSettingSchema } },
    },
    async (request, reply) => {
      const playerId = request.signedIn!.player.id;
      const changed = await setRemindersEnabled(
        deps.db,
        playerId,
        request.body.enabled,
        deps.clock.now(),
      );
      if (changed) await notifyPlayerChanged(deps.db, playerId);
      return reply.headers(noStore).send({ enabled: request.body.enabled });
    },
  );

  typed.get(
    '/api/organise/outbox',
    {
      onRequest: [deps.authenticate, requireOrganiser],
      schema: { response: { 200: outboxSchema } },
    },
    async (_request, reply) => {
      const rows = await outboxRows(deps.db, OUTBOX_LIMIT);
      return reply.headers(noStore).send({
        transport: deps.transport,
        localHour: deps.localHour,
        hoursBeforeClose: deps.hoursBeforeClose,
        entries: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          week: row.setNum,
          status: row.status,
          transport: row.transport,
          dueAt: row.dueAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
          timeZone: row.timeZone,
          player: { name: row.playerName, email: row.recipient ?? row.playerEmail },
          team: { name: row.teamName, flag: row.teamFlag },
          language: isLanguage(row.language) ? row.language : null,
          subject: row.subject,
          body: row.body,
          note: row.note,
        })),
      });
    },
  );
}
