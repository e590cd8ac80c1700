import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The web app lives in src/web and is built into dist/web, which the server serves. */
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The app's small helpers shared by several screens travel in one chunk, not in a
          // score of tiny ones (each file costs its own request and compresses worse).
          groups: [
            {
              name: 'shared',
              test: /[\\/]src[\\/](shared|web[\\/](lib|components))[\\/]/,
              minShareCount: 2,
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
      ['/api', '/login', '/logout', '/idp', '/health'].map((path) => [
        path,
        { target: 'http://localhost:3000', changeOrigin: false },
      ]),
    ),
  },
});
