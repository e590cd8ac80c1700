// After `vite build`: a Brotli and a gzip copy beside each text asset of dist/web, which the
// server sends to browsers that accept them (@fastify/static's preCompressed). The first load
// on a phone is about a third of the bytes, at no cost per request.
// The country flags (flag-icons artwork) are copied into dist/web/flags first, so that they are
// compressed too: a few are large drawings (Mexico's 85 KB, Spain's 81 KB; 26 and 12 KB in
// Brotli), and every signed-in page shows them in the standings ticker.
import { cpSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = 'dist/web';
const TEXT = /\.(js|css|svg|json|txt|webmanifest)$/;

cpSync('node_modules/flag-icons/flags/4x3', path.join(root, 'flags'), { recursive: true });

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (TEXT.test(name)) yield full;
  }
}

for (const file of files(root)) {
  const content = readFileSync(file);
  if (content.length < 1024) continue;
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
}
