import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moments2025 } from '../../../../tests/factories';
import { createPlayApp, registeredPlayer, type PlayApp } from '../../../../tests/play-helpers';
import { signIn } from '../../../../tests/test-app';
import { auditLog, players } from '../../db/schema';
import { retentionCutoff, runRetentionRound } from './retention';

describe('retentionCutoff', () => {
  it('counts the months from noon UTC the day after the last week closes', () => {
    expect(retentionCutoff(['2025-03-14'], 6, new Date('2025-09-15T11:59:59Z'))).toBeNull();
    expect(retentionCutoff(['2025-03-14'], 6, new Date('2025-09-15T12:00:00Z'))).toEqual(
      new Date('2025-03-15T12:00:00Z'),
    );
    // The latest season old enough decides; a younger one does not count yet.
    expect(
      retentionCutoff(['2024-03-14', '2025-03-14', '2026-03-13'], 6, new Date('2026-01-01Z')),
    ).toEqual(new Date('2025-03-15T12:00:00Z'));
  });
});

describe('runRetentionRound', () => {
  let t: PlayApp;
  beforeAll(async () => {
    t = await createPlayApp(moments2025.week1Open, { RETENTION_MONTHS: '2' });
    await registeredPlayer(t, 'demo-ana');
    await registeredPlayer(t, 'demo-luis', { team: 'mx' });
    await registeredPlayer(t, 'demo-camille', { team: 'fr' });
  });
  afterAll(() => t.close());

  const keptSubjects = async () =>
    (await t.database.db.select().from(players).where(isNull(players.erasedAt))).map(
      (row) => row.oidcSubject,
    );

  it('keeps everyone until the months have passed since the season ended', async () => {
    t.clock.set(new Date('2025-05-01T00:00:00Z'));
    const deps = { db: t.database.db, clock: t.clock, months: 2 };
    expect(await runRetentionRound(deps)).toBe(0);
    expect(await keptSubjects()).toHaveLength(3);
  });

  it('then erases, once across instances running together, who has not signed in since', async () => {
    t.clock.set(new Date('2025-04-10T00:00:00Z')); // after the season, before the months ran
    await signIn(t.app, 'demo-camille');
    t.clock.set(new Date('2025-07-01T00:00:00Z'));
    const deps = { db: t.database.db, clock: t.clock, months: 2 };
    const counts = await Promise.all([runRetentionRound(deps), runRetentionRound(deps)]);
    expect(counts[0]! + counts[1]!).toBe(2);
    expect(await keptSubjects()).toEqual(['demo-camille']);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'player.erase'));
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      actorId: null,
      actorName: 'Retention',
      after: { by: 'retention', retentionMonths: 2 },
    });
    expect(await runRetentionRound(deps)).toBe(0);
  });
});
