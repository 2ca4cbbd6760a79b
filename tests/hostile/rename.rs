//! Puts a hostile string in every string slot of a model: names get a payload appended (before
//! an `_id` ending; the same name always the same payload, so references stay consistent), free
//! text, values and ids get one prepended or appended. The payloads can be removed again, so the calls a script makes can
//! be mapped back to the original names and compared with the original model's.

use docshape::model::{Entity, Field, IndexSpec, Model};
use std::cell::RefCell;
use std::collections::HashMap;

/// Where a payload that reached code would write.
pub const PWNED: &str = "/tmp/docshape_hostile_pwned";

/// Payloads for names: no `.` (a path separator), no braces (the bucket id scheme's slots).
pub fn name_payloads() -> Vec<String> {
    let write = format!("require(\"fs\")[\"writeFileSync\"](\"{PWNED}\", \"x\")");
    vec![
        format!("\n{write}//"),
        format!("\r{write}//"),
        format!("\u{2028}{write}//"),
        format!("\u{2029}{write}//"),
        format!("\u{85}{write}//"),
        format!("*/{write}/*"),
        format!("\"); {write}; (\""),
        format!("\\\"); {write}; //"),
        format!("'); {write}; ('"),
        format!("`); {write}; (`"),
        "</script><script>alert(1)</script>".to_string(),
        "<img src=x onerror=alert(1)>".to_string(),
        "\u{202e}dilav\u{2066}x\u{2069}".to_string(),
        "\u{200b}\u{feff}\u{2060}".to_string(),
        "\t\u{1b}[31m\u{7f}".to_string(),
        "📚🔥👨\u{200d}👩".to_string(),
        "L".repeat(300),
        "| pipe | # [link](javascript:alert(1)) **b** _i_ ~s~".to_string(),
        "<!-- -->".to_string(),
        "__proto__".to_string(),
    ]
}

/// Payloads for free text and ids: anything, `.` and `${}` included.
pub fn text_payloads() -> Vec<String> {
    let mut all = name_payloads();
    all.extend([
        format!("\u{2028}require(\"fs\").writeFileSync(\"{PWNED}\", \"x\")//"),
        "${require(\"fs\").writeFileSync(\"/tmp/docshape_hostile_pwned\", \"x\")}".to_string(),
        "\n\n# heading\n- item\n1. first\n---\n<div>block</div>\n```\ncode".to_string(),
        "</script><img src=x onerror=\"fetch('//evil.example')\">".to_string(),
    ]);
    all
}

/// The renaming and what it did.
#[derive(Default)]
pub struct Renamer {
    names: Vec<String>,
    texts: Vec<String>,
    given: RefCell<HashMap<String, String>>,
    /// Every payload, the longest first.
    by_length: Vec<String>,
}

impl Renamer {
    pub fn new() -> Renamer {
        let mut by_length = text_payloads();
        by_length.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
        Renamer { names: name_payloads(), texts: text_payloads(), by_length, ..Renamer::default() }
    }

    fn remember(&self, original: &str, make: impl FnOnce(usize) -> String) -> String {
        if let Some(h) = self.given.borrow().get(original) {
            return h.clone();
        }
        let n = self.given.borrow().len();
        let hostile = make(n);
        self.given.borrow_mut().insert(original.to_string(), hostile.clone());
        hostile
    }

    /// A name with a payload appended. `_id`, the empty name and the names docshape reads as
    /// an operation (`media`, `suma`, `num`…: a computed group's parts) stay as they are, so
    /// the hostile design means what the original does.
    pub fn name(&self, n: &str) -> String {
        if n.is_empty() || n == "_id" || docshape::export::shape::Op::parse(n).is_some() {
            return n.to_string();
        }
        // A reference field keeps its `_id` ending, which docshape reads (a subset's item id).
        let (stem, end) = n.strip_suffix("_id").map_or((n, ""), |stem| (stem, "_id"));
        self.remember(n, |k| format!("{stem}{}{end}", self.names[k % self.names.len()]))
    }

    /// A dotted path, segment by segment.
    pub fn path(&self, p: &str) -> String {
        p.split('.').map(|s| self.name(s)).collect::<Vec<_>>().join(".")
    }

    /// Free text or an id, with a payload before or after it; empty text stays empty.
    pub fn text(&self, s: &str) -> String {
        if s.is_empty() {
            return String::new();
        }
        let key = format!("\u{0}text:{s}");
        let texts = &self.texts;
        self.remember(&key, |k| {
            let p = &texts[k % texts.len()];
            if k % 2 == 0 {
                format!("{s}{p}")
            } else {
                format!("{p}{s}")
            }
        })
    }

    /// The original of a string a script produced: every payload in it (in a name, a path, a
    /// sentence quoting names) removed, the longest first. The originals hold none.
    pub fn original(&self, s: &str) -> String {
        let mut out = s.to_string();
        for p in &self.by_length {
            if out.contains(p.as_str()) {
                out = out.replace(p.as_str(), "");
            }
        }
        out
    }
}

