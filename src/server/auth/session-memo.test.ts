import { beforeEach, describe, expect, it } from 'vitest';
import { listeningDatabase } from '../../../tests/listening-database';
import type { PlayerRow } from '../features/players/repository';
import { SESSIONS_CHANNEL } from './session-channel';
import { createSessionMemo, type SessionMemo } from './session-memo';

const entry = (playerId: string) => ({
  expiresAt: new Date('2025-02-12T00:00:00Z'),
  lastSeenAt: new Date('2025-02-05T00:00:00Z'),
  accessTokenExpiresAt: null,
  roleCheckDueAt: new Date('2025-02-05T01:00:00Z'),
  player: { id: playerId } as PlayerRow,
});

let now = 0;
let memo: SessionMemo;
let heard: ReturnType<typeof listeningDatabase>['heard'];
beforeEach(async () => {
  now = 1_000_000;
  const fake = listeningDatabase();
  heard = fake.heard;
  memo = await createSessionMemo(fake.database, () => now);
});

describe('the session memo', () => {
  it('listens on the sessions channel and stops with close', async () => {
    expect(heard.channel).toBe(SESSIONS_CHANNEL);
    await memo.close();
    expect(heard.stopped).toBe(true);
  });

  it('remembers a session read from the database and serves it until told otherwise', () => {
    memo.set('hash-a', entry('ana'), memo.mark());
    expect(memo.get('hash-a')?.player.id).toBe('ana');
    expect(memo.get('hash-b')).toBeUndefined();
  });

  it('forgets a session ended on any instance (s:<hash>), and only that one', () => {
    memo.set('hash-a', entry('ana'), memo.mark());
    memo.set('hash-b', entry('luis'), memo.mark());
    heard.message('s:hash-a');
    expect(memo.get('hash-a')).toBeUndefined();
    expect(memo.get('hash-b')?.player.id).toBe('luis');
  });

  it('forgets every session of a player whose row changed (p:<id>): their team, language, role', () => {
    memo.set('ana-laptop', entry('ana'), memo.mark());
    memo.set('ana-phone', entry('ana'), memo.mark());
    memo.set('luis-laptop', entry('luis'), memo.mark());
    heard.message('p:ana');
    expect(memo.get('ana-laptop')).toBeUndefined();
    expect(memo.get('ana-phone')).toBeUndefined();
    expect(memo.get('luis-laptop')?.player.id).toBe('luis');
  });

  it('does not remember a read that raced a change: the row it read may be the old one', () => {
    const readAt = memo.mark();
    heard.message('p:someone-else');
    memo.set('hash-a', entry('ana'), readAt);
    expect(memo.get('hash-a')).toBeUndefined();
  });

  it('is off while its LISTEN connection is down, and starts empty once it is back', () => {
    memo.set('hash-a', entry('ana'), memo.mark());
    heard.connection(false);
    expect(memo.get('hash-a')).toBeUndefined();
    memo.set('hash-a', entry('ana'), memo.mark());
    expect(memo.get('hash-a')).toBeUndefined();
    heard.connection(true);
    expect(memo.get('hash-a')).toBeUndefined();
    memo.set('hash-a', entry('ana'), memo.mark());
    expect(memo.get('hash-a')?.player.id).toBe('ana');
  });

  it('reads a session again after a minute even if no change was heard (a lost notification)', () => {
    memo.set('hash-a', entry('ana'), memo.mark());
    now += 60_000;
    expect(memo.get('hash-a')?.player.id).toBe('ana');
    now += 1;
    expect(memo.get('hash-a')).toBeUndefined();
  });

  it('drops the oldest session beyond its size', async () => {
    const small = await createSessionMemo(listeningDatabase().database, () => now, 2);
    small.set('a', entry('ana'), small.mark());
    small.set('b', entry('luis'), small.mark());
    small.set('c', entry('camille'), small.mark());
    expect(small.get('a')).toBeUndefined();
    expect(small.get('b')?.player.id).toBe('luis');
    expect(small.get('c')?.player.id).toBe('camille');
  });
});
