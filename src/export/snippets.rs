//! Ready write paths for the patterns a design uses, as mongosh functions: the bucket upsert
//! with its cap, the computed-field `$inc`, the subset refresh, and the version-conditional
//! update. Functions are defined, never called, so loading the script writes nothing. The
//! comments above each function are written in the language of the export; the code is not.

use super::datetime::{period_kind, period_label_len, Period};
use super::document::Builder;
use super::facts::{split_scheme, SchemePart};
use super::shape::{singular, Op, Role, Shape};
use super::shell::{js_string, key};
use super::snippet_comments as comments;
use crate::escape::js::{member, push_comment};
use crate::i18n::Lang;
use crate::model::{BucketSpec, Entity, QueryKind, Relation};
use std::fmt::Write;

/// A JavaScript identifier made from a name (`socio.socio_id` → `socio_socio_id`).
pub fn ident(name: &str) -> String {
    let mut s = String::with_capacity(name.len() + 1);
    push_ident(&mut s, name);
    s
}

/// Appends [`ident`] of `name` to `out`: every character that is not an ASCII letter, digit,
/// `_` or `$` becomes `_`, a leading digit gets a `_` before it, and a reserved word (or a
/// name the snippets declare themselves, see [`TAKEN`]) gets a `_` after it.
pub fn push_ident(out: &mut String, name: &str) {
    let keep = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$';
    let start = out.len();
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        out.push('_');
    }
    if name.chars().all(keep) {
        out.push_str(name);
    } else {
        out.extend(name.chars().map(|c| if keep(c) { c } else { '_' }));
    }
    if out.get(start..).is_some_and(|written| TAKEN.contains(&written)) {
        out.push('_');
    }
}

/// JavaScript's reserved words, the globals a snippet calls and the names a snippet declares
/// itself: an identifier made from a name never takes one of them.
const TAKEN: &[&str] = &[
    "arguments",
    "await",
    "break",
    "case",
    "catch",
    "class",
    "const",
    "continue",
    "debugger",
    "default",
    "delete",
    "do",
    "else",
    "enum",
    "eval",
    "export",
    "extends",
    "false",
    "finally",
    "for",
    "function",
    "if",
    "implements",
    "import",
    "in",
    "instanceof",
    "interface",
    "let",
    "new",
    "null",
    "package",
    "private",
    "protected",
    "public",
    "return",
    "static",
    "super",
    "switch",
    "this",
    "throw",
    "true",
    "try",
    "typeof",
    "var",
    "void",
    "while",
    "with",
    "yield",
    "undefined",
    "NaN",
    "Infinity",
    "Date",
    "Object",
    "Error",
    "Math",
    "db",
    "print",
    "t",
    "base",
    "n",
    "e",
    "r",
    "_id",
    "doc",
    "changes",
    "to",
    "target",
    "item",
];

/// `db.actividad` or `db.getCollection("odd-name")`. The short form only for a lowercase
/// identifier that is not one of the database's own lowercase properties: every camelCase
/// name could be a mongosh method (`db.createCollection`, `db.dropDatabase`, …), so it goes
/// through `getCollection`.
pub fn coll(name: &str) -> String {
    const DB_METHODS: &[&str] =
        &["aggregate", "auth", "constructor", "hello", "help", "logout", "stats", "version", "watch"];
    let identifier = name.starts_with(|c: char| c.is_ascii_lowercase())
        && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && !DB_METHODS.contains(&name);
    if identifier {
        format!("db.{name}")
    } else {
        format!("db.getCollection({})", js_string(name))
    }
}

/// Every write snippet of one collection, each a function commented in `lang`.
pub fn snippets(builder: &Builder, entity: &Entity, lang: Lang) -> Vec<String> {
    let mut all = String::new();
    let mut starts = Vec::new();
    write_each(&mut all, builder, entity, lang, &mut |out: &mut String| starts.push(out.len()));
    let ends = starts.iter().skip(1).copied().chain([all.len()]);
    starts.iter().zip(ends).filter_map(|(&start, end)| all.get(start..end)).map(str::to_string).collect()
}

