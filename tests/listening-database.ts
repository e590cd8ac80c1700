import type { Database, DatabaseHandle } from '../src/server/db/client';

/**
 * A database handle that only LISTENs, for unit tests of the per-instance memos: the test plays
 * PostgreSQL, delivering notifications (`heard.message`) and dropping or restoring the LISTEN
 * connection (`heard.connection`).
 */
export function listeningDatabase() {
  const heard = {
    channel: '',
    message: (_payload: string) => {},
    connection: (_listening: boolean) => {},
    stopped: false,
  };
  const database = {
    db: {} as Database,
    listen: async (
      channel: string,
      onMessage: (payload: string) => void,
      onConnectionChange: (listening: boolean) => void,
    ) => {
      Object.assign(heard, { channel, message: onMessage, connection: onConnectionChange });
      return async () => void (heard.stopped = true);
    },
  } as unknown as DatabaseHandle;
  return { database, heard };
}
