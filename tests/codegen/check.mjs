// Checks docshape's generated code with the real libraries, no database needed. Called by
// tests/python/test_codegen.py with a folder under tests/output/ (so `mongoose`, `zod`, `mongodb`,
// `mermaid` and `@dbml/core` resolve from the project's node_modules) holding the generated file
// and, for the code targets, `cases.json`: [{collection, doc (canonical Extended JSON text)}].
//
//   node check.mjs mongoose DIR   imports DIR/model.mjs; `new Model(doc).validate()` for each case
//   node check.mjs zod DIR        imports DIR/zod.js (compiled by tsc); `safeParse` for each case
//   node check.mjs ts-cases DIR KIND...
//                                 writes DIR/cases.ts: each case typed against Collections[name],
//                                 on one line, the broken ones of the KINDs under `// @ts-expect-error`
//   node check.mjs mermaid FILE   parses the erDiagram with mermaid's own parser
//   node check.mjs dbml FILE      parses the DBML with @dbml/core
//   node check.mjs keys FILE NAME imports the module FILE and lists the keys of its export NAME
//
// Prints one JSON object on stdout: {results: [{ok, error}]} or what the parser read.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [what, where, ...kinds] = process.argv.slice(2);
const cases = () => JSON.parse(readFileSync(join(where, 'cases.json'), 'utf8'));

async function ejson() {
  const { BSON } = await import('mongodb');
  const { EJSON } = BSON;
  return (text) => EJSON.parse(text, { relaxed: true });
}

const results = [];
if (what === 'mongoose') {
  const parse = await ejson();
  const { models } = await import(pathToFileURL(join(where, 'model.mjs')).href);
  for (const c of cases()) {
    try {
      const Model = models[c.collection];
      if (!Model) throw new Error(`no model for ${c.collection}`);
      await new Model(parse(c.doc)).validate();
      results.push({ ok: true });
    } catch (e) {
      results.push({ ok: false, error: String(e.message).slice(0, 300) });
    }
  }
  console.log(JSON.stringify({ results }));
} else if (what === 'zod') {
  const parse = await ejson();
  const { collections } = await import(pathToFileURL(join(where, 'zod.js')).href);
  for (const c of cases()) {
    const schema = collections[c.collection];
    const r = schema ? schema.safeParse(parse(c.doc)) : { success: false, error: `no schema for ${c.collection}` };
    results.push({ ok: r.success, error: r.success ? undefined : String(r.error).slice(0, 300) });
  }
  console.log(JSON.stringify({ results }));
} else if (what === 'ts-cases') {
  const parse = await ejson();
  const lines = [
    'import type { Collections } from "./types";',
    'import { Binary, Decimal128, Long, ObjectId, Timestamp } from "mongodb";',
    '',
  ];
  cases().forEach((c, i) => {
    // A broken kind TypeScript's types cannot express (an array's cap) is not written.
    if (c.expect === 'reject' && !kinds.includes(c.kind)) return;
    if (c.expect === 'reject') lines.push(`// @ts-expect-error ${c.what.replace(/[\r\n\u2028\u2029]/g, ' ')}`);
    lines.push(`export const case${i}: Collections[${JSON.stringify(c.collection)}] = ${literal(parse(c.doc))};`);
  });
  writeFileSync(join(where, 'cases.ts'), lines.join('\n') + '\n');
  console.log(JSON.stringify({ written: lines.length }));
} else if (what === 'mermaid') {
  const text = readFileSync(where, 'utf8');
  const { default: mermaid } = await import('mermaid');
  try {
    await mermaid.parse(text);
    const diagram = await mermaid.mermaidAPI.getDiagramFromText(text);
    const entities = [...diagram.db.getEntities().values()].map((e) => ({ id: e.label, alias: e.alias }));
    const relations = diagram.db.getRelationships().map((r) => r.relSpec.relType);
    console.log(JSON.stringify({ entities, relations }));
  } catch (e) {
    console.log(JSON.stringify({ error: String(e.message ?? e) }));
  }
} else if (what === 'dbml') {
  const text = readFileSync(where, 'utf8');
  const { Parser } = await import('@dbml/core');
  try {
    const db = Parser.parse(text, 'dbmlv2');
    const schema = db.schemas[0];
    const tables = schema.tables.map((t) => ({ name: t.name, note: t.note, columns: t.fields.map((f) => f.name) }));
    const refs = schema.refs.map((r) => ({
      name: r.name,
      color: r.color,
      ends: r.endpoints.map((e) => [e.tableName, e.fieldNames[0], e.relation]),
    }));
    console.log(JSON.stringify({ name: db.name, tables, refs }));
  } catch (e) {
    console.log(JSON.stringify({ error: JSON.stringify(e.diags ? e.diags.map((d) => d.message) : String(e)) }));
  }
} else if (what === 'keys') {
  const module = await import(pathToFileURL(where).href);
  console.log(JSON.stringify({ keys: Object.keys(module[kinds[0]] ?? {}) }));
} else {
  console.error(`unknown check ${what}`);
  process.exit(2);
}

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
    return `{ ${Object.entries(v).map(([k, x]) => `${k === '__proto__' ? '["__proto__"]' : JSON.stringify(k)}: ${literal(x)}`).join(', ')} }`;
  }
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
  return JSON.stringify(v);
}