/// Appends every write snippet of one collection to `out`, each after a blank line (what the
/// script prints), without building each one as a string of its own.
pub(crate) fn write_snippets(out: &mut String, builder: &Builder, entity: &Entity, lang: Lang) {
    write_each(out, builder, entity, lang, &mut |out: &mut String| out.push('\n'));
}

/// Writes the snippets to `out`, calling `before` ahead of each one. (Writing to a `String`
/// cannot fail, so the results of `write!` are ignored.)
fn write_each(out: &mut String, builder: &Builder, entity: &Entity, lang: Lang, before: &mut dyn FnMut(&mut String)) {
    let Some(shape) = builder.shape(&entity.id) else { return };
    for (ri, rel) in builder.lookup.parents(&entity.id) {
        if let Some(b) = &rel.bucket {
            before(out);
            bucket_upsert(out, builder, entity, shape, ri, rel, b, lang);
        }
    }
    for (ri, rel) in builder.lookup.children(&entity.id) {
        let id_param = parent_id_param(rel, entity);
        if !rel.computed.is_empty() {
            before(out);
            computed_inc(out, builder, entity, shape, ri, rel, &id_param, lang);
        }
        if let Some(subset) = &rel.subset {
            let item_id = shape.field(&subset.field).and_then(|n| {
                n.children.iter().find(|c| c.name.ends_with("_id") || c.name == "_id").map(|c| c.name.to_string())
            });
            let child = builder.lookup.name(&rel.child);
            let (sort, slice) = match order(&subset.order_by) {
                Some((f, d)) => (format!("$sort: {{ {}: {d} }}, ", key(&f)), subset.size as i64),
                None => (String::new(), -(subset.size as i64)),
            };
            let pull = item_id.as_ref().map(|id| {
                format!(
                    "  {}.updateOne({{ _id: {id_param} }}, {{ $pull: {{ {}: {{ {}: {} }} }} }});\n",
                    coll(&entity.name),
                    key(&subset.field),
                    key(id),
                    member("item", id)
                )
            });
            before(out);
            push_comment(out, &comments::subset(&entity.name, subset, &child).render(lang));
            let _ = write!(
                out,
                "function refresh_{fn_name}({id_param}, item) {{\n{pull}  {c}.updateOne(\n    {{ _id: {id_param} }},\n    {{ $push: {{ {f}: {{ $each: [item], {sort}$slice: {slice} }} }} }}\n  );\n}}\n",
                fn_name = ident(&format!("{}_{}", entity.name, subset.field)),
                pull = pull.unwrap_or_default(),
                c = coll(&entity.name),
                f = key(&subset.field),
            );
        }
    }
    if let Some(v) = &entity.collection.schema_version_field {
        let current = shape.field(v).and_then(|n| n.constraints.minimum).unwrap_or(1.0).max(1.0) as i64;
        before(out);
        push_comment(out, &comments::version(&entity.name, v).render(lang));
        let _ = write!(
            out,
            "function upgrade_{fn_name}(doc, changes, to) {{\n  const target = to || {next};\n  if (({vi} || 0) >= target) return false;\n  const r = {c}.updateOne(\n    {{ _id: doc._id, {vk}: {vi} }},\n    {{ $set: Object.assign({{}}, changes, {{ {vk}: target }}) }}\n  );\n  return r.modifiedCount === 1;\n}}\n",
            fn_name = ident(&entity.name),
            next = current + 1,
            vi = member("doc", v),
            vk = key(v),
            c = coll(&entity.name),
        );
    }
}

