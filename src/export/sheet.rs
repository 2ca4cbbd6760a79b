//! Decision sheets in Markdown, one per collection (seed 001, Consejo 1): aggregate root,
//! queries served, what is embedded and why, each copy with its category and propagation,
//! indexes, validator summary and expected document size. Read from the model and the
//! advisor's report; parts the report does not have yet print as "—".

use super::document::Builder;
use super::examples::{collection_examples, CollectionExamples};
use super::mongosh::{advice_by_entity, indexes_of};
use super::shape::{Node, Role};
use super::sheet_index::ReportIndex;
use crate::advisor::{Finding, IndexAdvice, Report};
use crate::model::{
    AccessPattern, BsonType, CopyCategory, Entity, EntityKind, Model, Propagation, Storage, Volatility,
};
use std::collections::HashMap;
use std::fmt::Write;

const NONE: &str = "—";

/// Every collection's sheet, with a title.
pub fn sheets(model: &Model, report: &Report) -> String {
    sheets_with(&Builder::new(model), report)
}

/// Same as `sheets`, reusing a builder.
pub fn sheets_with(builder: &Builder, report: &Report) -> String {
    sheets_from(builder, report, &super::examples::examples_with(builder))
}

/// Same as `sheets_with`, from example documents already built (for their sizes).
pub fn sheets_from(builder: &Builder, report: &Report, examples: &[CollectionExamples]) -> String {
    let advice = advice_by_entity(&report.indexes);
    let index = ReportIndex::new(builder.lookup.model, report);
    let examples: HashMap<&str, &CollectionExamples> = examples.iter().map(|c| (c.entity.as_str(), c)).collect();
    let mut out = format!("# Decision sheets: {}\n", builder.lookup.model.name);
    for e in builder.lookup.collections() {
        out.push('\n');
        let advice = advice.get(e.id.as_str()).map(Vec::as_slice).unwrap_or(&[]);
        out.push_str(&sheet_from(builder, &index, e, advice, examples.get(e.id.as_str()).copied()));
    }
    out
}

/// The sheet of one collection.
pub fn sheet(builder: &Builder, report: &Report, entity: &Entity) -> String {
    let advice: Vec<&IndexAdvice> = report.indexes.iter().filter(|a| a.entity == entity.id).collect();
    let examples = collection_examples(builder, &entity.id);
    sheet_from(builder, &ReportIndex::new(builder.lookup.model, report), entity, &advice, examples.as_ref())
}

