// Starts and stops the real sync server (server/sync.mjs) for the browser specs.
import { spawn } from 'node:child_process';
import { createConnection, createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const listening = (port) =>
  new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/** A TCP port nothing listens on now (the OS picks it). */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** Runs `node server/sync.mjs` on `port` with its rooms in `data` (and more settings in `env`);
 * resolves once it listens. */
export async function startSync({ port, data, env = {} }) {
  if (await listening(port)) throw new Error(`port ${port} is taken: set E2E_SYNC_PORT`);
  const child = spawn(process.execPath, [join(root, 'server', 'sync.mjs')], {
    cwd: root,
    env: { ...process.env, ...env, SYNC_PORT: String(port), SYNC_DATA: data, SYNC_HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  for (let i = 0; i < 200 && !(await listening(port)); i++) {
    if (exited) throw new Error('the sync server did not start (npm ci done?)');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    child,
    /** Stops it (SIGKILL: as a crash or a pulled cable would). */
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}
