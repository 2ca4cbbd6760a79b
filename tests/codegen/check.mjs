// Checks docshape's generated code with the real libraries, no database needed. Called by
// tests/python/test_codegen.py and tests/hostile_code.rs with folders under tests/output/ (so
// `mongoose`, `zod`, `mongodb`, `mermaid` and `@dbml/core` resolve from the project's
// node_modules) holding the generated files and, for the code targets, `cases.json`:
// [{collection, doc (canonical Extended JSON text), expect, kind, what}].
//
//   node check.mjs mongoose DIR...   imports DIR/model.mjs; `new Model(doc).validate()` per case
//   node check.mjs zod DIR...        imports DIR/zod.js (compiled by tsc); `safeParse` per case
//   node check.mjs ts-cases --kinds=K,K DIR...
//                                    writes DIR/cases.ts: each case typed against
//                                    Collections[name] on one line, the broken ones of the
//                                    kinds K under `// @ts-expect-error`
//   node check.mjs mermaid FILE...   parses each erDiagram with mermaid's own parser
//   node check.mjs dbml FILE...      parses each DBML file with @dbml/core
//   node check.mjs keys --export=NAME FILE...
//                                    imports each module and lists the keys of its export NAME
//
// One process for many folders (mermaid alone takes a second to load). Prints one JSON object
// on stdout, by the path given: {results: [{ok, error}]}, or what the parser read, or {error}.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [what, ...rest] = process.argv.slice(2);
const option = (name) => rest.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const paths = rest.filter((a) => !a.startsWith('--'));
const cases = (dir) => JSON.parse(readFileSync(join(dir, 'cases.json'), 'utf8'));
const { BSON } = await import('mongodb');
const parse = (text) => BSON.EJSON.parse(text, { relaxed: true });
// Each generated Mongoose module registers its models on mongoose's default connection: the
// previous folder's go first, as two designs may name a model alike.
const { default: mongoose } = await import('mongoose');
const fresh = () => mongoose.deleteModel(/.*/);

const checks = {
  async mongoose(dir) {
    fresh();
    const { models } = await import(pathToFileURL(join(dir, 'model.mjs')).href);
    const results = [];
    for (const c of cases(dir)) {
      try {
        const Model = models[c.collection];
        if (!Model) throw new Error(`no model for ${c.collection}`);
        await new Model(parse(c.doc)).validate();
        results.push({ ok: true });
      } catch (e) {
        results.push({ ok: false, error: String(e.message).slice(0, 300) });
      }
    }
    return { results };
  },
  async zod(dir) {
    const { collections } = await import(pathToFileURL(join(dir, 'zod.js')).href);
    return {
      results: cases(dir).map((c) => {
        const schema = collections[c.collection];
        const r = schema ? schema.safeParse(parse(c.doc)) : { success: false, error: `no schema for ${c.collection}` };
        return { ok: r.success, error: r.success ? undefined : String(r.error).slice(0, 300) };
      }),
    };
  },
  async 'ts-cases'(dir) {
    const kinds = (option('kinds') ?? '').split(',');
    const lines = [
      'import type { Collections } from "./types";',
      'import { Binary, Decimal128, Long, ObjectId, Timestamp } from "mongodb";',
      '',
    ];
    cases(dir).forEach((c, i) => {
      // A broken kind TypeScript's types cannot express (an array's cap) is not written.
      if (c.expect === 'reject' && !kinds.includes(c.kind)) return;
      if (c.expect === 'reject') lines.push(`// @ts-expect-error ${c.what.replace(/[\r\n\u2028\u2029]/g, ' ')}`);
      lines.push(`export const case${i}: Collections[${JSON.stringify(c.collection)}] = ${literal(parse(c.doc))};`);
    });
    writeFileSync(join(dir, 'cases.ts'), lines.join('\n') + '\n');
    return { written: lines.length };
  },
  async mermaid(file) {
    const { default: mermaid } = await import('mermaid');
    const text = readFileSync(file, 'utf8');
    await mermaid.parse(text);
    const diagram = await mermaid.mermaidAPI.getDiagramFromText(text);
    const entities = [...diagram.db.getEntities().values()].map((e) => ({ id: e.label, alias: e.alias }));
    const relations = diagram.db.getRelationships().map((r) => r.relSpec.relType);
    return { entities, relations };
  },
  async dbml(file) {
    const { Parser } = await import('@dbml/core');
    try {
      const db = Parser.parse(readFileSync(file, 'utf8'), 'dbmlv2');
      const schema = db.schemas[0];
      const tables = schema.tables.map((t) => ({ name: t.name, note: t.note, columns: t.fields.map((f) => f.name) }));
      const refs = schema.refs.map((r) => ({
        name: r.name,
        color: r.color,
        ends: r.endpoints.map((e) => [e.tableName, e.fieldNames[0], e.relation]),
      }));
      return { name: db.name, tables, refs };
    } catch (e) {
      throw new Error(JSON.stringify(e.diags ? e.diags.map((d) => d.message) : String(e)));
    }
  },
  async keys(file) {
    fresh();
    const module = await import(pathToFileURL(file).href);
    return { keys: Object.keys(module[option('export')] ?? {}) };
  },
};

if (!checks[what]) {
  console.error(`unknown check ${what}`);
  process.exit(2);
}
const out = {};
for (const path of paths) {
  try {
    out[path] = await checks[what](path);
  } catch (e) {
    out[path] = { error: String(e?.message ?? e) };
  }
}
console.log(JSON.stringify(out));

// A revived value as a TypeScript expression on one line.
function literal(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return `[${v.map(literal).join(', ')}]`;
  if (v instanceof Date) return `new Date(${JSON.stringify(v.toISOString())})`;
  if (v?._bsontype === 'ObjectId') return `new ObjectId(${JSON.stringify(v.toHexString())})`;
  if (v?._bsontype === 'Decimal128') return `Decimal128.fromString(${JSON.stringify(v.toString())})`;
  if (v?._bsontype === 'Long') return `Long.fromString(${JSON.stringify(v.toString())})`;
  if (v?._bsontype === 'Binary') return `new Binary(new Uint8Array([${[...v.buffer].join(', ')}]), ${v.sub_type})`;
  if (v?._bsontype === 'Timestamp') return `new Timestamp({ t: ${v.high >>> 0}, i: ${v.low >>> 0} })`;
  if (typeof v === 'object') {
    const key = (k) => (k === '__proto__' ? '["__proto__"]' : JSON.stringify(k));
    return `{ ${Object.entries(v).map(([k, x]) => `${key(k)}: ${literal(x)}`).join(', ')} }`;
  }
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
  return JSON.stringify(v);
}