#[allow(clippy::too_many_arguments)]
fn bucket_upsert(
    out: &mut String,
    builder: &Builder,
    entity: &Entity,
    shape: &Shape,
    ri: usize,
    rel: &Relation,
    b: &BucketSpec,
    lang: Lang,
) {
    let events = &b.array_field;
    let item = ident(singular(events));
    let ref_field = rel.reference.child_field.clone();
    let period_field = b.period_field.clone();
    let mut params: Vec<(String, String)> = Vec::new(); // (field, js variable)
    if let Some(r) = &ref_field {
        params.push((r.clone(), ident(r)));
    }
    let parts = split_scheme(&b.id_scheme);
    for part in &parts {
        if let SchemePart::Slot(name) = part {
            if Some(name) != period_field.as_ref() && !params.iter().any(|(f, _)| f == name) {
                params.push((name.to_string(), ident(name)));
            }
        }
    }
    let period_var = period_field.as_deref().map(ident).unwrap_or_else(|| "periodo".into());
    let len = period_label_len(&b.period);
    let label = format!("{period_var}.toISOString().slice(0, {len})");
    let base = if parts.is_empty() {
        let first = params.first().map(|(_, v)| v.clone()).unwrap_or_else(|| "\"bucket\"".into());
        format!("{first} + \"-\" + {label}")
    } else {
        parts
            .iter()
            .map(|p| match p {
                SchemePart::Literal(l) => js_string(l),
                SchemePart::Slot(n) if Some(n) == period_field.as_ref() => label.clone(),
                SchemePart::Slot(n) => ident(n),
            })
            .collect::<Vec<_>>()
            .join(" + ")
    };
    let events_node = shape.field(events);
    let time = events_node
        .and_then(|n| n.children.iter().find(|c| c.ty == crate::model::BsonType::Date))
        .map(|c| c.name.to_string());
    let t = match &time {
        Some(t) => format!("{} || new Date()", member(&item, t)),
        None => "new Date()".to_string(),
    };
    let truncate = match period_kind(&b.period) {
        Period::Minute => {
            "Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate(), t.getUTCHours(), t.getUTCMinutes())"
        }
        Period::Hour => "Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate(), t.getUTCHours())",
        Period::Day => "Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate())",
        Period::Week => "Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate() - ((t.getUTCDay() + 6) % 7))",
        Period::Month => "Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), 1)",
        Period::Year => "Date.UTC(t.getUTCFullYear(), 0, 1)",
    };
    let cap_filter = match &b.count_field {
        Some(c) => format!("{}: {{ $lt: {} }}", key(c), b.cap),
        None => format!("{}: {{ $exists: false }}", key(&format!("{events}.{}", b.cap.saturating_sub(1)))),
    };
    let mut inc = Vec::new();
    if let Some(c) = &b.count_field {
        inc.push(format!("{}: 1", key(c)));
    }
    let mut extra_ops = Vec::new();
    let mut avg_fields = Vec::new();
    let value_field =
        events_node.and_then(|n| n.children.iter().find(|c| c.ty.is_numeric())).map(|c| c.name.to_string());
    if let Some(v) = &value_field {
        for node in shape.fields.iter().filter(|n| n.role == Role::Plain && n.ty.is_numeric()) {
            match Op::parse(&node.name) {
                Some(Op::Min) => extra_ops.push(format!("$min: {{ {}: {} }}", key(&node.name), member(&item, v))),
                Some(Op::Max) => extra_ops.push(format!("$max: {{ {}: {} }}", key(&node.name), member(&item, v))),
                Some(Op::Sum) => inc.push(format!("{}: {}", key(&node.name), member(&item, v))),
                Some(Op::Avg) => avg_fields.push(node.name.to_string()),
                _ => {}
            }
        }
    }
    let mut on_insert: Vec<String> = params.iter().map(|(f, v)| format!("{}: {v}", key(f))).collect();
    if let Some(p) = &period_field {
        on_insert.push(format!("{}: {period_var}", key(p)));
    }
    if let Some(v) = &entity.collection.schema_version_field {
        let version = shape.field(v).and_then(|n| n.constraints.minimum).unwrap_or(1.0).max(1.0) as i64;
        on_insert.push(format!("{}: {version}", key(v)));
    }
    let mut update = vec![format!("$push: {{ {}: {item} }}", key(events))];
    if !inc.is_empty() {
        update.push(format!("$inc: {{ {} }}", inc.join(", ")));
    }
    update.extend(extra_ops);
    update.push(format!("$setOnInsert: {{ {} }}", on_insert.join(", ")));
    let avg = avg_fields
        .iter()
        .filter_map(|a| {
            let v = value_field.as_ref()?;
            Some(format!(
                "      {}.updateOne({{ _id: _id }}, [{{ $set: {{ {}: {{ $round: [{{ $avg: {} }}, 2] }} }} }}]);\n",
                coll(&entity.name),
                key(a),
                js_string(&format!("${events}.{v}"))
            ))
        })
        .collect::<String>();
    let writes: Vec<String> = builder
        .lookup
        .model
        .queries
        .iter()
        .filter(|q| q.kind == QueryKind::Write && q.entity == entity.id)
        .map(|q| format!("{} {}", q.id, q.name))
        .collect();
    let _ = ri;
    let per = params.first().map(|(f, _)| f.as_str()).unwrap_or("key");
    push_comment(out, &comments::bucket(&entity.name, per, b, &writes).render(lang));
    let _ = write!(
        out,
        "function record_{fn_name}({args}, {item}) {{\n  const t = {t};\n  const {period_var} = new Date({truncate});\n  const base = {base};\n  for (let n = 1; n <= 50; n++) {{\n    const _id = n === 1 ? base : base + \"-\" + n;\n    try {{\n      {c}.updateOne(\n        {{ _id: _id, {cap_filter} }},\n        {{\n          {update}\n        }},\n        {{ upsert: true }}\n      );\n{avg}      return _id;\n    }} catch (e) {{\n      if (e.code !== 11000) throw e;\n    }}\n  }}\n  throw new Error(\"no bucket with room for \" + base);\n}}\n",
        fn_name = ident(&entity.name),
        args = params.iter().map(|(_, v)| v.as_str()).collect::<Vec<_>>().join(", "),
        c = coll(&entity.name),
        update = update.join(",\n          "),
    );
}

