"""A `$jsonSchema` checker built on the `jsonschema` library.

MongoDB's `$jsonSchema` is JSON Schema draft 4 plus the `bsonType` keyword. We extend
`Draft4Validator` with a real `bsonType` that checks the Python type `bson.json_util.loads`
produces for each BSON type.
"""

import datetime

import jsonschema
from bson.binary import Binary
from bson.decimal128 import Decimal128
from bson.int64 import Int64
from bson.objectid import ObjectId
from bson.timestamp import Timestamp


def _is_int32(v):
    return isinstance(v, int) and not isinstance(v, (bool, Int64)) and -(2**31) <= v < 2**31


def _checks(relaxed):
    def is_long(v):
        if isinstance(v, Int64):
            return True
        # Relaxed Extended JSON writes Int64 as a plain number: the parser cannot tell it from
        # an int, so a relaxed document may carry a long as a Python int.
        return relaxed and isinstance(v, int) and not isinstance(v, bool)

    return {
        "objectId": lambda v: isinstance(v, ObjectId),
        "date": lambda v: isinstance(v, datetime.datetime),
        "decimal": lambda v: isinstance(v, Decimal128),
        "long": is_long,
        "int": _is_int32,
        "double": lambda v: isinstance(v, float),
        "number": lambda v: isinstance(v, (int, float, Decimal128)) and not isinstance(v, bool),
        "string": lambda v: isinstance(v, str),
        "bool": lambda v: isinstance(v, bool),
        "array": lambda v: isinstance(v, list),
        "object": lambda v: isinstance(v, dict),
        "binData": lambda v: isinstance(v, (Binary, bytes)),
        "null": lambda v: v is None,
        "timestamp": lambda v: isinstance(v, Timestamp),
    }


def validator_class(relaxed):
    checks = _checks(relaxed)

    def bson_type(validator, expected, instance, schema):
        names = expected if isinstance(expected, list) else [expected]
        unknown = [n for n in names if n not in checks]
        if unknown:
            yield jsonschema.ValidationError(f"unknown bsonType {unknown}")
            return
        if not any(checks[n](instance) for n in names):
            yield jsonschema.ValidationError(f"{instance!r} is not of bsonType {expected!r}")

    return jsonschema.validators.extend(jsonschema.Draft4Validator, {"bsonType": bson_type})


RelaxedValidator = validator_class(relaxed=True)
CanonicalValidator = validator_class(relaxed=False)


def errors(schema, doc, relaxed=True):
    cls = RelaxedValidator if relaxed else CanonicalValidator
    return [e.message for e in cls(schema).iter_errors(doc)]
