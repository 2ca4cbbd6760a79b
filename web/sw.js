// docshape's service worker: keeps one release of the app available offline.
//
// The build (scripts/build.mjs) writes this release's name and the list of its files with their
// SHA-256. Every file but the page itself is named after its content, so two releases never
// share a file name: a release is one cache, filled whole when the worker installs (a file that
// does not match its hash fails the install, so a server that changed meanwhile cannot mix
// releases), and answered from the cache first. A new release installs in the background and
// waits for the page's word ('take-over'), which the page sends when the user accepts the
// "new version" notice; until then the open pages keep their release. The room worker's files
// and the room's views ("Edit together") are not fetched at install: they join the release's
// cache the first time a room loads them (checked against their hash the same way), so a
// visitor who never opens a room never downloads them, and one who did has them offline too.
const RELEASE = '__RELEASE__';
const PRECACHE = [/* __PRECACHE__ */];
const ON_DEMAND = [/* __ON_DEMAND__ */];
const CACHE = `docshape-${RELEASE}`;
/** A cache of one entry: which releases were active, so old ones are dropped in order. */
const HISTORY = 'docshape-releases';
const SCOPE = new URL('./', self.location);

self.addEventListener('install', (event) => {
  event.waitUntil(
    fill().catch(async (error) => {
      await caches.delete(CACHE);
      throw error;
    }),
  );
});

async function fill() {
  const cache = await caches.open(CACHE);
  await Promise.all(
    PRECACHE.map(async ({ url, integrity }) => {
      // The page (the only file without a hash in its name) is asked of the server again; the
      // others may come from the HTTP cache, where the first visit left them.
      const response = await fetch(url, { integrity, cache: url === './' ? 'no-cache' : 'default' });
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      await cache.put(url, response);
    }),
  );
}

self.addEventListener('message', (event) => {
  if (event.data === 'take-over') self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Keep this release and the one active before it: a tab still open on that one loads its
      // own files (the export worker, a rule's text) from there until it is reloaded. A release
      // that was installed but never taken over (replaced while waiting) is dropped.
      const keep = new Set((await rememberActivated()).map((release) => `docshape-${release}`));
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith('docshape-') && name !== HISTORY && !keep.has(name)).map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

/** The last two releases that became active, oldest first, this one included. */
async function rememberActivated() {
  const history = await caches.open(HISTORY);
  const known = await history.match('activated');
  const releases = known ? await known.json() : [];
  const kept = [...releases.filter((release) => release !== RELEASE), RELEASE].slice(-2);
  await history.put('activated', new Response(JSON.stringify(kept)));
  return kept;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(SCOPE.href)) return;
  event.respondWith(answer(request));
});

async function answer(request) {
  const path = new URL(request.url).pathname;
  if (request.mode === 'navigate' && (path === SCOPE.pathname || path === `${SCOPE.pathname}index.html`)) {
    // The page of this release, whatever its query or share-link fragment.
    const page = await (await caches.open(CACHE)).match('./');
    if (page) return page;
  }
  // Hashed names are unique to a release: any kept release's copy is the right one.
  const kept = await caches.match(request);
  if (kept) return kept;
  const wanted = ON_DEMAND.find(({ url }) => new URL(url, SCOPE).pathname === path);
  if (!wanted) return fetch(request);
  const response = await fetch(request.url, { integrity: wanted.integrity });
  if (response.ok) await (await caches.open(CACHE)).put(wanted.url, response.clone());
  return response;
}