#[allow(clippy::too_many_arguments)]
fn computed_inc(
    out: &mut String,
    builder: &Builder,
    entity: &Entity,
    shape: &Shape,
    ri: usize,
    rel: &Relation,
    id_param: &str,
    lang: Lang,
) {
    let child = builder.lookup.name(&rel.child);
    let source = rel.computed.iter().map(|c| c.source.as_str()).find(|s| !s.is_empty()).unwrap_or("value");
    let value = ident(source);
    let mut inc = Vec::new();
    let mut other = Vec::new();
    let mut avg: Vec<(String, Option<(String, String)>)> = Vec::new();
    let mut sum_path = None;
    let mut count_path = None;
    let mut visit = |path: String, op: Op| match op {
        Op::Sum => {
            inc.push(format!("{}: {value}", key(&path)));
            sum_path = Some(path);
        }
        Op::Count => {
            inc.push(format!("{}: 1", key(&path)));
            count_path = Some(path);
        }
        Op::Min => other.push(format!("$min: {{ {}: {value} }}", key(&path))),
        Op::Max => other.push(format!("$max: {{ {}: {value} }}", key(&path))),
        Op::Avg => avg.push((path, None)),
    };
    for c in &rel.computed {
        match shape_node(shape, &c.field) {
            Some(node) if node.role == Role::ComputedGroup(ri) => {
                for sub in &node.children {
                    let op = Op::parse(&sub.name).or(match sub.sem {
                        super::semantic::Sem::Rating => Some(Op::Avg),
                        super::semantic::Sem::Count => Some(Op::Count),
                        _ => None,
                    });
                    if let Some(op) = op {
                        visit(format!("{}.{}", c.field, sub.name), op);
                    }
                }
            }
            _ => visit(c.field.clone(), Op::parse(&c.op).unwrap_or(Op::Count)),
        }
    }
    if let Some(count) = rel.subset.as_ref().and_then(|s| s.count_field.clone()) {
        if count_path.as_deref() != Some(count.as_str()) {
            inc.push(format!("{}: 1", key(&count)));
        }
    }
    let c = coll(&entity.name);
    let mut body = String::new();
    let mut ops = Vec::new();
    if !inc.is_empty() {
        ops.push(format!("$inc: {{ {} }}", inc.join(", ")));
    }
    ops.extend(other);
    if !ops.is_empty() {
        body.push_str(&format!("  {c}.updateOne(\n    {{ _id: {id_param} }},\n    {{ {} }}\n  );\n", ops.join(", ")));
    }
    for (path, _) in &avg {
        match (&sum_path, &count_path) {
            (Some(s), Some(n)) => body.push_str(&format!(
                "  {c}.updateOne(\n    {{ _id: {id_param} }},\n    [{{ $set: {{ {}: {{ $round: [{{ $divide: [{}, {{ $max: [{}, 1] }}] }}, 2] }} }} }}]\n  );\n",
                key(path),
                js_string(&format!("${s}")),
                js_string(&format!("${n}"))
            )),
            _ => push_comment(&mut body, &comments::no_sum(path, &child).render(lang)),
        }
    }
    let fields: Vec<&str> = rel.computed.iter().map(|c| c.field.as_str()).collect();
    let averaged = !avg.is_empty() && sum_path.is_some() && count_path.is_some();
    push_comment(out, &comments::computed(&entity.name, &fields, &child, source, averaged).render(lang));
    let _ = write!(
        out,
        "function add_{fn_name}({id_param}, {value}) {{\n{body}}}\n",
        fn_name = ident(&format!("{}_to_{}", singular(&child), entity.name)),
    );
}

