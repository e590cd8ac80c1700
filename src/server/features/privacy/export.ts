import type { MyData } from '#shared/contracts/privacy';
import { timeFactorOf } from '#shared/domain/time-factor';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import * as repo from './export-repository';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Everything Podium holds about a player, for their right of access (docs/privacy.md). Read in
 * one repeatable-read transaction, so the sections agree with each other. The session the
 * request came with is marked `current`; no session's id hash or token leaves the server.
 */
export async function exportPlayerData(
  db: Database,
  playerId: string,
  currentSessionHash: string | null,
  now: Date,
): Promise<MyData> {
  return db.transaction(
    async (tx) => {
      const row = await repo.findPlayerWithTeams(tx, playerId);
      if (!row) throw new AppError('PLAYER_NOT_FOUND', 'This player does not exist.');
      // One after another: a transaction is one connection, which runs one query at a time.
      const calendars = await repo.findCalendars(tx, playerId);
      const attempts = await repo.findAttempts(tx, playerId);
      const totals = await repo.findTotals(tx, playerId);
      const reminders = await repo.findReminders(tx, playerId);
      const audit = await repo.findAuditEntries(tx, playerId);
      const approved = await repo.findApprovedQuestions(tx, playerId);
      const timeRequests = await repo.findTimeRequests(tx, playerId);
      const sessions = await repo.findSessions(tx, playerId);
      const { player } = row;
      return {
        exportedAt: iso(now),
        profile: {
          id: player.id,
          identityProvider: player.oidcIssuer,
          providerSubject: player.oidcSubject,
          email: player.email,
          name: player.name,
          givenName: player.givenName,
          familyName: player.familyName,
          locale: player.locale,
          zoneinfo: player.zoneinfo,
          language: player.language,
          team: row.team,
          salesTeam: row.salesTeam,
          registeredAt: isoOrNull(player.registeredAt),
          teamSince: isoOrNull(player.teamSince),
          organiser: player.organiser,
          remindersEnabled: player.remindersEnabled,
          createdAt: iso(player.createdAt),
          updatedAt: iso(player.updatedAt),
          lastSignInAt: iso(player.lastSignInAt),
          deactivatedAt: isoOrNull(player.deactivatedAt),
          timeFactor: timeFactorOf(player.timePercent),
        },
        calendar: calendars.map(({ entry, team, salesTeam }) => ({
          seasonId: entry.seasonId,
          activeWeeks: [
            entry.week1,
            entry.week2,
            entry.week3,
            entry.week4,
            entry.week5,
            entry.week6,
          ],
          registeredAt: isoOrNull(entry.registeredAt),
          team,
          salesTeam,
          updatedAt: iso(entry.updatedAt),
        })),
        attempts: attempts.map(({ attempt, team }) => ({
          seasonId: attempt.seasonId,
          week: attempt.setNum,
          team,
          startedAt: iso(attempt.startedAt),
          deadlineAt: iso(attempt.deadlineAt),
          finishedAt: isoOrNull(attempt.finishedAt),
          timedOut: attempt.timedOut,
          questionIds: attempt.questionIds,
          answers: attempt.answers.map((answer) => ({ ...answer })),
          correctCount: attempt.correctCount,
          elapsedMs: attempt.elapsedMs,
          mainScore: attempt.mainScore,
          challenger:
            attempt.challengerQuestionId === null
              ? null
              : {
                  questionId: attempt.challengerQuestionId,
                  startedAt: isoOrNull(attempt.challengerStartedAt),
                  deadlineAt: isoOrNull(attempt.challengerDeadlineAt),
                  option: attempt.challengerOption,
                  answeredAt: isoOrNull(attempt.challengerAnsweredAt),
                  correct: attempt.challengerCorrect,
                },
          weekScore: attempt.weekScore,
        })),
        seasonTotals: totals.map(({ total, team }) => ({
          seasonId: total.seasonId,
          team,
          total: total.total,
          totalTimeMs: total.totalTimeMs,
          lastSubmissionAt: iso(total.lastSubmissionAt),
        })),
        reminders: reminders.map((reminder) => ({
          seasonId: reminder.seasonId,
          week: reminder.setNum,
          kind: reminder.kind,
          dueAt: iso(reminder.dueAt),
          status: reminder.status,
          transport: reminder.transport,
          recipient: reminder.recipient,
          language: reminder.language,
          subject: reminder.subject,
          body: reminder.body,
          sentAt: isoOrNull(reminder.sentAt),
        })),
        audit: audit.map((entry) => ({
          at: iso(entry.at),
          role:
            (entry.entityType === 'player' && entry.entityId === playerId) ||
            entry.actorId !== playerId
              ? ('subject' as const)
              : ('actor' as const),
          actorName: entry.actorName,
          action: entry.action,
          entityType: entry.entityType,
          entityId: entry.entityId,
          before: entry.before,
          after: entry.after,
          reason: entry.reason,
        })),
        questionsApproved: approved.map((question) => ({
          questionId: question.id,
          approvedAt: isoOrNull(question.approvedAt),
        })),
        timeRequests: timeRequests.map((request) => ({
          status: request.status,
          note: request.note,
          requestedAt: iso(request.requestedAt),
          decidedAt: isoOrNull(request.decidedAt),
        })),
        sessions: sessions.map((session) => ({
          createdAt: iso(session.createdAt),
          lastSeenAt: iso(session.lastSeenAt),
          expiresAt: iso(session.expiresAt),
          current: session.idHash === currentSessionHash,
        })),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
