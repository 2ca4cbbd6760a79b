"""Dumps written the way mongodump writes them, with MongoDB's own `bson` package (pymongo).

mongodump ("mongodump", MongoDB Database Tools) writes, per database folder, `<collection>.bson`
(the documents, concatenated BSON) and `<collection>.metadata.json` (canonical Extended JSON:
`indexes`, `uuid`, `collectionName`, `type`, `options`); with `--gzip` both are gzipped
(`.bson.gz`, `.metadata.json.gz`). With `--archive` it writes one stream, laid out as mongo-tools'
"The Mongodump archive format specification" says: the magic number 0x8199e26d, a header
document, one metadata document per collection, the terminator FF FF FF FF, then blocks (a
namespace header, documents, a terminator) and an EOF header per collection.
"""

import gzip
import io
import pathlib
import struct
import uuid

import bson
from bson import json_util

CANONICAL = json_util.CANONICAL_JSON_OPTIONS
TERMINATOR = b"\xff\xff\xff\xff"
MAGIC = struct.pack("<I", 0x8199E26D)


def metadata(name, indexes=(), options=None, kind="collection"):
    """The metadata document mongodump writes for a collection (the `_id` index first)."""
    all_indexes = [{"v": 2, "key": {"_id": 1}, "name": "_id_"}] if kind == "collection" else []
    for index in indexes:
        all_indexes.append({"v": 2, **index})
    return {
        "indexes": all_indexes,
        "uuid": uuid.uuid4().hex,
        "collectionName": name,
        "type": kind,
        "options": options or {},
    }


def metadata_text(meta):
    return json_util.dumps(meta, json_options=CANONICAL)


def write_collection(folder, name, docs, indexes=(), options=None, kind="collection", compress=False):
    """`<folder>/<name>.bson` and `<name>.metadata.json` (gzipped with `compress`)."""
    folder = pathlib.Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    data = b"".join(bson.encode(d) for d in docs)
    meta = metadata_text(metadata(name, indexes, options, kind)).encode()
    suffix = ".gz" if compress else ""
    opener = gzip.open if compress else open
    if kind != "view":
        with opener(folder / f"{name}.bson{suffix}", "wb") as f:
            f.write(data)
    with opener(folder / f"{name}.metadata.json{suffix}", "wb") as f:
        f.write(meta)


def write_archive(path, db, collections, compress=False, block=50):
    """One archive of `collections` (name, docs, indexes, options, kind), their blocks of `block`
    documents interleaved as parallel dumps interleave them."""
    out = io.BytesIO()
    out.write(MAGIC)
    header = {"concurrent_collections": 4, "version": "0.1", "server_version": "7.0.14", "tool_version": "100.10.0"}
    out.write(bson.encode(header))
    for name, docs, indexes, options, kind in collections:
        meta = metadata_text(metadata(name, indexes, options, kind))
        size = sum(len(bson.encode(d)) for d in docs)
        out.write(bson.encode({"db": db, "collection": name, "metadata": meta, "size": size}))
    out.write(TERMINATOR)
    queues = [(name, list(docs)) for name, docs, _, _, kind in collections if kind != "view"]
    while any(docs for _, docs in queues):
        for name, docs in queues:
            if not docs:
                continue
            chunk, docs[:] = docs[:block], docs[block:]
            out.write(bson.encode({"db": db, "collection": name, "EOF": False, "CRC": bson.int64.Int64(0)}))
            for d in chunk:
                out.write(bson.encode(d))
            out.write(TERMINATOR)
    for name, _ in queues:
        out.write(bson.encode({"db": db, "collection": name, "EOF": True, "CRC": bson.int64.Int64(0)}))
        out.write(TERMINATOR)
    data = out.getvalue()
    pathlib.Path(path).write_bytes(gzip.compress(data) if compress else data)