fn sheet_from(
    builder: &Builder,
    report: &ReportIndex,
    entity: &Entity,
    advice: &[&IndexAdvice],
    examples: Option<&CollectionExamples>,
) -> String {
    let lookup = &builder.lookup;
    let model = lookup.model;
    let mut members: Vec<&str> = vec![entity.id.as_str()];
    let mut i = 0;
    while let Some(current) = members.get(i).copied() {
        for (_, r) in lookup.children(current) {
            if r.storage == Storage::Embed
                && !members.contains(&r.child.as_str())
                && members.len() <= model.entities.len()
            {
                members.push(r.child.as_str());
            }
        }
        i += 1;
    }
    let mut out = format!("## {}\n\n", entity.name);
    let notes = if entity.notes.is_empty() { String::new() } else { format!(" {}", entity.notes) };
    let _ = write!(out, "**Aggregate root:** `{}` (collection `{}`).{notes}\n\n", entity.id, entity.name);

    out.push_str("**Queries served**\n\n");
    // Queries starting from the aggregate's members, then those the advisor assigns to it.
    let mut queries: Vec<&AccessPattern> =
        members.iter().flat_map(|m| report.starting.get(m).into_iter().flatten().copied()).collect();
    for id in report.aggregate_queries.get(entity.id.as_str()).into_iter().flatten() {
        if let Some(q) = report.by_query_id.get(id) {
            if !queries.iter().any(|x| x.id == q.id) {
                queries.push(q);
            }
        }
    }
    if queries.is_empty() {
        let _ = writeln!(out, "{NONE}");
    }
    for q in queries {
        let sla = q.sla_ms.map(|s| format!(", p95 ≤ {s} ms")).unwrap_or_default();
        let how = report.queries.get(q.id.as_str()).map(|a| format!(" {}", a.explanation)).unwrap_or_default();
        out.push_str(
            &format!("- {} {} ({:?}, {}/min{sla}).{how}\n", q.id, q.name, q.kind, q.per_minute)
                .replace("(Read", "(read")
                .replace("(Write", "(write")
                .replace("(Analytical", "(analytical"),
        );
    }

    out.push_str("\n**Embedded, and why**\n\n");
    let mut embedded = 0;
    for member in &members {
        for (_, r) in lookup.children(member).filter(|(_, r)| r.storage == Storage::Embed) {
            let child = lookup.entity(&r.child);
            let what = match child.map(|c| c.kind) {
                Some(EntityKind::Value) => {
                    format!("values ({})", child.and_then(|c| c.value_type).unwrap_or(BsonType::String).name())
                }
                _ => "sub-documents".to_string(),
            };
            let why = match report.relations.get(r.id.as_str()) {
                Some(a) => a.summary.clone(),
                None => facts(r.cardinality.max, r.read_separately, r.child_changes, r.atomic_with_parent).into(),
            };
            let notes = if r.notes.is_empty() { String::new() } else { format!(" {}", r.notes) };
            let _ = writeln!(
                out,
                "- `{}`: {} of `{}`, {} typical, {}. {why}{notes}",
                if r.field.is_empty() { lookup.name(&r.child) } else { r.field.clone() },
                what,
                lookup.name(&r.child),
                r.cardinality.typical,
                r.cardinality.max.map(|m| format!("at most {m}")).unwrap_or_else(|| "unbounded".into())
            );
            embedded += 1;
        }
    }
    if let Some(shape) = builder.shape(&entity.id) {
        for n in shape.fields.iter().filter(|n| {
            n.role == Role::Plain
                && n.has_children()
                && !is_relation_field(builder, &entity.id, &n.name)
                && !n.children.iter().any(|c| matches!(c.role, Role::ParentRef(_) | Role::Copy { .. }))
        }) {
            let _ = writeln!(out, "- `{}`: {} declared in the document.", n.name, sub_label(n));
            embedded += 1;
        }
    }
    if embedded == 0 {
        let _ = writeln!(out, "{NONE}");
    }

    out.push_str("\n**References**\n\n");
    let mut refs = 0;
    for member in &members {
        for (_, r) in lookup.children(member).chain(lookup.parents(member)).filter(|(_, r)| r.storage != Storage::Embed)
        {
            let (other, side) = if r.parent == *member { (&r.child, "to") } else { (&r.parent, "from") };
            let place = match (&r.reference.child_field, &r.reference.parent_field) {
                (Some(c), _) => format!("`{}.{c}` points at the parent", lookup.name(&r.child)),
                (None, Some(p)) => format!("`{}.{p}` lists the children", lookup.name(&r.parent)),
                _ => "no id stored".to_string(),
            };
            let advice = report
                .relations
                .get(r.id.as_str())
                .map(|a| format!("; advisor: {} ({})", a.recommendation.label(), a.class.label()))
                .unwrap_or_default();
            let _ = writeln!(out, "- {side} `{}`: {}; {place}{advice}.", lookup.name(other), r.storage.label());
            refs += 1;
        }
    }
    if refs == 0 {
        let _ = writeln!(out, "{NONE}");
    }

    out.push_str("\n**Copies kept here**\n\n| field | copied from | pattern | category | propagation | used to decide |\n|---|---|---|---|---|---|\n");
    let mut copies = 0;
    for member in &members {
        for (_, r) in lookup.parents(member).filter(|(_, r)| r.storage != Storage::Embed) {
            let prefix = r
                .reference
                .child_field
                .as_deref()
                .and_then(|p| p.rsplit_once('.'))
                .map(|(h, _)| format!("{h}."))
                .unwrap_or_default();
            for c in &r.extended {
                let decide =
                    if c.used_to_decide { "**yes**: duplicate what is displayed, not what decides" } else { "no" };
                let _ = writeln!(
                    out,
                    "| `{prefix}{}` | {}.{} | extended reference | {} | {} | {decide} |",
                    c.target_name(),
                    lookup.name(&r.parent),
                    c.field,
                    category(c.category),
                    propagation(c.category, c.propagation)
                );
                copies += 1;
            }
        }
        for (_, r) in lookup.children(member).filter(|(_, r)| r.storage != Storage::Embed) {
            let child = lookup.name(&r.child);
            if let Some(s) = &r.subset {
                let count = s.count_field.as_ref().map(|c| format!(", total in `{c}`")).unwrap_or_default();
                let order = if s.order_by.is_empty() { String::new() } else { format!(" by {}", s.order_by) };
                let _ = writeln!(
                    out,
                    "| `{}` | {child} ({} items{order}{count}) | subset | {NONE} | refreshed lazily | no |",
                    s.field, s.size
                );
                copies += 1;
            }
            for c in &r.computed {
                let _ = writeln!(
                    out,
                    "| `{}` | {child}.{} ({}) | computed | {NONE} | $inc on each change, periodic recompute | no |",
                    c.field, c.source, c.op
                );
                copies += 1;
            }
        }
    }
    if copies == 0 {
        let _ = writeln!(out, "| {NONE} | | | | | |");
    }
    let elsewhere: Vec<String> = lookup
        .children(&entity.id)
        .filter(|(_, r)| !r.extended.is_empty())
        .map(|(_, r)| {
            format!(
                "{} ({})",
                lookup.name(&r.child),
                r.extended.iter().map(|c| c.field.as_str()).collect::<Vec<_>>().join(", ")
            )
        })
        .collect();
    if !elsewhere.is_empty() {
        let _ = writeln!(out, "\nFields of this collection copied elsewhere: {}.", elsewhere.join("; "));
    }

    out.push_str("\n**Patterns**\n\n");
    let patterns = patterns(builder, report, entity);
    if patterns.is_empty() {
        let _ = writeln!(out, "{NONE}");
    }
    for p in patterns {
        let _ = writeln!(out, "- {p}");
    }

    out.push_str("\n**Indexes**\n\n");
    let indexes = indexes_of(builder, entity, advice);
    if indexes.is_empty() {
        let _ = writeln!(out, "{NONE}");
    }
    for l in indexes {
        let mut opts = Vec::new();
        if l.index.unique {
            opts.push("unique".to_string());
        }
        if let Some(t) = l.index.ttl_seconds {
            opts.push(format!("TTL {t} s"));
        }
        let opts = if opts.is_empty() { String::new() } else { format!(" ({})", opts.join(", ")) };
        let _ =
            writeln!(out, "- `{}`{opts}: {}", l.index.key_doc(), if l.reason.is_empty() { NONE } else { &l.reason });
    }

    out.push_str("\n**Validator**\n\n");
    out.push_str(&validator_summary(builder, entity));

    out.push_str("\n**Document size**\n\n");
    match report.sizes.get(entity.id.as_str()) {
        Some(s) => out.push_str(&format!(
            "- Estimated: {} bytes on average, {} worst case now, {} {}.\n",
            s.avg_bytes, s.worst_bytes, s.horizon_bytes, s.horizon_label
        )),
        None => out.push_str(&format!("- Estimated: {NONE}\n")),
    }
    if let Some(ex) = examples {
        let sizes: Vec<String> = ex
            .examples
            .iter()
            .map(|e| {
                if e.label.is_empty() {
                    format!("{} bytes", e.doc.bson_size())
                } else {
                    format!("{} bytes ({})", e.doc.bson_size(), e.label)
                }
            })
            .collect();
        let _ = writeln!(out, "- Example document as BSON: {}.", sizes.join(", "));
    }

    let mut findings: Vec<&Finding> = Vec::new();
    for m in &members {
        for f in report.findings.get(m).into_iter().flatten() {
            if !findings.iter().any(|x| std::ptr::eq(*x, *f)) {
                findings.push(f);
            }
        }
    }
    out.push_str("\n**Advisor findings**\n\n");
    if findings.is_empty() {
        let _ = writeln!(out, "{NONE}");
    }
    for f in findings {
        let _ = writeln!(out, "- {} {} ({}): {}", f.code, f.rule, f.severity.label(), f.message);
    }
    out
}

