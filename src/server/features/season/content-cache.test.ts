import { describe, expect, it } from 'vitest';
import { listeningDatabase } from '../../../../tests/listening-database';
import { cacheContent, CONTENT_CHANNEL, memoised } from './content-cache';

/** A load that counts how often it ran. */
function counted() {
  let loads = 0;
  return { load: async () => ({ loads: ++loads }), loads: () => loads };
}

describe('the content memo', () => {
  it('loads once until a change is heard on the content channel', async () => {
    const { database, heard } = listeningDatabase();
    const stop = await cacheContent(database);
    const season = counted();
    expect(heard.channel).toBe(CONTENT_CHANNEL);
    await memoised(database.db, 'current-season', season.load);
    await memoised(database.db, 'current-season', season.load);
    expect(season.loads()).toBe(1);
    heard.message('');
    await memoised(database.db, 'current-season', season.load);
    expect(season.loads()).toBe(2);
    await stop();
  });

  it('memoises nothing while its LISTEN connection is down, and again once it is back', async () => {
    const { database, heard } = listeningDatabase();
    const stop = await cacheContent(database);
    const season = counted();
    heard.connection(false);
    await memoised(database.db, 'current-season', season.load);
    await memoised(database.db, 'current-season', season.load);
    expect(season.loads()).toBe(2);
    heard.connection(true);
    await memoised(database.db, 'current-season', season.load);
    await memoised(database.db, 'current-season', season.load);
    expect(season.loads()).toBe(3);
    await stop();
  });
});
