import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Moves the stylesheets Vite puts in the head to the end of the body. A stylesheet in the head
 * holds back the first paint until it has arrived; at the end of the body it holds back only what
 * follows it, and index.html's loading screen (laid out by its own <style>) paints as soon as the
 * page arrives: a round trip sooner on a phone network (ADR 0023). The app's scripts still wait
 * for every stylesheet the parser met before they run, so the app never renders unstyled, and
 * Vite finds the links where they are when a lazy chunk needs the same stylesheet.
 */
function stylesheetsAfterTheLoadingScreen(): Plugin {
  return {
    name: 'stylesheets-after-the-loading-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(/<link rel="stylesheet"[^>]*>\n?/g) ?? [];
        const rest = links.reduce((page, link) => page.replace(link, ''), html);
        return rest.replace(
          '</body>',
          `${links.map((link) => `  ${link.trim()}\n`).join('')}</body>`,
        );
      },
    },
  };
}

/** The web app lives in src/web and is built into dist/web, which the server serves. */
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), stylesheetsAfterTheLoadingScreen()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: the server preloads each language's texts by their chunk's name.
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The app's small helpers shared by several screens travel in one chunk, not in a
          // score of tiny ones (each file costs its own request and compresses worse).
          groups: [
            {
              // React and TanStack Query: every screen's first load, and they change less often
              // than the app. Named, not "all of node_modules": a library only some screens use
              // (zod, for the organiser's forms) stays with them, out of the first load (ADR
              // 0023). The router and the interface language are thin adapters of our own
              // (src/web/adapters, ADR 0029).
              name: 'vendor',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](query-core|react-query))[\\/]/,
              priority: 2,
            },
            {
              // With them, Vite's preload helper and the race's week arithmetic (home and
              // /track), which were files of their own of 1.7 and 1.4 KB: two requests fewer on
              // every first load, and home's largest paint in Lighthouse 0.1 s sooner
              // (docs/performance.md, 6 Dec 2026).
              name: 'shared',
              test: /[\\/]src[\\/](shared|web[\\/](lib|components|api|adapters))[\\/]|[\\/]web[\\/]features[\\/]home[\\/]race-week\.ts$|vite[\\/]preload-helper/,
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // In development the API, sign-in and the embedded provider are the Fastify server's.
    proxy: Object.fromEntries(
      ['/api', '/login', '/logout', '/idp', '/health', '/flags'].map((path) => [
        path,
        { target: 'http://localhost:3000', changeOrigin: false },
      ]),
    ),
  },
});