/// The patterns the design uses here, read from the model, then the advisor's suggestions.
fn patterns(builder: &Builder, report: &ReportIndex, entity: &Entity) -> Vec<String> {
    let lookup = &builder.lookup;
    let mut out = Vec::new();
    for (_, r) in lookup.parents(&entity.id) {
        if let Some(b) = &r.bucket {
            let ttl = b.ttl_seconds.map(|t| format!(", TTL {t} s")).unwrap_or_default();
            let id = if b.id_scheme.is_empty() { String::new() } else { format!(", `_id` = `{}`", b.id_scheme) };
            out.push(format!(
                "bucket: the events of one `{}` per {} in `{}`, at most {} per document (then `…-2`){id}{ttl}.",
                lookup.name(&r.parent),
                b.period,
                b.array_field,
                b.cap
            ));
        }
        if !r.extended.is_empty() {
            out.push(format!("extended reference to `{}`.", lookup.name(&r.parent)));
        }
    }
    for (_, r) in lookup.children(&entity.id) {
        if let Some(s) = &r.subset {
            out.push(format!("subset: {} of `{}` in `{}`.", s.size, lookup.name(&r.child), s.field));
        }
        if !r.computed.is_empty() {
            out.push(format!("computed from `{}`.", lookup.name(&r.child)));
        }
        if let Some(o) = &r.outlier {
            out.push(format!("outlier: flag `{}`, overflow in `{}`.", o.flag_field, o.overflow_collection));
        }
    }
    if let Some(d) = &entity.collection.discriminator {
        out.push(format!("polymorphic: variants keyed on `{d}`."));
    }
    if let Some(v) = &entity.collection.schema_version_field {
        out.push(format!("schema versioning: `{v}` in every document."));
    }
    for p in report.patterns.get(entity.id.as_str()).into_iter().flatten() {
        let state = if p.in_use { "in use" } else { "suggested" };
        out.push(format!("{} ({state}, advisor): {}", p.pattern.label(), p.change));
    }
    out
}

