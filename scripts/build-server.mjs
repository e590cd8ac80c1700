// Bundles the server into dist/server, or the folder given as the first argument (a test's
// own copy); dependencies stay in node_modules, so that folder must sit under the project.
import { build } from 'esbuild';

await build({
  entryPoints: { server: 'src/server/server.ts', 'content-load': 'scripts/content-load.ts' },
  outdir: process.argv[2] ?? 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
