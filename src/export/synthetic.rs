//! Synthetic data: N documents of one collection following the design's distributions
//! (typical array lengths with their spread, the outliers' share and maximum, the variants'
//! shares, optional fields present 85 % of the time), deterministic from a seed, streamed as
//! Extended JSON lines for `mongoimport` in constant memory.
//!
//! Children point at parents drawn from the parent collection's `documents` estimate (1,000
//! when absent), with the same ids the parent's own synthetic documents get for the same seed,
//! and their extended-reference copies carry the values that parent document holds.

use super::bson::Doc;
use super::document::{Builder, Which};
use super::ejson::{write_doc_line, Flavor};
use std::io::{self, Write};

/// An iterator over synthetic documents; nothing is kept between items.
pub struct Documents<'b, 'm> {
    builder: &'b Builder<'m>,
    entity: String,
    seed: u64,
    next: u64,
    count: u64,
}

impl Iterator for Documents<'_, '_> {
    type Item = Doc;

    fn next(&mut self) -> Option<Doc> {
        if self.next >= self.count {
            return None;
        }
        let which = Which { seed: self.seed, index: self.next, example: false, variant: None };
        self.next += 1;
        self.builder.document(&self.entity, which)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = (self.count - self.next) as usize;
        (left, Some(left))
    }
}

/// `count` documents of the collection `entity` (an entity id); `None` if it is not a collection.
pub fn documents<'b, 'm>(builder: &'b Builder<'m>, entity: &str, seed: u64, count: u64) -> Option<Documents<'b, 'm>> {
    let e = builder.lookup.entity(entity)?;
    if !builder.lookup.is_collection(e) {
        return None;
    }
    Some(Documents { builder, entity: entity.to_string(), seed, next: 0, count })
}

/// What was written.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    pub documents: u64,
    pub bytes: u64,
}

/// Writes `count` documents as Extended JSON lines. `progress(done, total, bytes)` is called
/// about every 1 % and once at the end.
pub fn write_ndjson<W: Write>(
    builder: &Builder,
    entity: &str,
    seed: u64,
    count: u64,
    flavor: Flavor,
    out: &mut W,
    progress: &mut dyn FnMut(u64, u64, u64),
) -> io::Result<Stats> {
    let docs = documents(builder, entity, seed, count)
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, format!("\"{entity}\" is not a collection")))?;
    let step = (count / 100).max(1);
    let mut line = String::with_capacity(4096);
    let mut stats = Stats::default();
    for doc in docs {
        line.clear();
        write_doc_line(&mut line, &doc, flavor);
        line.push('\n');
        out.write_all(line.as_bytes())?;
        stats.documents += 1;
        stats.bytes += line.len() as u64;
        if stats.documents % step == 0 && stats.documents < count {
            progress(stats.documents, count, stats.bytes);
        }
    }
    out.flush()?;
    progress(stats.documents, count, stats.bytes);
    Ok(stats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::bson::Bson;

    fn bibliored() -> crate::model::Model {
        crate::model::load(include_str!("../../public/templates/bibliored.json")).unwrap()
    }

    #[test]
    fn same_seed_same_lines_and_different_seed_differs() {
        let model = bibliored();
        let builder = Builder::new(&model);
        let run = |seed| {
            let mut out = Vec::new();
            write_ndjson(&builder, "resena", seed, 50, Flavor::Relaxed, &mut out, &mut |_, _, _| {}).unwrap();
            String::from_utf8(out).unwrap()
        };
        let a = run(7);
        assert_eq!(a, run(7));
        assert_ne!(a, run(8));
        assert_eq!(a.lines().count(), 50);
        assert!(a.lines().all(|l| serde_json::from_str::<serde_json::Value>(l).is_ok()));
    }

    #[test]
    fn distributions_follow_the_design() {
        let model = bibliored();
        let builder = Builder::new(&model);
        let docs: Vec<Doc> = documents(&builder, "material", 1, 4000).unwrap().collect();
        let share = |v: &str| docs.iter().filter(|d| d.get("tipo") == Some(&Bson::str(v))).count() as f64 / 4000.0;
        assert!((share("libro") - 0.7).abs() < 0.03, "{}", share("libro"));
        assert!((share("audiolibro") - 0.1).abs() < 0.02);
        // Subset size, count and computed values agree in every document.
        for d in &docs {
            let total = d.get("total_resenas").and_then(Bson::as_i64).unwrap();
            let subset = d.get("resenas_destacadas").and_then(Bson::as_array).unwrap().len() as i64;
            assert_eq!(subset, total.min(5));
            let v = d.get("valoracion").and_then(Bson::as_doc).unwrap();
            assert_eq!(v.get("num").and_then(Bson::as_i64), Some(total));
            let (suma, media) =
                (v.get("suma").and_then(Bson::as_f64).unwrap(), v.get("media").and_then(Bson::as_f64).unwrap());
            if total > 0 {
                assert!((media - suma / total as f64).abs() <= 0.005 + 1e-9, "{media} vs {suma}/{total}");
            }
            let tags = d.get("etiquetas").and_then(Bson::as_array).map(|t| t.len()).unwrap_or(0);
            assert!(tags <= 8);
        }
        // Outliers: 0.2 % of materials have far more than the typical 20 reviews.
        let big = docs.iter().filter(|d| d.get("total_resenas").and_then(Bson::as_i64).unwrap() > 100).count();
        assert!((1..=30).contains(&big), "{big} outliers in 4000");
        // Optional fields are present most of the time, not always.
        let with_synopsis = docs.iter().filter(|d| d.get("sinopsis").is_some()).count() as f64 / 4000.0;
        assert!((with_synopsis - 0.85).abs() < 0.03, "{with_synopsis}");
    }

    #[test]
    fn buckets_are_consistent_and_copies_match_their_parent() {
        let model = bibliored();
        let builder = Builder::new(&model);
        for d in documents(&builder, "actividad", 3, 300).unwrap() {
            let events = d.get("eventos").and_then(Bson::as_array).unwrap();
            assert_eq!(d.get("num_eventos").and_then(Bson::as_i64), Some(events.len() as i64));
            assert!(!events.is_empty() && events.len() <= 500);
            let Some(Bson::Date(dia)) = d.get("dia") else { panic!("dia") };
            let id = d.get("_id").and_then(Bson::as_str).unwrap();
            let socio = d.get("socio_id").and_then(Bson::as_i64).unwrap();
            assert_eq!(id, format!("ACT-{socio}-{}", crate::export::datetime::iso_day(*dia)));
            for e in events {
                let Some(Bson::Date(t)) = e.as_doc().unwrap().get("t") else { panic!("t") };
                assert!(*t >= *dia && *t < dia + crate::export::datetime::MS_PER_DAY);
            }
        }
        // A review's material copy equals the material document it points at (references are
        // drawn among the parent's `documents` estimate, 500 here).
        let mut model = model.clone();
        model.entity_mut("material").unwrap().collection.documents = Some(500);
        let builder = Builder::new(&model);
        let materials: Vec<Doc> = documents(&builder, "material", 3, 500).unwrap().collect();
        for r in documents(&builder, "resena", 3, 200).unwrap() {
            let m = r.get("material").and_then(Bson::as_doc).unwrap();
            let parent = materials.iter().find(|p| p.get("_id") == m.get("material_id")).expect("parent exists");
            assert_eq!(m.get("tipo"), parent.get("tipo"));
            assert_eq!(m.get("titulo"), parent.get("titulo"));
        }
    }
}
