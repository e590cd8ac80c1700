// npm run content:load -- <season file>: validates a season file (with its teams and questions
// files) and loads it into the configured database in one transaction; it becomes current.
import { startingClock, systemClock } from '../src/server/clock';
import { ConfigError, loadJobConfigFromProcess } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { ContentError } from '../src/server/features/content/read-content';
import { loadSeasonFile } from '../src/server/features/content/service';
import {
  databaseLocation,
  EXIT_CODES,
  shortReason,
  StartUpError,
} from '../src/server/start-up-error';

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run content:load -- <season file, e.g. content/seasons/2025.json>');
  process.exit(64);
}

try {
  const config = loadJobConfigFromProcess();
  const clock = config.clockStart ? startingClock(config.clockStart) : systemClock;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.ping().catch((error: unknown) => {
      const where = config.databaseUrl ? databaseLocation(config.databaseUrl) : 'PGlite';
      throw new StartUpError(
        EXIT_CODES.databaseUnreachable,
        `the database at ${where} did not answer (${shortReason(error)}); check DATABASE_URL`,
      );
    });
    await migrateDatabase(database);
    const summary = await loadSeasonFile(database.db, file, clock);
    console.log(
      summary.changes === 0
        ? `Season ${summary.seasonId}: already up to date, nothing changed.`
        : `Season ${summary.seasonId} loaded and current: ${summary.changes} rows added or changed.`,
    );
  } finally {
    await database.close().catch(() => {});
  }
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`Refused, nothing was loaded:\n${error.message}`);
    process.exit(EXIT_CODES.configuration);
  }
  if (error instanceof ContentError) {
    console.error(`Refused, nothing was loaded:\n${error.message}`);
    process.exit(error.missingFile ? EXIT_CODES.contentMissing : EXIT_CODES.contentRefused);
  }
  if (error instanceof StartUpError) {
    console.error(`Nothing was loaded: ${error.message}`);
    process.exit(error.exitCode);
  }
  throw error;
}
