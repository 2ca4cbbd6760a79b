//! Builds one document of a collection from its shape: example documents (every optional field
//! shown, arrays at their typical length capped for reading) and synthetic ones (the design's
//! distributions). Both are deterministic: each top-level field draws from a generator seeded by
//! (seed, collection, document index, field name), which also lets a child recompute the value
//! its extended reference copies from the parent document it points at.

use super::arrays::{array_len, order_key, shown};
use super::bson::{Bson, Doc};
use super::computed::{bson_type_matches, computed, typed_int};
use super::datetime::period_ms;
use super::facts::{self, Facts, EXAMPLE_ITEMS};
use super::lexicon::{detect, lexicon, normalize};
use super::lookup::Lookup;
use super::rng::{hash, mix, Rng};
use super::scheme::{placeholder_json, render_scheme};
use super::semantic::Sem;
use super::shape::{self, Node, Op, Role, Shape};
use super::values::{json_to_bson, random_oid, Scalars};
use crate::model::{BsonType, Model};
use std::collections::HashMap;

/// The seed example documents are drawn from.
pub const EXAMPLE_SEED: u64 = 0xd0c5_4a9e_5eed_0001;

/// Share of optional fields present in synthetic documents.
pub const OPTIONAL_PRESENT: f64 = 0.85;

/// Shapes of every collection and external entity, and the value generator.
pub struct Builder<'m> {
    pub lookup: Lookup<'m>,
    shapes: HashMap<&'m str, Shape<'m>>,
    scalars_example: Scalars<'static>,
    scalars_synthetic: Scalars<'static>,
}

/// Which document to build.
#[derive(Debug, Clone, Copy)]
pub struct Which {
    pub seed: u64,
    pub index: u64,
    pub example: bool,
    /// The variant to build (examples); synthetic documents draw it from the shares.
    pub variant: Option<usize>,
}

struct Cx<'a> {
    shape: &'a Shape<'a>,
    which: Which,
    variant: Option<usize>,
    doc_seed: u64,
    facts: Facts,
}

impl<'m> Builder<'m> {
    pub fn new(model: &'m Model) -> Builder<'m> {
        let lookup = Lookup::new(model);
        let lang = detect(model);
        let lex = lexicon(lang);
        let shapes = model
            .entities
            .iter()
            .filter(|e| e.is_external() || lookup.is_collection(e))
            .map(|e| (e.id.as_str(), shape::build(&lookup, e)))
            .collect();
        Builder {
            lookup,
            shapes,
            scalars_example: Scalars { lex, lang, example_mode: true },
            scalars_synthetic: Scalars { lex, lang, example_mode: false },
        }
    }

    pub fn shape(&self, entity: &str) -> Option<&Shape<'m>> {
        self.shapes.get(entity)
    }

    /// Builds one document of the collection `entity`.
    pub fn document(&self, entity: &str, which: Which) -> Option<Doc> {
        let shape = self.shapes.get(entity)?;
        let e = self.lookup.entity(entity)?;
        let doc_seed = mix(&[which.seed, hash(&shape.name), which.index]);
        let variant = self.variant_of(shape, which, doc_seed);
        let rng_for = |name: &str| Rng::derive(doc_seed, name);
        let facts = facts::draw(&self.lookup, e, which.example, &rng_for);
        let cx = Cx { shape, which, variant, doc_seed, facts };
        let variant_fields = variant.and_then(|v| shape.variants.get(v)).map(|v| v.fields.as_slice()).unwrap_or(&[]);
        let mut doc = Doc::with_capacity(shape.fields.len() + variant_fields.len());
        for node in shape.fields.iter().chain(variant_fields) {
            let mut rng = Rng::derive(doc_seed, &node.name);
            if let Some(value) = self.node_value(node, &mut rng, &cx) {
                doc.insert(node.name.to_string(), value);
            }
        }
        self.finish(&mut doc, &cx);
        Some(doc)
    }

