// The sync server for "Edit together": Hocuspocus (a Yjs WebSocket server, used as published)
// with docshape's configuration. Run `node server/sync.mjs`; `make serve` starts it beside the app.
//
// Environment (all optional):
//   SYNC_HOST      address to listen on (default 127.0.0.1: loopback only)
//   SYNC_PORT      port (default 8787)
//   SYNC_DATA      folder of the rooms' database, rooms.sqlite (default server/data)
//   SYNC_REDIS     host:port of a Redis server: run several instances behind it (scale-out)
//   SYNC_MAX_BYTES largest message a client may send (default 8 MiB; a bigger one closes it)
//   SYNC_MAX_PEOPLE most connections one room takes on this instance (default 64: a workshop of
//                  thirty with room to spare); one more is refused with the reason "room-full"
//
// A room is a capability: its link carries the room id and a secret key, and the id is the
// first 32 hex digits of the key's SHA-256. The server keeps no list of rooms or keys: it
// checks that the key a client presents hashes to the room it asks for, so a wrong or missing
// key is refused, and any instance (behind Redis) can check it.

import { createHash } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { Server } from "@hocuspocus/server";
import { SQLite } from "@hocuspocus/extension-sqlite";
import * as Y from "yjs";
import * as decoding from "lib0/decoding";

const here = dirname(fileURLToPath(import.meta.url));
const host = process.env.SYNC_HOST || "127.0.0.1";
const port = Number(process.env.SYNC_PORT || 8787);
const dataDir = process.env.SYNC_DATA || join(here, "data");
const maxBytes = Number(process.env.SYNC_MAX_BYTES || 8 * 1024 * 1024);
const maxPeople = Number(process.env.SYNC_MAX_PEOPLE || 64);
const ROOM = /^[0-9a-f]{32}$/;

/** The room a key opens: the first 32 hex digits of its SHA-256. */
export function roomOf(key) {
  return createHash("sha256").update(key, "utf8").digest("hex").slice(0, 32);
}

/** Refuses (by throwing, which makes Hocuspocus close the connection) a message that is too
 * large, or whose Yjs update or awareness update does not decode. */
function checkMessage(data) {
  if (data.byteLength > maxBytes) {
    throw Object.assign(new Error("message too large"), { code: 1009, reason: "message-too-large" });
  }
  const d = decoding.createDecoder(data);
  decoding.readVarString(d); // the room
  const type = decoding.readVarUint(d);
  const malformed = () => Object.assign(new Error("malformed update"), { code: 4400, reason: "malformed-update" });
  try {
    if (type === 0 || type === 4) {
      const step = decoding.readVarUint(d);
      const payload = decoding.readVarUint8Array(d);
      if (step === 1 || step === 2) Y.decodeUpdate(payload);
      else if (step === 0) Y.decodeStateVector(payload);
      else throw malformed();
    } else if (type === 1) {
      const update = decoding.readVarUint8Array(d);
      const inner = decoding.createDecoder(update);
      const n = decoding.readVarUint(inner);
      for (let i = 0; i < n; i++) {
        decoding.readVarUint(inner);
        decoding.readVarUint(inner);
        JSON.parse(decoding.readVarString(inner));
      }
    }
  } catch (e) {
    throw e.reason ? e : malformed();
  }
}

// Rooms are saved in one SQLite file (Hocuspocus' SQLite extension, better-sqlite3).
await mkdir(dataDir, { recursive: true });
const extensions = [new SQLite({ database: join(dataDir, "rooms.sqlite") })];

if (process.env.SYNC_REDIS) {
  const { Redis } = await import("@hocuspocus/extension-redis");
  const [redisHost, redisPort] = process.env.SYNC_REDIS.split(":");
  extensions.push(new Redis({ host: redisHost, port: Number(redisPort || 6379), prefix: "docshape" }));
}

const server = new Server({
  name: `docshape-sync-${port}`,
  address: host,
  port,
  quiet: true,
  debounce: 500,
  maxDebounce: 2000,
  websocketOptions: { maxPayload: maxBytes },
  extensions,
  async onAuthenticate({ documentName, token }) {
    if (!ROOM.test(documentName) || typeof token !== "string" || roomOf(token) !== documentName) {
      throw Object.assign(new Error("wrong key"), { reason: "wrong-key" });
    }
    // Counted on this instance (behind Redis, each instance takes as many).
    const here = server.hocuspocus.documents.get(documentName)?.getConnectionsCount() ?? 0;
    if (here >= maxPeople) {
      throw Object.assign(new Error("room full"), { reason: "room-full" });
    }
  },
  async beforeHandleMessage({ update }) {
    checkMessage(update);
  },
});

await server.listen();
console.log(`docshape sync server on ws://${host}:${port} (rooms saved in ${dataDir}${process.env.SYNC_REDIS ? `, Redis ${process.env.SYNC_REDIS}` : ""})`);