/// String values (enum values, examples) with a payload, like free text.
fn value(r: &Renamer, v: &mut serde_json::Value) {
    match v {
        serde_json::Value::String(s) => *s = r.text(s),
        serde_json::Value::Array(items) => items.iter_mut().for_each(|i| value(r, i)),
        serde_json::Value::Object(map) => map.values_mut().for_each(|i| value(r, i)),
        _ => {}
    }
}

fn fields(r: &Renamer, list: &mut [Field]) {
    for f in list {
        f.name = r.name(&f.name);
        f.notes = r.text(&f.notes);
        f.constraints.r#enum.iter_mut().for_each(|v| value(r, v));
        if let Some(example) = &mut f.example {
            value(r, example);
        }
        fields(r, &mut f.fields);
    }
}

fn index(r: &Renamer, spec: &IndexSpec) -> IndexSpec {
    let mut out = spec.clone();
    for k in &mut out.keys {
        k.field = r.path(&k.field).as_str().into();
    }
    out
}

fn entity(r: &Renamer, e: &mut Entity) {
    e.id = r.text(&e.id);
    e.name = r.name(&e.name);
    e.notes = r.text(&e.notes);
    fields(r, &mut e.fields);
    let c = &mut e.collection;
    c.discriminator = c.discriminator.as_deref().map(|d| r.name(d));
    c.schema_version_field = c.schema_version_field.as_deref().map(|v| r.name(v));
    for v in &mut c.variants {
        v.value = r.text(&v.value);
        fields(r, &mut v.fields);
    }
    c.indexes = c.indexes.iter().map(|i| index(r, i)).collect();
    if let Some(key) = &mut c.shard_key {
        key.fields.iter_mut().for_each(|f| f.field = r.path(&f.field));
    }
    if let Some(ts) = &mut c.timeseries {
        ts.time_field = r.name(&ts.time_field);
        ts.meta_field = ts.meta_field.as_deref().map(|m| r.name(m));
    }
}

/// `{slot}` parts renamed as names, the literal parts kept.
fn scheme(r: &Renamer, s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else { break };
        out.push_str(&rest[..=open]);
        out.push_str(&r.name(&rest[open + 1..open + close]));
        out.push('}');
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

/// `field`, `-field` or `field:-1` with the field renamed.
fn order(r: &Renamer, s: &str) -> String {
    match (s.split_once(':'), s.strip_prefix('-')) {
        _ if s.is_empty() => String::new(),
        (Some((f, d)), _) => format!("{}:{d}", r.path(f.trim())),
        (None, Some(f)) => format!("-{}", r.path(f)),
        (None, None) => r.path(s),
    }
}

/// `model` with a hostile string in every slot.
pub fn hostile(r: &Renamer, model: &Model) -> Model {
    let mut m = model.clone();
    m.name = r.text(&m.name);
    m.database = r.text(&m.database);
    m.notes = r.text(&m.notes);
    m.entities.iter_mut().for_each(|e| entity(r, e));
    let opt = |o: &Option<String>| o.as_deref().map(|p| r.path(p));
    for rel in &mut m.relations {
        rel.id = r.text(&rel.id);
        rel.parent = r.text(&rel.parent);
        rel.child = r.text(&rel.child);
        rel.field = r.path(&rel.field);
        rel.notes = r.text(&rel.notes);
        rel.reference.child_field = opt(&rel.reference.child_field);
        rel.reference.parent_field = opt(&rel.reference.parent_field);
        for c in &mut rel.extended {
            c.field = r.path(&c.field);
            c.as_field = opt(&c.as_field);
        }
        if let Some(s) = &mut rel.subset {
            s.field = r.path(&s.field);
            s.order_by = order(r, &s.order_by);
            s.count_field = opt(&s.count_field);
            s.fields = s.fields.iter().map(|f| r.path(f)).collect();
        }
        for c in &mut rel.computed {
            c.field = r.path(&c.field);
            c.source = r.path(&c.source);
        }
        if let Some(b) = &mut rel.bucket {
            b.array_field = r.path(&b.array_field);
            b.count_field = opt(&b.count_field);
            b.period_field = opt(&b.period_field);
            b.id_scheme = scheme(r, &b.id_scheme);
        }
        if let Some(o) = &mut rel.outlier {
            o.flag_field = r.path(&o.flag_field);
            o.overflow_collection = r.name(&o.overflow_collection);
        }
    }
    for q in &mut m.queries {
        q.id = r.text(&q.id);
        q.name = r.text(&q.name);
        q.actor = r.text(&q.actor);
        q.entity = r.text(&q.entity);
        q.touches = q.touches.iter().map(|t| r.text(t)).collect();
        q.filters.iter_mut().for_each(|f| f.field = r.path(&f.field));
        q.sort.iter_mut().for_each(|s| s.field = r.path(&s.field));
        q.projection = q.projection.iter().map(|p| r.path(p)).collect();
        q.changes = q.changes.iter().map(|p| r.path(p)).collect();
        for s in [&mut q.consistency, &mut q.volume, &mut q.precondition, &mut q.notes] {
            *s = r.text(s);
        }
    }
    m
}