fn shape_node<'a, 'm>(shape: &'a Shape<'m>, path: &str) -> Option<&'a super::shape::Node<'m>> {
    let mut parts = path.split('.');
    let mut node = shape.field(parts.next()?)?;
    for p in parts {
        node = node.children.iter().find(|c| c.name == p)?;
    }
    Some(node)
}

/// The parameter naming the parent document's `_id`: the child's reference field when it has one.
fn parent_id_param(rel: &Relation, parent: &Entity) -> String {
    match rel.reference.child_field.as_deref().map(|f| f.rsplit('.').next().unwrap_or(f)) {
        Some(leaf) if leaf != "_id" => ident(leaf),
        _ => ident(&format!("{}_id", singular(&parent.name))),
    }
}

fn order(order_by: &str) -> Option<(String, i8)> {
    let s = order_by.trim();
    if s.is_empty() {
        return None;
    }
    Some(match s.split_once(':') {
        Some((f, d)) => (f.trim().to_string(), if d.trim().starts_with('-') { -1 } else { 1 }),
        None => match s.strip_prefix('-') {
            Some(f) => (f.to_string(), -1),
            None => (s.to_string(), 1),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collections_are_named_safely() {
        assert_eq!(coll("actividad"), "db.actividad");
        assert_eq!(coll("eventos_2024"), "db.eventos_2024");
        for odd in ["createCollection", "dropDatabase", "userProfiles", "stats", "_x", "1a", "a-b", "x\u{2028}y"] {
            assert!(coll(odd).starts_with("db.getCollection(\""), "{odd}: {}", coll(odd));
        }
        assert_eq!(coll("a\"b</script>"), "db.getCollection(\"a\\\"b\\u003c/script>\")");
        assert_eq!(ident("class"), "class_");
        assert_eq!(ident("a-b"), "a_b");
        assert_eq!(ident("1x"), "_1x");
    }

    #[test]
    fn the_list_and_the_script_hold_the_same_functions() {
        let model = crate::model::load(include_str!("../../public/templates/bibliored.json")).unwrap();
        let builder = Builder::new(&model);
        let mut checked = 0;
        for e in builder.lookup.collections() {
            let list = snippets(&builder, e, Lang::Es);
            let mut out = String::new();
            write_snippets(&mut out, &builder, e, Lang::Es);
            let joined: String = list.iter().map(|s| format!("\n{s}")).collect();
            assert_eq!(out, joined);
            assert!(list.iter().all(|s| s.starts_with("//") && s.ends_with("}\n")), "{list:?}");
            checked += list.len();
        }
        assert!(checked >= 3, "{checked}");
    }
}
