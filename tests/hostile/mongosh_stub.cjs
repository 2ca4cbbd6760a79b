// Runs a mongosh script under node against recording stubs of the mongosh globals, and prints
// every call it made as JSON on stdout: what `tests/hostile_names.rs` compares.
//
//   node mongosh_stub.cjs script.js [--call-functions]
//
// The stubs: `db` (any property is a collection; `getCollection`, `createCollection`,
// `runCommand`, `adminCommand`; `getName` gives "test"), each collection's methods, `sh` (every
// method recorded as `{ sh: method, args }`), `use`, `print`, `printjson`, and the BSON helpers
// (`ObjectId`, `ISODate`, `NumberDecimal`, `NumberLong`, `NumberInt`, `Double`, `BinData`,
// `Timestamp`, `MinKey`, `MaxKey`). `require` is the real one, recorded: a payload that reached code and wrote a
// file would both show in the calls and leave the file behind. `Date` is frozen at one instant
// so two runs compare equal. With --call-functions, every function the script defines
// (`record_…`, `add_…`, `refresh_…`, `upgrade_…`, `migrate_…`, `shard_cluster`, `zone_shards`) is then called once with placeholder
// arguments, so the code inside them runs too.
'use strict';
const fs = require('fs');
const vm = require('vm');

const [file, mode] = process.argv.slice(2);
const calls = [];
const record = (entry) => calls.push(JSON.parse(JSON.stringify(entry)));

const helper = (type) => function (...args) {
  return { ['$' + type]: args };
};

function collection(name) {
  return new Proxy({}, {
    get(_, method) {
      if (typeof method === 'symbol') return undefined;
      return (...args) => {
        record({ coll: name, method, args });
        switch (method) {
          case 'updateOne':
          case 'updateMany':
            return { acknowledged: true, matchedCount: 1, modifiedCount: 1, upsertedId: null };
          case 'insertOne':
            return { acknowledged: true, insertedId: 'id' };
          case 'createIndex':
            return 'index';
          default:
            return undefined;
        }
      };
    },
  });
}

const DB_METHODS = ['createCollection', 'runCommand', 'getSiblingDB', 'dropDatabase', 'adminCommand'];
const db = new Proxy({}, {
  get(_, prop) {
    if (typeof prop === 'symbol') return undefined;
    if (prop === 'getCollection') return (name) => collection(name);
    if (prop === 'getName') return () => 'test';
    if (DB_METHODS.includes(prop)) {
      return (...args) => {
        record({ db: prop, args });
        return { ok: 1 };
      };
    }
    return collection(prop);
  },
});

const sh = new Proxy({}, {
  get(_, method) {
    if (typeof method === 'symbol') return undefined;
    return (...args) => {
      record({ sh: method, args });
      return { ok: 1 };
    };
  },
});

const RealDate = Date;
const FROZEN = RealDate.UTC(2026, 0, 15, 12, 30);
class FrozenDate extends RealDate {
  constructor(...args) {
    super(...(args.length ? args : [FROZEN]));
  }
  static now() {
    return FROZEN;
  }
}

const sandbox = {
  db,
  use: (...args) => record({ global: 'use', args }),
  print: (...args) => record({ global: 'print', args }),
  printjson: (...args) => record({ global: 'printjson', args }),
  require: (...args) => {
    record({ global: 'require', args });
    return require(...args);
  },
  ObjectId: helper('oid'),
  ISODate: helper('date'),
  NumberDecimal: helper('decimal'),
  NumberLong: helper('long'),
  NumberInt: helper('int'),
  Double: helper('double'),
  BinData: helper('binary'),
  Timestamp: helper('timestamp'),
  MinKey: { $minKey: 1 },
  MaxKey: { $maxKey: 1 },
  sh,
  Date: FrozenDate,
};
const context = vm.createContext(sandbox);
const before = new Set(Object.keys(sandbox));

try {
  vm.runInContext(fs.readFileSync(file, 'utf8'), context, { filename: file });
  let functions = 0;
  if (mode === '--call-functions') {
    for (const name of Object.keys(sandbox)) {
      const fn = sandbox[name];
      if (before.has(name) || typeof fn !== 'function') continue;
      const kind = name.split('_')[0];
      const n = fn.length;
      const placeholders = Array.from({ length: n }, (_, i) => 'arg' + i);
      let args;
      if (kind === 'record' || kind === 'refresh') args = [...placeholders.slice(0, n - 1), {}];
      else if (kind === 'add') args = [...placeholders.slice(0, n - 1), 1];
      else if (kind === 'upgrade') args = [{ _id: 'doc' }, { changed: true }, 2];
      else if (kind === 'migrate' || kind === 'shard' || kind === 'zone') args = [];
      else {
        record({ unexpected_function: name });
        continue;
      }
      record({ call: kind, function: functions });
      vm.runInContext('(f, a) => f(...a)', context)(fn, args);
      functions += 1;
    }
  }
  process.stdout.write(JSON.stringify({ calls, functions }));
} catch (e) {
  process.stdout.write(JSON.stringify({ calls, error: String(e && e.stack || e) }));
  process.exitCode = 2;
}
