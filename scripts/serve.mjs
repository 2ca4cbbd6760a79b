// `make serve`: builds the app (scripts/build.mjs) and serves dist/ on http://127.0.0.1:8080
// with the headers a real host sends (tests/e2e/server.mjs). With --watch, a change under src/,
// style/, web/, public/ or to index.html rebuilds it; reload the page to see it (a new release
// also announces itself through the service worker's "new version" notice).
//
//   node scripts/serve.mjs [--watch] [--port 8080] [--no-build]
import { watch } from 'node:fs';
import { join } from 'node:path';
import { assemble, compile, ROOT } from './build.mjs';
import { serve } from '../tests/e2e/server.mjs';

const args = process.argv.slice(2);
const port = Number(args[args.indexOf('--port') + 1] || 8080) || 8080;

const build = async () => {
  // With the Brotli copies, as `node scripts/build.mjs` writes them: dist/ is the same either way.
  const { release } = assemble({ stage: await compile(), brotli: true });
  console.log(`docshape: release ${release} on http://127.0.0.1:${port}/`);
};
if (!args.includes('--no-build')) await build();
await serve(join(ROOT, 'dist'), port);
console.log(`docshape: serving dist/ on http://127.0.0.1:${port}/ (Ctrl+C to stop)`);

if (args.includes('--watch')) {
  let timer = null;
  let building = false;
  let again = false;
  const rebuild = async () => {
    if (building) return void (again = true);
    building = true;
    try {
      await build();
    } catch (error) {
      console.error(`docshape: the build failed (${error.message}); still serving the last one`);
    }
    building = false;
    if (again) {
      again = false;
      rebuild();
    }
  };
  for (const path of ['src', 'style', 'web', 'public', 'index.html']) {
    watch(join(ROOT, path), { recursive: true }, () => {
      clearTimeout(timer);
      timer = setTimeout(rebuild, 300);
    });
  }
  console.log('docshape: watching src/, style/, web/, public/ and index.html');
}
