// scripts/build.mjs swaps the finished build into dist/ with two renames; an interruption
// between them (a killed build) must not leave a stray `dist.old` behind, nor lose the last
// good build. No browser: the swap works on plain folders in a temporary directory.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recover, swapIn } from '../../scripts/build.mjs';

const folder = (path, text) => {
  mkdirSync(path, { recursive: true });
  writeFileSync(join(path, 'index.html'), text);
};
const read = (path) => readFileSync(join(path, 'index.html'), 'utf8');

test('a swap puts the new build in place and leaves no aside folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docshape-swap-'));
  const out = join(dir, 'dist');
  folder(out, 'old');
  folder(`${out}.next`, 'new');
  swapIn(`${out}.next`, out);
  assert.equal(read(out), 'new');
  assert.deepEqual(readdirSync(dir), ['dist']);
});

test('a build killed between the two renames gets its last good build back, and no dist.old', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docshape-swap-'));
  const out = join(dir, 'dist');
  // What the interruption leaves: dist set aside, the new one not yet in its place.
  folder(`${out}.old`, 'last good');
  recover(out);
  assert.equal(read(out), 'last good');
  assert.deepEqual(readdirSync(dir), ['dist']);
  // The next build's swap starts from there.
  folder(`${out}.next`, 'new');
  swapIn(`${out}.next`, out);
  assert.equal(read(out), 'new');
  assert.deepEqual(readdirSync(dir), ['dist']);
});

test('a dist.old left beside a complete dist is dropped, and a failed rename restores dist', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docshape-swap-'));
  const out = join(dir, 'dist');
  folder(out, 'current');
  folder(`${out}.old`, 'stale');
  recover(out);
  assert.deepEqual(readdirSync(dir), ['dist']);
  assert.equal(read(out), 'current');
  // `next` missing: the second rename fails, and dist is back as it was.
  assert.throws(() => swapIn(`${out}.next`, out));
  assert.equal(read(out), 'current');
  assert.ok(!existsSync(`${out}.old`));
});