    fn variant_of(&self, shape: &Shape, which: Which, doc_seed: u64) -> Option<usize> {
        if shape.variants.is_empty() {
            return None;
        }
        if which.example {
            return Some(which.variant.unwrap_or(0).min(shape.variants.len() - 1));
        }
        let mut x = Rng::derive(doc_seed, "#variant").unit();
        for (i, v) in shape.variants.iter().enumerate() {
            if x < v.share {
                return Some(i);
            }
            x -= v.share;
        }
        Some(shape.variants.len() - 1)
    }

    fn scalars(&self, cx: &Cx) -> &Scalars<'static> {
        if cx.which.example {
            &self.scalars_example
        } else {
            &self.scalars_synthetic
        }
    }

    fn node_value(&self, node: &Node, rng: &mut Rng, cx: &Cx) -> Option<Bson> {
        if !node.required && !cx.which.example && node.role == Role::Plain && !rng.chance(OPTIONAL_PRESENT) {
            return None;
        }
        let rel = |ri: &usize| cx.facts.rels.get(ri).copied().unwrap_or_default();
        Some(match &node.role {
            Role::Plain => self.plain(node, rng, cx),
            Role::Id => self.id_value(node, cx.shape, cx.which),
            Role::Discriminator => match cx.variant.and_then(|v| cx.shape.variants.get(v)) {
                Some(v) => Bson::String(v.value.clone().into()),
                None => self.plain(node, rng, cx),
            },
            Role::SchemaVersion => typed_int(node.ty, node.constraints.minimum.unwrap_or(1.0).max(1.0)),
            Role::ParentRef(ri) => self.parent_ref(*ri, node, rng, cx),
            Role::Copy { rel: ri, source } => self.copy(*ri, source, node, rng, cx),
            Role::ChildIds(ri) => {
                let n = shown(rel(ri).n, node, cx.which.example);
                Bson::Array((0..n).map(|_| Bson::ObjectId(random_oid(rng))).collect())
            }
            Role::SubsetItems(ri) => self.subset(*ri, rel(ri).n, node, rng, cx),
            Role::SubsetCount(ri) => typed_int(node.ty, rel(ri).n as f64),
            Role::Computed { rel: ri, op } => computed(*op, &rel(ri), node.ty),
            Role::ComputedGroup(ri) => {
                let f = rel(ri);
                let mut doc = Doc::new();
                for child in &node.children {
                    let op = Op::parse(&child.name).or(match child.sem {
                        Sem::Rating => Some(Op::Avg),
                        Sem::Count => Some(Op::Count),
                        _ => None,
                    });
                    let value = match op {
                        Some(op) => Some(computed(op, &f, child.ty)),
                        None => self.node_value(child, &mut Rng::derive(cx.doc_seed, &child.name), cx),
                    };
                    if let Some(v) = value {
                        doc.insert(child.name.to_string(), v);
                    }
                }
                Bson::Document(doc)
            }
            Role::OutlierFlag(ri) => Bson::Bool(rel(ri).outlier),
            // Filled in by `finish`, once the fields they are made of exist.
            Role::BucketId(_) | Role::BucketCount(_) => Bson::Null,
            Role::BucketPeriod(_) => Bson::Date(cx.facts.bucket.as_ref().map(|b| b.start).unwrap_or(0)),
            Role::BucketEvents(_) => self.events(node, rng, cx),
        })
    }

    fn plain(&self, node: &Node, rng: &mut Rng, cx: &Cx) -> Bson {
        match node.ty {
            BsonType::Object if node.has_children() => Bson::Document(self.sub_document(&node.children, rng, cx)),
            BsonType::Array => {
                let n = array_len(node, rng, cx.which.example);
                let item_ty = node.items.unwrap_or(BsonType::String);
                let mut items: Vec<Bson> = Vec::with_capacity(n as usize);
                for _ in 0..n {
                    let item = if node.has_children() {
                        Bson::Document(self.sub_document(&node.children, rng, cx))
                    } else {
                        // Tags and ids read better without repeats: retry a couple of times.
                        let mut v = self.scalars(cx).value(node, item_ty, rng, &cx.shape.name);
                        for _ in 0..if items.len() < 50 { 8 } else { 0 } {
                            if !items.contains(&v) {
                                break;
                            }
                            v = self.scalars(cx).value(node, item_ty, rng, &cx.shape.name);
                        }
                        v
                    };
                    items.push(item);
                }
                Bson::Array(items)
            }
            ty => self.scalars(cx).value(node, ty, rng, &cx.shape.name),
        }
    }

    fn sub_document(&self, children: &[Node], rng: &mut Rng, cx: &Cx) -> Doc {
        let mut doc = Doc::with_capacity(children.len());
        for child in children {
            if let Some(v) = self.node_value(child, rng, cx) {
                doc.insert(child.name.to_string(), v);
            }
        }
        doc
    }

    /// The `_id` of document `which.index` of `shape`.
    fn id_value(&self, node: &Node, shape: &Shape, which: Which) -> Bson {
        match node.ty {
            BsonType::ObjectId => {
                Bson::ObjectId(random_oid(&mut Rng::new(mix(&[which.seed, hash(&shape.name), which.index, 1]))))
            }
            BsonType::Int | BsonType::Long => typed_int(node.ty, which.index as f64 + 1.0),
            ty => match node.example.as_ref().filter(|_| which.example).and_then(|e| json_to_bson(e, ty)) {
                Some(v) => v,
                None if ty == BsonType::String => {
                    let prefix: String =
                        normalize(&shape.name).chars().filter(char::is_ascii_alphabetic).take(3).collect();
                    Bson::String(format!("{}-{:06}", prefix.to_ascii_uppercase(), which.index + 1).into())
                }
                None => self.scalars_example.value(node, ty, &mut Rng::new(which.index), &shape.name),
            },
        }
    }

    /// The id of the parent document this child points at.
    fn parent_ref(&self, ri: usize, node: &Node, rng: &mut Rng, cx: &Cx) -> Bson {
        let pick = cx.facts.picks.get(&ri).copied().unwrap_or(0);
        let parent = self.lookup.relation(ri).and_then(|r| self.shapes.get(r.parent.as_str()));
        let which = Which { seed: cx.which.seed, index: pick, example: cx.which.example, variant: None };
        match parent {
            Some(p) if self.lookup.entity(&p.entity).is_some_and(|e| !e.is_external()) => match p.fields.first() {
                Some(id) if id.role == Role::Id && id.ty == node.ty => self.id_value(id, p, which),
                _ => self.plain(node, rng, cx),
            },
            _ => match node.ty {
                BsonType::Int | BsonType::Long => typed_int(node.ty, pick as f64 + 1.0),
                BsonType::ObjectId => self.id_value(node, parent.unwrap_or(cx.shape), which),
                _ => self.plain(node, rng, cx),
            },
        }
    }

    /// The value the parent document holds in `source`, recomputed the way the parent draws it.
    fn copy(&self, ri: usize, source: &str, node: &Node, rng: &mut Rng, cx: &Cx) -> Bson {
        let pick = cx.facts.picks.get(&ri).copied().unwrap_or(0);
        let parent = self.lookup.relation(ri).and_then(|r| self.shapes.get(r.parent.as_str()));
        let Some((parent, source_node)) = parent.and_then(|p| Some((p, p.field(source)?))) else {
            return self.plain(node, rng, cx);
        };
        let which = Which { seed: cx.which.seed, index: pick, example: cx.which.example, variant: None };
        let doc_seed = mix(&[which.seed, hash(&parent.name), pick]);
        let variant = self.variant_of(parent, which, doc_seed);
        let pcx = Cx { shape: parent, which, variant, doc_seed, facts: Facts::default() };
        let value = match source_node.role {
            Role::Plain | Role::Discriminator => {
                self.node_value(source_node, &mut Rng::derive(doc_seed, &source_node.name), &pcx)
            }
            _ => None,
        };
        match value {
            Some(v) if bson_type_matches(&v, node.ty) => v,
            _ => self.plain(node, rng, cx),
        }
    }

    fn subset(&self, ri: usize, n: u64, node: &Node, rng: &mut Rng, cx: &Cx) -> Bson {
        let size = self.lookup.relation(ri).and_then(|r| r.subset.as_ref());
        let keep = n
            .min(size.map(|s| s.size as u64).unwrap_or(EXAMPLE_ITEMS))
            .min(node.constraints.max_items.unwrap_or(u64::MAX))
            .min(facts::MAX_ITEMS);
        let mut items: Vec<Doc> = (0..keep).map(|_| self.sub_document(&node.children, rng, cx)).collect();
        if let Some((field, dir)) = size.map(|s| order_key(&s.order_by)).filter(|(f, _)| !f.is_empty()) {
            let key = |d: &Doc| d.get_path(&field).and_then(Bson::as_f64).unwrap_or(0.0);
            items.sort_by(|a, b| {
                let o = key(a).total_cmp(&key(b));
                if dir < 0 {
                    o.reverse()
                } else {
                    o
                }
            });
        }
        Bson::Array(items.into_iter().map(Bson::Document).collect())
    }

    fn events(&self, node: &Node, rng: &mut Rng, cx: &Cx) -> Bson {
        let Some(bucket) = &cx.facts.bucket else { return self.plain(node, rng, cx) };
        let period = self
            .lookup
            .relation(bucket.rel)
            .and_then(|r| r.bucket.as_ref())
            .map(|b| b.period.as_str())
            .unwrap_or("day");
        let span = period_ms(period);
        let mut offsets: Vec<i64> = (0..bucket.n).map(|_| rng.range(0, span - 1)).collect();
        offsets.sort_unstable();
        let time_field = node.children.iter().find(|c| c.ty == BsonType::Date).map(|c| c.name.to_string());
        let items = offsets
            .into_iter()
            .map(|offset| {
                let mut doc = self.sub_document(&node.children, rng, cx);
                if let Some(t) = &time_field {
                    doc.insert(t.clone(), Bson::Date(bucket.start + offset));
                }
                Bson::Document(doc)
            })
            .collect();
        Bson::Array(items)
    }

    /// Fields made of other fields: the bucket's `_id`, count and summaries; a normalised title.
    fn finish(&self, doc: &mut Doc, cx: &Cx) {
        let nodes = cx
            .shape
            .fields
            .iter()
            .chain(cx.variant.and_then(|v| cx.shape.variants.get(v)).into_iter().flat_map(|v| &v.fields));
        let title = nodes
            .clone()
            .find(|n| n.sem == Sem::Title)
            .and_then(|n| doc.get(&n.name))
            .and_then(Bson::as_str)
            .map(normalize);
        for node in nodes.clone() {
            if node.sem == Sem::NormalizedTitle && node.role == Role::Plain && node.constraints.pattern.is_none() {
                if let (Some(t), Some(Bson::String(_))) = (&title, doc.get(&node.name)) {
                    doc.insert(node.name.to_string(), Bson::String(t.clone().into()));
                }
            }
        }
        let Some(bucket) = &cx.facts.bucket else { return };
        let Some(spec) = self.lookup.relation(bucket.rel).and_then(|r| r.bucket.as_ref()) else { return };
        for (name, text) in &bucket.placeholders {
            if let Some(node) = cx.shape.field(name) {
                if let Some(v) = json_to_bson(&placeholder_json(text, node.ty), node.ty) {
                    doc.insert(name.to_string(), v);
                }
            }
        }
        let events: Vec<Doc> = doc
            .get(&spec.array_field)
            .and_then(Bson::as_array)
            .unwrap_or(&[])
            .iter()
            .filter_map(|e| e.as_doc().cloned())
            .collect();
        if let Some(c) = &spec.count_field {
            let ty = cx.shape.field(c).map(|n| n.ty).unwrap_or(BsonType::Int);
            doc.insert(c.clone(), typed_int(ty, events.len() as f64));
        }
        super::summaries::fill(doc, cx.shape, &spec.array_field, &events);
        let id = render_scheme(&spec.id_scheme, doc, spec.period_field.as_deref(), bucket.start, &spec.period);
        if let Some(node) = cx.shape.fields.first().filter(|n| matches!(n.role, Role::BucketId(_))) {
            let value = match node.ty {
                BsonType::Object => Bson::Document(Doc(node
                    .children
                    .iter()
                    .filter_map(|c| Some((c.name.to_string().into(), doc.get(&c.name)?.clone())))
                    .collect())),
                _ => Bson::String(id.into()),
            };
            doc.insert("_id", value);
        }
    }
}
