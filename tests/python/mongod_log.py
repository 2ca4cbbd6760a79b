"""mongod's structured log, as MongoDB's page "Log Messages" documents it (4.4 and later).

Each line is one JSON document: `t` (`{"$date": ISO-8601 with milliseconds and offset}`), `s`
(severity), `c` (component), `id`, `ctx` (the thread), `msg` and `attr`. A slow operation is
`id` 51803, `msg` "Slow query", with `attr.type`, `attr.ns`, `attr.command`, `planSummary`,
`keysExamined`, `docsExamined`, `nreturned`, `hasSortStage` (when a sort ran in memory),
`durationMillis`. A write is logged once per statement (`type: "update"`, `command: { q, u,
multi, upsert }`, component WRITE) and once for its command, whose statements are left out.
"""

import datetime
import json

START = datetime.datetime(2026, 11, 30, 9, 0, 0, tzinfo=datetime.timezone.utc)


def stamp(seconds):
    t = START + datetime.timedelta(seconds=seconds)
    return t.isoformat(timespec="milliseconds")


def line(seconds, component, id_, msg, attr, ctx="conn12", severity="I"):
    return json.dumps({"t": {"$date": stamp(seconds)}, "s": severity, "c": component, "id": id_, "ctx": ctx, "msg": msg, "attr": attr}, separators=(",", ":"))


def slow_query(seconds, ns, command, plan, millis, keys=0, docs=0, returned=0, sort_in_memory=False, kind="command"):
    attr = {"type": kind, "ns": ns, "command": command, "planSummary": plan, "keysExamined": keys, "docsExamined": docs}
    if sort_in_memory:
        attr["hasSortStage"] = True
    attr.update({"nreturned": returned, "numYields": 0, "reslen": 512, "locks": {}, "protocol": "op_msg", "durationMillis": millis})
    component = "WRITE" if kind in ("update", "remove") else "COMMAND"
    return line(seconds, component, 51803, "Slow query", attr)


def connection_accepted(seconds):
    return line(seconds, "NETWORK", 22943, "Connection accepted", {"remote": "127.0.0.1:51234", "connectionId": 12, "connectionCount": 3}, ctx="listener")


def old_format_line(seconds):
    """A line of the plain-text log servers before 4.4 wrote."""
    t = (START + datetime.timedelta(seconds=seconds)).strftime("%Y-%m-%dT%H:%M:%S.000+0000")
    return f"{t} I COMMAND  [conn12] command shop.orders command: find {{ find: \"orders\" }} planSummary: COLLSCAN 150ms"
