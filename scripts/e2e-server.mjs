// Starts the built server for the end-to-end specs on a fresh, throw-away data folder, or on
// E2E_DATA_DIR when a spec restarts a server on the same data (reminders.spec.ts).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = process.env.E2E_DATA_DIR || mkdtempSync(path.join(tmpdir(), 'podium-e2e-'));
const server = spawn(process.execPath, ['dist/server/server.js'], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
