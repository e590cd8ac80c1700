// Bundles the server into dist/server (dependencies stay in node_modules).
import { build } from 'esbuild';

await build({
  entryPoints: { server: 'src/server/server.ts', 'content-load': 'scripts/content-load.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
