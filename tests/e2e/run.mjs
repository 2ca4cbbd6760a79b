// Serves dist/ on 127.0.0.1 and runs every *.spec.mjs with node's test runner against it,
// with the real sync server of "Edit together" (server/sync.mjs, rooms in a fresh temporary
// folder) on E2E_SYNC_PORT; the specs read its address from SYNC_URL and its settings from
// SYNC_PORT / SYNC_DATA (the collaboration spec stops and restarts it).
import { spawn } from 'node:child_process';
import { readdirSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { serve } from './server.mjs';
import { startSync } from './sync.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const port = Number(process.env.E2E_PORT ?? 8091);
const syncPort = Number(process.env.E2E_SYNC_PORT ?? 8788);
mkdirSync(join(root, 'tests', 'output'), { recursive: true });

const server = await serve(join(root, 'dist'), port);
const syncData = mkdtempSync(join(tmpdir(), 'docshape-sync-'));
const sync = await startSync({ port: syncPort, data: syncData });
const only = process.argv.slice(2);
const specs = (only.length ? only : readdirSync(here).filter((f) => f.endsWith('.spec.mjs')).sort()).map((f) =>
  join(here, f.replace(/^.*\//, '')),
);
const child = spawn(process.execPath, ['--test', '--test-concurrency=1', ...specs], {
  stdio: 'inherit',
  env: {
    ...process.env,
    BASE_URL: `http://127.0.0.1:${port}/`,
    SYNC_URL: `ws://127.0.0.1:${syncPort}`,
    SYNC_PORT: String(syncPort),
    SYNC_DATA: syncData,
    SYNC_PID: String(sync.child.pid),
  },
});
child.on('exit', async (code) => {
  server.close();
  await sync.stop();
  rmSync(syncData, { recursive: true, force: true });
  process.exit(code ?? 1);
});
