// Serves dist/ on 127.0.0.1 and runs every *.spec.mjs with node's test runner against it.
import { spawn } from 'node:child_process';
import { readdirSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { serve } from './server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const port = Number(process.env.E2E_PORT ?? 8091);
mkdirSync(join(root, 'tests', 'output'), { recursive: true });

const server = await serve(join(root, 'dist'), port);
const only = process.argv.slice(2);
const specs = (only.length ? only : readdirSync(here).filter((f) => f.endsWith('.spec.mjs')).sort()).map((f) =>
  join(here, f.replace(/^.*\//, '')),
);
const child = spawn(process.execPath, ['--test', '--test-concurrency=1', ...specs], {
  stdio: 'inherit',
  env: { ...process.env, BASE_URL: `http://127.0.0.1:${port}/` },
});
child.on('exit', (code) => {
  server.close();
  process.exit(code ?? 1);
});
