//! The words the diagram shows, computed the way the canvas computes them (`ui/edges.rs`,
//! `ui/entity_box.rs`), in plain Rust so the SVG export and the report reuse them natively.
//! The few words among them (`value`, `/day`, `subset`, `copies`...) follow the language asked for.

use crate::export::{decimal, pick};
use crate::i18n::Lang;
use crate::model::{BsonType, Entity, EntityKind, Field, Relation, Storage};

pub use crate::advisor::sizes::human_bytes;

/// A field's type as a row shows it: `string`, `[object]`.
pub fn type_label(f: &Field) -> String {
    match (f.bson_type, f.items) {
        (BsonType::Array, Some(t)) => format!("[{}]", t.name()),
        (t, _) => t.name().to_string(),
    }
}

/// The small grey word after a box's name: the value type, or the external system.
pub fn kind_label(e: &Entity, lang: Lang) -> String {
    match e.kind {
        EntityKind::Document => String::new(),
        EntityKind::Value => {
            e.value_type.map(|t| t.name().to_string()).unwrap_or_else(|| pick(lang, ["value", "valor", "valor"]).into())
        }
        EntityKind::External => {
            e.system.clone().unwrap_or_else(|| pick(lang, ["external", "externo", "externo"]).into())
        }
    }
}

/// `human_bytes` with the decimal comma of Spanish and Portuguese: `12,4 KB`.
/// How a document's size stands against MongoDB's figures, in words: "under 1 MB", "over Atlas'
/// 2 MB flag"... (the CLI's size table and the review report).
pub fn size_level_label(level: crate::advisor::SizeLevel, lang: Lang) -> &'static str {
    use crate::advisor::SizeLevel;
    match level {
        SizeLevel::Fine => pick(lang, ["under 1 MB", "menos de 1 MB", "menos de 1 MB"]),
        SizeLevel::OverTarget => {
            pick(lang, ["over the 1 MB target", "supera el objetivo de 1 MB", "passa da meta de 1 MB"])
        }
        SizeLevel::OverAtlas => pick(
            lang,
            ["over Atlas' 2 MB flag", "supera el aviso de 2 MB de Atlas", "passa do alerta de 2 MB do Atlas"],
        ),
        SizeLevel::OverLimit => {
            pick(lang, ["OVER THE 16 MiB LIMIT", "SUPERA EL LÍMITE DE 16 MiB", "PASSA DO LIMITE DE 16 MiB"])
        }
    }
}

pub fn bytes_label(bytes: u64, lang: Lang) -> String {
    let s = human_bytes(bytes);
    if lang == Lang::En {
        s
    } else {
        s.replace('.', ",")
    }
}

/// The child-end label: `1`, `0..8 (~3)`, `0..∞ +4/day` (`/día`, `/dia`).
pub fn cardinality_label(r: &Relation, lang: Lang) -> String {
    let c = &r.cardinality;
    let mut s = c.label();
    if c.max.is_none() {
        if let Some(g) = c.growth_per_day.filter(|g| *g > 0.0) {
            s.push_str(&format!(" +{}{}", decimal(lang, g), pick(lang, ["/day", "/día", "/dia"])));
        }
    } else if c.max != Some(1) {
        s.push_str(&format!(" (~{})", decimal(lang, c.typical)));
    }
    s
}

/// The parent-end label: `N` for many-to-many, else `1`.
pub fn parent_label(r: &Relation) -> &'static str {
    if r.cardinality.many_to_many {
        "N"
    } else {
        "1"
    }
}

/// What travels along the arrow: the embedding field, the bucket, the copies.
pub fn caption(r: &Relation, lang: Lang) -> String {
    caption_parts(r, lang).join(" · ")
}

/// The caption's parts, one per thing that travels along the arrow.
pub fn caption_parts(r: &Relation, lang: Lang) -> Vec<String> {
    let mut parts = Vec::new();
    let bucket = pick(lang, ["bucket", "contenedor", "bucket"]);
    match r.storage {
        Storage::Embed if !r.field.is_empty() => parts.push(r.field.clone()),
        Storage::Bucket => parts.push(
            r.bucket
                .as_ref()
                .map(|b| format!("{bucket}/{} ≤{}", crate::i18n::period_word(&b.period).render(lang), b.cap))
                .unwrap_or_else(|| bucket.into()),
        ),
        Storage::Outside => parts.push(pick(lang, ["outside MongoDB", "fuera de MongoDB", "fora do MongoDB"]).into()),
        _ => {}
    }
    if let Some(s) = &r.subset {
        parts.push(format!("{} {} → {}", pick(lang, ["subset", "subconjunto", "subconjunto"]), s.size, s.field));
    }
    if !r.extended.is_empty() {
        parts.push(format!(
            "{} {}",
            pick(lang, ["copies", "copia", "cópia"]),
            r.extended.iter().map(|c| c.target_name()).collect::<Vec<_>>().join(", ")
        ));
    }
    for c in &r.computed {
        parts.push(format!("{} {}", c.op, c.field));
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{BucketSpec, Subset};

    #[test]
    fn labels_read_like_the_canvas() {
        let mut r = Relation::new("r", "a", "b", Storage::Bucket);
        r.cardinality.max = None;
        r.cardinality.growth_per_day = Some(4.0);
        r.bucket = Some(BucketSpec {
            array_field: "eventos".into(),
            period: "day".into(),
            cap: 500,
            count_field: None,
            period_field: None,
            ttl_seconds: None,
            id_scheme: String::new(),
        });
        assert_eq!(cardinality_label(&r, Lang::En), "0..∞ +4/day");
        assert_eq!(cardinality_label(&r, Lang::Es), "0..∞ +4/día");
        assert_eq!(caption(&r, Lang::En), "bucket/day ≤500");
        assert_eq!(caption(&r, Lang::Es), "contenedor/día ≤500");
        r.storage = Storage::Reference;
        r.cardinality.max = Some(50);
        r.cardinality.typical = 12.0;
        r.subset =
            Some(Subset { field: "top".into(), size: 5, order_by: String::new(), count_field: None, fields: vec![] });
        r.cardinality.typical = 12.5;
        assert_eq!(cardinality_label(&r, Lang::Pt), "0..50 (~12,5)");
        r.cardinality.typical = 12.0;
        assert_eq!(cardinality_label(&r, Lang::En), "0..50 (~12)");
        assert_eq!(caption(&r, Lang::En), "subset 5 → top");
        assert_eq!(caption(&r, Lang::Pt), "subconjunto 5 → top");
        assert_eq!(human_bytes(12_400), "12.4 KB");
    }
}
