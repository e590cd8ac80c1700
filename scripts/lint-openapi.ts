// npm run lint:openapi: writes the OpenAPI document that GET /api/openapi.json serves to a
// temporary file and lints it with Redocly CLI's recommended rules (redocly.yaml); fails on
// any error. The app is built as the API tests build it: an in-memory database, metrics on.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OPENAPI_PATH } from '../src/server/http/openapi';
import { projectRoot } from '../src/server/project-root';
import { createTestApp } from '../tests/test-app';

const folder = mkdtempSync(path.join(tmpdir(), 'podium-openapi-'));
const file = path.join(folder, 'openapi.json');
try {
  const t = await createTestApp({ env: { METRICS_TOKEN: 'lint-openapi-token-0123456789abcdef' } });
  try {
    const response = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    if (response.statusCode !== 200)
      throw new Error(`${OPENAPI_PATH} answered ${response.statusCode}`);
    writeFileSync(file, JSON.stringify(response.json(), null, 2));
  } finally {
    await t.close();
  }
  const redocly = path.join(projectRoot, 'node_modules', '.bin', 'redocly');
  const lint = spawnSync(
    redocly,
    ['lint', file, '--config', path.join(projectRoot, 'redocly.yaml')],
    {
      stdio: 'inherit',
    },
  );
  process.exitCode = lint.status ?? 1;
} finally {
  rmSync(folder, { recursive: true, force: true });
}
