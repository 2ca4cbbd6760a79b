// The advisor's time per edit in the page, for several builds measured in one run: each build is
// served and loaded in its own page of one browser, on the same generated model, and the edits
// are typed into each page in turn (a letter into the first field name of the middle box, as
// bench-ui types), so a busy moment of the host falls on every build alike. Each edit's time is
// the app's own measurement of `analyze` (the figure the advisor panel shows).
//
//   AB="before=/work/tmp/dist-3d1ad0a:3,now=dist" node scripts/ab-advisor.mjs [aggregates] [edits]
//
// A build is name=DIST[:formatVersion]; the version, when given, is written into the model the
// page receives (a build from before format N reads only files of its own format). Printed per
// build: the median, the quartiles, and the median of the per-round ratios to the first build.
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { firstRender, launch, seededContext } from '../tests/e2e/app.mjs';
import { serve } from '../tests/e2e/server.mjs';

const root = new URL('..', import.meta.url).pathname;
const n = Number(process.argv[2] ?? 500);
const edits = Number(process.argv[3] ?? 60);
const port = Number(process.env.AB_PORT ?? 8350);
const builds = (process.env.AB ?? `now=${join(root, 'dist')}`).split(',').map((spec, i) => {
  const [name, rest] = spec.split('=');
  const [dir, version] = rest.split(':');
  return { name, dir: resolve(root, dir), version: version ? Number(version) : null, port: port + i };
});

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))];
};

const json = execFileSync(join(root, 'target', 'release', 'docshape'), ['synth', '--entities', String(n), '--seed', '7'], {
  maxBuffer: 1 << 28,
}).toString();
const browser = await launch();
const servers = [];
for (const b of builds) {
  servers.push(await serve(b.dir, b.port));
  const model = b.version ? JSON.stringify({ ...JSON.parse(json), formatVersion: b.version }) : json;
  const context = await seededContext(browser, model);
  b.page = await context.newPage();
  await b.page.goto(`http://127.0.0.1:${b.port}/`);
  await firstRender(b.page);
  await b.page.locator('[data-testid="entity"] .entity-header').nth(Math.floor(n / 2)).click();
  await b.page.getByTestId('tab-inspector').click();
  b.input = b.page.getByTestId('field-name').first();
  await b.input.press('End');
  b.ms = [];
}
// Let every page's first analysis and panels settle.
await new Promise((r) => setTimeout(r, 2000));
for (let i = 0; i < edits; i++) {
  // Each round starts with the next build, so none is always typed into first.
  for (let k = 0; k < builds.length; k++) {
    const b = builds[(i + k) % builds.length];
    await b.input.type('x');
    b.ms.push(Number((await b.page.getByTestId('analysis-ms').innerText()).replace(/[^0-9.]/g, '')));
  }
}
await browser.close();
for (const s of servers) s.close();

const first = builds[0];
console.log(`${n} aggregates, ${edits} edits per build, typed in turn; advisor ms per edit (the app's own figure)`);
for (const b of builds) {
  const ratios = b.ms.map((ms, i) => ms / first.ms[i]);
  const line = [
    b.name.padEnd(12),
    `median ${quantile(b.ms, 0.5).toFixed(2).padStart(6)}`,
    `quartiles ${quantile(b.ms, 0.25).toFixed(2)}–${quantile(b.ms, 0.75).toFixed(2)}`,
    b === first ? '' : `ratio to ${first.name} (median of rounds) ${quantile(ratios, 0.5).toFixed(2)}`,
  ];
  console.log(line.join('  '));
}
