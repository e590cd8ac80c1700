import { z } from 'zod';

/**
 * A player's own data (GET /api/me/export): everything Podium holds about the signed-in player,
 * in one JSON document, as the right of access asks. Times are ISO 8601 in UTC. Nothing secret:
 * sessions come without their id hash or tokens.
 */

const iso = z.string();
const team = z.object({ id: z.number(), name: z.string() });

export const myDataSchema = z.object({
  /** When the document was made, by the server's clock. */
  exportedAt: iso,
  profile: z.object({
    id: z.string(),
    /** The identity provider that signed the player in, and its id for them there. */
    identityProvider: z.string(),
    providerSubject: z.string(),
    email: z.string().nullable(),
    name: z.string().nullable(),
    givenName: z.string().nullable(),
    familyName: z.string().nullable(),
    locale: z.string().nullable(),
    zoneinfo: z.string().nullable(),
    language: z.string().nullable(),
    team: team.nullable(),
    salesTeam: team.nullable(),
    registeredAt: iso.nullable(),
    teamSince: iso.nullable(),
    organiser: z.boolean(),
    remindersEnabled: z.boolean(),
    createdAt: iso,
    updatedAt: iso,
    lastSignInAt: iso,
    deactivatedAt: iso.nullable(),
    /** The time accommodation granted: the factor of the five minutes (1 = none). */
    timeFactor: z.number(),
  }),
  /**
   * Per season: whether each of the six weeks is played (the holiday calendar), when the player
   * registered for it, and the team and sales team they had in it.
   */
  calendar: z.array(
    z.object({
      seasonId: z.string(),
      activeWeeks: z.array(z.boolean()),
      registeredAt: iso.nullable(),
      team: team.nullable(),
      salesTeam: team.nullable(),
      updatedAt: iso,
    }),
  ),
  /** Each week played: every answer with its time, the challenger, the scores (hundredths). */
  attempts: z.array(
    z.object({
      seasonId: z.string(),
      week: z.number(),
      team,
      startedAt: iso,
      deadlineAt: iso,
      finishedAt: iso.nullable(),
      timedOut: z.boolean().nullable(),
      questionIds: z.array(z.number()),
      answers: z.array(
        z.object({
          position: z.number(),
          questionId: z.number(),
          option: z.string(),
          correct: z.boolean(),
          answeredAt: iso,
        }),
      ),
      correctCount: z.number().nullable(),
      elapsedMs: z.number().nullable(),
      mainScore: z.number().nullable(),
      challenger: z
        .object({
          questionId: z.number(),
          startedAt: iso.nullable(),
          deadlineAt: iso.nullable(),
          option: z.string().nullable(),
          answeredAt: iso.nullable(),
          correct: z.boolean().nullable(),
        })
        .nullable(),
      weekScore: z.number().nullable(),
    }),
  ),
  /** The season totals the rankings read (hundredths of a point, milliseconds). */
  seasonTotals: z.array(
    z.object({
      seasonId: z.string(),
      team,
      total: z.number(),
      totalTimeMs: z.number(),
      lastSubmissionAt: iso,
    }),
  ),
  /** The reminders written for the player, as sent (or kept in the outbox). */
  reminders: z.array(
    z.object({
      seasonId: z.string(),
      week: z.number(),
      kind: z.string(),
      dueAt: iso,
      status: z.string(),
      transport: z.string().nullable(),
      recipient: z.string().nullable(),
      language: z.string().nullable(),
      subject: z.string().nullable(),
      body: z.string().nullable(),
      sentAt: iso.nullable(),
    }),
  ),
  /** Audit entries about the player, and those the player made as an organiser. */
  audit: z.array(
    z.object({
      at: iso,
      role: z.enum(['subject', 'actor']),
      actorName: z.string(),
      action: z.string(),
      entityType: z.string(),
      entityId: z.string(),
      before: z.unknown(),
      after: z.unknown(),
      reason: z.string().nullable(),
    }),
  ),
  /** Questions the player approved as an organiser. */
  questionsApproved: z.array(z.object({ questionId: z.number(), approvedAt: iso.nullable() })),
  /** The player's request for more time, open or declined (none once granted). */
  timeRequests: z.array(
    z.object({
      status: z.string(),
      note: z.string().nullable(),
      requestedAt: iso,
      decidedAt: iso.nullable(),
    }),
  ),
  /** Signed-in browsers: when each began, was last used and ends. No id, no token. */
  sessions: z.array(
    z.object({ createdAt: iso, lastSeenAt: iso, expiresAt: iso, current: z.boolean() }),
  ),
});
export type MyData = z.infer<typeof myDataSchema>;

/**
 * The organiser's view of a player's standing in privacy terms (GET
 * /api/organise/players/:playerId/privacy), and the answer of the changes to it: erase,
 * deactivate, reactivate.
 */
export const playerPrivacySchema = z.object({
  id: z.string(),
  /** Signed in last (ISO); the retention setting counts from here. */
  lastSignInAt: iso,
  deactivatedAt: iso.nullable(),
  erasedAt: iso.nullable(),
});
export type PlayerPrivacy = z.infer<typeof playerPrivacySchema>;
