"""Checks documents against `$jsonSchema` validators, with the `jsonschema` library and a real
`bsonType` (bson_schema.py). Used by tests/validators_accept_documents.rs.

Usage: check_documents.py VALIDATORS.json DOCUMENTS.jsonl
  VALIDATORS.json: `docshape export MODEL --what schema` (collection -> {validator: {$jsonSchema}})
  DOCUMENTS.jsonl: one `{"collection": name, "expect": "pass"|"fail", "flavor": "relaxed"|"canonical",
  "doc": <Extended JSON of that flavor>}` a line

Prints `checked N` and one line per document whose verdict is not the one expected; exits 1
when there is one, 2 when a document names a collection with no validator.
"""

import json
import sys

from bson import json_util
from bson.json_util import JSONMode, JSONOptions

from bson_schema import errors


def main(validators_path, documents_path):
    with open(validators_path) as f:
        schemas = {name: o["validator"]["$jsonSchema"] for name, o in json.load(f).items()}
    wrong, checked = [], 0
    with open(documents_path) as f:
        for line in f:
            entry = json.loads(line)
            name = entry["collection"]
            if name not in schemas:
                print(f"{name}: no validator")
                return 2
            relaxed = entry["flavor"] == "relaxed"
            options = json_util.DEFAULT_JSON_OPTIONS if relaxed else JSONOptions(json_mode=JSONMode.CANONICAL)
            doc = json_util.loads(json.dumps(entry["doc"]), json_options=options)
            problems = errors(schemas[name], doc, relaxed=relaxed)
            checked += 1
            if entry["expect"] == "pass" and problems:
                wrong.append(f"{name}: refused a document the design implies ({entry['flavor']}): {problems}\n    {json.dumps(entry['doc'])[:400]}")
            if entry["expect"] == "fail" and not problems:
                wrong.append(f"{name}: accepted a document with a field the design does not have")
    print(f"checked {checked}")
    for w in wrong:
        print(w)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