fn validator_summary(builder: &Builder, entity: &Entity) -> String {
    if !entity.collection.validate {
        return "None: `validate` is off in the model (write one, even in \"warn\": it is executable documentation).\n"
            .into();
    }
    // The summary reads the shape directly: no need to build the schema again.
    let Some(shape) = builder.shape(&entity.id) else { return format!("{NONE}\n") };
    let required = shape.fields.iter().filter(|n| n.required && n.name != "_id").count();
    let level = format!("{:?}", entity.collection.validation_level).to_lowercase();
    let action = format!("{:?}", entity.collection.validation_action).to_lowercase();
    let mut caps = Vec::new();
    if let Some(shape) = builder.shape(&entity.id) {
        collect_caps(&shape.fields, &mut String::new(), &mut caps);
    }
    let variants = builder
        .shape(&entity.id)
        .filter(|s| !s.variants.is_empty())
        .map(|s| {
            format!(
                "; `oneOf` on `{}` ({})",
                s.discriminator.as_deref().unwrap_or("?"),
                s.variants.iter().map(|v| v.value.as_str()).collect::<Vec<_>>().join(", ")
            )
        })
        .unwrap_or_default();
    format!(
        "- `$jsonSchema` with {required} required fields, validationLevel `{}`, validationAction `{}`, additionalProperties `{}`{variants}.\n- Array caps: {}.\n",
        level,
        action,
        entity.collection.additional_properties,
        if caps.is_empty() { NONE.to_string() } else { caps.join(", ") }
    )
}

/// `path` is the dotted prefix of `nodes` (empty at the top); it is restored before returning.
fn collect_caps(nodes: &[Node], path: &mut String, out: &mut Vec<String>) {
    for n in nodes {
        let len = path.len();
        path.push_str(&n.name);
        if let (BsonType::Array, Some(max)) = (n.ty, n.constraints.max_items) {
            out.push(format!("`{path}` ≤ {max}"));
        }
        path.push('.');
        collect_caps(&n.children, path, out);
        path.truncate(len);
    }
}

fn is_relation_field(builder: &Builder, entity: &str, name: &str) -> bool {
    builder.lookup.children(entity).any(|(_, r)| {
        r.field == name
            || r.subset.as_ref().is_some_and(|s| s.field == name)
            || r.computed.iter().any(|c| c.field == name || c.field.starts_with(&format!("{name}.")))
    })
}

fn sub_label(n: &Node) -> String {
    match (n.ty, n.count) {
        (BsonType::Array, Some(c)) => format!(
            "array of sub-documents ({} typical{})",
            c.typical,
            n.constraints.max_items.or(c.max).map(|m| format!(", at most {m}")).unwrap_or_else(|| ", no cap".into())
        ),
        _ => "sub-document".to_string(),
    }
}

fn facts(max: Option<u64>, read_separately: bool, changes: Volatility, atomic: bool) -> String {
    let bound = max.map(|m| format!("bounded at {m}")).unwrap_or_else(|| "unbounded".into());
    let read = if read_separately { "read on its own too" } else { "not read without its parent" };
    let atomic = if atomic { "; must change atomically with the parent" } else { "" };
    format!("From the model: {bound}, {read}, changes {changes:?}{atomic}.")
        .replace("changes Never", "never changes")
        .replace("Rarely", "rarely")
        .replace("Often", "often")
        .replace("Constantly", "constantly")
}

fn category(c: CopyCategory) -> &'static str {
    match c {
        CopyCategory::Immutable => "immutable",
        CopyCategory::Historical => "historical (frozen)",
        CopyCategory::Live => "live",
    }
}

fn propagation(c: CopyCategory, p: Option<Propagation>) -> &'static str {
    match (c, p) {
        (_, Some(Propagation::Immediate)) => "immediate (update every copy)",
        (_, Some(Propagation::Deferred)) => "deferred (job + reconciliation)",
        (_, Some(Propagation::Reread)) => "re-read (follow the reference)",
        (CopyCategory::Live, None) => "**none: a live copy needs a plan**",
        (_, None) => "never (not needed)",
    }
}
