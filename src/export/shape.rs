//! The shape of a collection's documents: its declared fields plus everything the relations put
//! there (embedded children, extended-reference copies, subsets, computed values, bucket
//! fields), each field tagged with the role that decides its value. Examples, validators and
//! synthetic data all read this one tree.

use super::lookup::Lookup;
use super::semantic::{classify, Sem};
use crate::model::{BsonType, Constraints, Entity, EntityKind, Field, SizeHint, Storage};
use std::borrow::Cow;

/// How deep embedded entities are followed (a guard against cycles in malformed models).
const MAX_DEPTH: usize = 8;

/// What computed value a field holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Avg,
    Sum,
    Count,
    Min,
    Max,
}

impl Op {
    pub fn parse(op: &str) -> Option<Op> {
        match op.to_ascii_lowercase().as_str() {
            "avg" | "average" | "mean" | "media" | "promedio" | "prom" | "media_nota" => Some(Op::Avg),
            "sum" | "suma" | "soma" | "total" => Some(Op::Sum),
            "count" | "num" | "n" | "cantidad" | "conteo" | "contagem" | "qtd" | "total_count" => Some(Op::Count),
            "min" | "minimo" | "minimum" => Some(Op::Min),
            "max" | "maximo" | "maximum" => Some(Op::Max),
            _ => None,
        }
    }
}

/// Why a field has its value (relation roles carry the relation's index in `model.relations`).
#[derive(Debug, Clone, PartialEq)]
pub enum Role {
    Plain,
    /// The top-level `_id`.
    Id,
    /// A top-level field a declared unique index keys on alone: each document its own value.
    Unique,
    Discriminator,
    SchemaVersion,
    /// Holds the parent's id (reference placed in the child).
    ParentRef(usize),
    /// Extended-reference copy of the parent's field `source`.
    Copy {
        rel: usize,
        source: String,
    },
    /// The parent's array of child ids.
    ChildIds(usize),
    SubsetItems(usize),
    SubsetCount(usize),
    Computed {
        rel: usize,
        op: Op,
    },
    /// A sub-document whose fields are computed values (`valoracion: {media, suma, num}`).
    ComputedGroup(usize),
    OutlierFlag(usize),
    BucketId(usize),
    BucketCount(usize),
    BucketPeriod(usize),
    BucketEvents(usize),
}

/// How many items an array holds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Count {
    pub typical: f64,
    /// Regular maximum (`None`: unbounded).
    pub max: Option<u64>,
    /// Share of documents far above the maximum, and how far.
    pub outliers: Option<(f64, u64)>,
}

/// One field of the document shape. What a declared field says (its name, constraints, example
/// and notes) is borrowed from the model, not copied: a large model has tens of thousands of
/// fields and every export builds their shapes again.
#[derive(Debug, Clone, PartialEq)]
pub struct Node<'m> {
    pub name: Cow<'m, str>,
    pub ty: BsonType,
    /// Element type of an array.
    pub items: Option<BsonType>,
    pub required: bool,
    pub constraints: Cow<'m, Constraints>,
    pub size: SizeHint,
    pub example: Option<Cow<'m, serde_json::Value>>,
    pub notes: Cow<'m, str>,
    /// Sub-document fields (objects, and arrays of objects).
    pub children: Vec<Node<'m>>,
    pub role: Role,
    /// Arrays: the number of items.
    pub count: Option<Count>,
    /// What the name suggests, for realistic values.
    pub sem: Sem,
}

impl<'m> Node<'m> {
    /// A field the model does not declare (its name is copied).
    pub fn new(name: &str, ty: BsonType, context: &str) -> Node<'m> {
        Node::named(Cow::Owned(name.to_string()), ty, context)
    }

    fn named(name: Cow<'m, str>, ty: BsonType, context: &str) -> Node<'m> {
        let sem = classify(&name, context);
        Node {
            name,
            ty,
            items: None,
            required: false,
            constraints: Cow::Owned(Constraints::default()),
            size: SizeHint::default(),
            example: None,
            notes: Cow::Borrowed(""),
            children: Vec::new(),
            role: Role::Plain,
            count: None,
            sem,
        }
    }

    /// A declared field, with its sub-fields.
    pub fn from_field(field: &'m Field, context: &str) -> Node<'m> {
        let mut node = Node::named(Cow::Borrowed(&field.name), field.bson_type, context);
        node.items = field.items;
        node.required = field.required;
        node.constraints = Cow::Borrowed(&field.constraints);
        node.size = field.size.clone();
        node.example = field.example.as_ref().map(Cow::Borrowed);
        node.notes = Cow::Borrowed(&field.notes);
        node.children = field.fields.iter().map(|f| Node::from_field(f, &field.name)).collect();
        if field.bson_type == BsonType::Array {
            if node.items.is_none() {
                node.items = Some(if node.children.is_empty() { BsonType::String } else { BsonType::Object });
            }
            let max = field.constraints.max_items.or(field.size.max_items);
            let typical = field.size.avg_items.map(|n| n as f64).unwrap_or_else(|| {
                let lo = field.constraints.min_items.unwrap_or(0) as f64;
                max.map(|m| (m as f64).min(3.0).max(lo)).unwrap_or(3.0_f64.max(lo))
            });
            node.count = Some(Count { typical, max, outliers: None });
        }
        node
    }

    /// Whether this node holds sub-documents.
    pub fn has_children(&self) -> bool {
        !self.children.is_empty()
    }
}

/// One variant of a polymorphic collection.
#[derive(Debug, Clone, PartialEq)]
pub struct VariantShape<'m> {
    pub value: String,
    /// Share of documents (normalised so all variants sum to 1).
    pub share: f64,
    pub fields: Vec<Node<'m>>,
}

/// The document shape of one collection (or of an external entity, for copies of its fields).
#[derive(Debug, Clone, PartialEq)]
pub struct Shape<'m> {
    pub entity: String,
    pub name: String,
    pub fields: Vec<Node<'m>>,
    pub discriminator: Option<String>,
    pub variants: Vec<VariantShape<'m>>,
}

impl<'m> Shape<'m> {
    /// A top-level field of the common part or of a variant.
    pub fn field(&self, name: &str) -> Option<&Node<'m>> {
        self.fields.iter().chain(self.variants.iter().flat_map(|v| v.fields.iter())).find(|n| n.name == name)
    }
}

/// Builds the shape of a collection or external entity.
pub fn build<'m>(lookup: &Lookup<'m>, entity: &'m Entity) -> Shape<'m> {
    let mut fields = entity_fields(lookup, entity, 0);
    let settings = &entity.collection;
    if entity.kind == EntityKind::Document {
        let id = match fields.iter().position(|n| n.name == "_id") {
            Some(i) => fields.remove(i),
            None => {
                let mut n = Node::new("_id", BsonType::ObjectId, &entity.name);
                n.required = true;
                n
            }
        };
        fields.insert(0, id);
        if let Some(first) = fields.first_mut() {
            if first.role == Role::Plain {
                first.role = Role::Id;
            }
        }
    }
    for index in settings.indexes.iter().filter(|i| i.unique && i.keys.len() == 1) {
        let path = index.keys.first().map(|k| k.field.as_str()).unwrap_or_default();
        if let Some(node) = fields.iter_mut().find(|n| n.name == path && n.role == Role::Plain) {
            node.role = Role::Unique;
        }
    }
    if let Some(v) = &settings.schema_version_field {
        let node = ensure(&mut fields, v, BsonType::Int, &entity.name, true);
        node.role = Role::SchemaVersion;
    }
    if let Some(d) = &settings.discriminator {
        let node = ensure(&mut fields, d, BsonType::String, &entity.name, true);
        node.role = Role::Discriminator;
    }
    let given: f64 = settings.variants.iter().filter_map(|v| v.share).filter(|s| s.is_finite() && *s > 0.0).sum();
    let unset = settings.variants.iter().filter(|v| v.share.is_none_or(|s| !s.is_finite() || s <= 0.0)).count();
    let rest = if unset > 0 { ((1.0 - given).max(0.0) / unset as f64).max(0.01) } else { 0.0 };
    let total: f64 = settings
        .variants
        .iter()
        .map(|v| v.share.filter(|s| s.is_finite() && *s > 0.0).unwrap_or(rest))
        .sum::<f64>()
        .max(f64::MIN_POSITIVE);
    let variants = settings
        .variants
        .iter()
        .map(|v| VariantShape {
            value: v.value.clone(),
            share: v.share.filter(|s| s.is_finite() && *s > 0.0).unwrap_or(rest) / total,
            fields: v.fields.iter().map(|f| Node::from_field(f, &entity.name)).collect(),
        })
        .collect();
    Shape {
        entity: entity.id.clone(),
        name: entity.name.clone(),
        fields,
        discriminator: settings.discriminator.clone(),
        variants,
    }
}

/// The fields of an entity's documents: declared, embedded, copied and computed.
fn entity_fields<'m>(lookup: &Lookup<'m>, entity: &'m Entity, depth: usize) -> Vec<Node<'m>> {
    let mut nodes: Vec<Node> = entity.fields.iter().map(|f| Node::from_field(f, &entity.name)).collect();
    let ctx = entity.name.as_str();
    for (rel_index, rel) in lookup.children(&entity.id) {
        let Some(child) = lookup.entity(&rel.child) else { continue };
        let card = &rel.cardinality;
        let count = Count {
            typical: if card.typical.is_finite() { card.typical.max(0.0) } else { 1.0 },
            max: card.max,
            outliers: card.outliers.as_ref().map(|o| (o.share, o.max)),
        };
        match rel.storage {
            Storage::Embed if depth < MAX_DEPTH && child.id != entity.id => {
                let name = if rel.field.is_empty() { child.name.as_str() } else { rel.field.as_str() };
                let one = card.max == Some(1);
                let (item_ty, sub) = match child.kind {
                    EntityKind::Value => (child.value_type.unwrap_or(BsonType::String), Vec::new()),
                    EntityKind::Document => (BsonType::Object, entity_fields(lookup, child, depth + 1)),
                    EntityKind::External => continue,
                };
                let ty = if one { item_ty } else { BsonType::Array };
                let node = ensure(&mut nodes, name, ty, ctx, false);
                if node.children.is_empty() {
                    node.children = sub;
                }
                if !one {
                    node.ty = BsonType::Array;
                    node.items = Some(item_ty);
                    node.count = Some(count);
                    if node.constraints.max_items.is_none() {
                        node.constraints.to_mut().max_items = card.max;
                    }
                    if child.kind == EntityKind::Value {
                        node.sem = classify(name, ctx);
                    }
                }
            }
            Storage::Embed => {}
            _ => {
                if let Some(path) = &rel.reference.parent_field {
                    let node = ensure(&mut nodes, path, BsonType::Array, ctx, false);
                    node.items = Some(BsonType::ObjectId);
                    node.role = Role::ChildIds(rel_index);
                    node.count = Some(count);
                }
                if let Some(subset) = &rel.subset {
                    let node = ensure(&mut nodes, &subset.field, BsonType::Array, ctx, false);
                    node.items = Some(BsonType::Object);
                    node.role = Role::SubsetItems(rel_index);
                    if node.constraints.max_items.is_none() {
                        node.constraints.to_mut().max_items = Some(subset.size as u64);
                    }
                    if node.children.is_empty() {
                        node.children = subset_fields(child, &subset.fields);
                    }
                    if let Some(c) = &subset.count_field {
                        let n = ensure(&mut nodes, c, BsonType::Int, ctx, false);
                        n.role = Role::SubsetCount(rel_index);
                    }
                }
                for computed in &rel.computed {
                    let op = Op::parse(&computed.op).unwrap_or(Op::Count);
                    let source_ty = child.field(&computed.source).map(|f| f.bson_type);
                    let ty = match op {
                        Op::Avg => BsonType::Double,
                        Op::Count => BsonType::Int,
                        _ => source_ty.unwrap_or(BsonType::Double),
                    };
                    let node = ensure(&mut nodes, &computed.field, ty, ctx, false);
                    if node.has_children() {
                        node.role = Role::ComputedGroup(rel_index);
                    } else {
                        node.role = Role::Computed { rel: rel_index, op };
                    }
                }
                if let Some(outlier) = &rel.outlier {
                    let node = ensure(&mut nodes, &outlier.flag_field, BsonType::Bool, ctx, false);
                    node.role = Role::OutlierFlag(rel_index);
                }
            }
        }
        if rel.storage == Storage::Embed {
            if let Some(outlier) = &rel.outlier {
                let node = ensure(&mut nodes, &outlier.flag_field, BsonType::Bool, ctx, false);
                node.role = Role::OutlierFlag(rel_index);
            }
        }
    }
    for (rel_index, rel) in lookup.parents(&entity.id) {
        if rel.storage == Storage::Embed {
            continue;
        }
        if let (Storage::Bucket, Some(b)) = (rel.storage, &rel.bucket) {
            let id = ensure(&mut nodes, "_id", BsonType::String, ctx, true);
            id.role = Role::BucketId(rel_index);
            if let Some(c) = &b.count_field {
                ensure(&mut nodes, c, BsonType::Int, ctx, true).role = Role::BucketCount(rel_index);
            }
            if let Some(p) = &b.period_field {
                ensure(&mut nodes, p, BsonType::Date, ctx, true).role = Role::BucketPeriod(rel_index);
            }
            let events = ensure(&mut nodes, &b.array_field, BsonType::Array, ctx, true);
            events.role = Role::BucketEvents(rel_index);
            if events.items.is_none() {
                events.items = Some(BsonType::Object);
            }
            if events.constraints.max_items.is_none() {
                events.constraints.to_mut().max_items = Some(b.cap);
            }
            let typical = events.size.avg_items.map(|n| n as f64).unwrap_or((b.cap as f64 / 4.0).max(1.0));
            events.count = Some(Count { typical, max: Some(b.cap), outliers: None });
        }
        let parent_ty = lookup.entity(&rel.parent).map(id_type).unwrap_or(BsonType::ObjectId);
        // A reference always means a field: one that names none is held by the child under the
        // default name the editor gives it (`Model::set_storage`), unless the parent keeps an
        // array of the children's ids.
        let named = rel.reference.child_field.clone().filter(|f| !f.trim().is_empty());
        let held = named.or_else(|| lookup.entity(&rel.parent).and_then(|p| unnamed_reference_field(rel, p)));
        if let Some(path) = &held {
            // Many-to-many: the child keeps the ids of all its parents, an array (as the editor
            // creates the field, `model::child_reference_field`), unless the person declared it.
            let ty = if rel.cardinality.many_to_many { BsonType::Array } else { parent_ty };
            let node = ensure(&mut nodes, path, ty, ctx, true);
            if node.ty == BsonType::Array && node.items.is_none() {
                node.items = Some(parent_ty);
            }
            node.role = Role::ParentRef(rel_index);
        }
        let prefix = rel.reference.child_field.as_deref().and_then(|p| p.rsplit_once('.')).map(|(head, _)| head);
        let parent = lookup.entity(&rel.parent);
        for copy in &rel.extended {
            let path = match prefix {
                Some(prefix) => format!("{prefix}.{}", copy.target_name()),
                None => copy.target_name().to_string(),
            };
            let ty = parent.and_then(|p| p.field(&copy.field)).map(|f| f.bson_type).unwrap_or(BsonType::String);
            let node = ensure(&mut nodes, &path, ty, ctx, false);
            node.role = Role::Copy { rel: rel_index, source: copy.field.clone() };
        }
    }
    nodes
}

/// The type of an entity's identifier (the model's rule, shared with the editor).
pub use crate::model::id_type;
use crate::model::unnamed_reference_field;

/// Sub-fields of a subset item built from the child's fields (all of them when `names` is empty).
fn subset_fields<'m>(child: &'m Entity, names: &[String]) -> Vec<Node<'m>> {
    let mut out = vec![Node::new(&format!("{}_id", singular(&child.name)), id_type(child), &child.name)];
    if let Some(first) = out.first_mut() {
        first.required = true;
    }
    for f in &child.fields {
        if f.name != "_id" && (names.is_empty() || names.contains(&f.name)) {
            out.push(Node::from_field(f, &child.name));
        }
    }
    out
}

/// `resenas` → `resena` (the model's rule: the default reference field is named by it).
pub use crate::model::singular;

/// Finds the node at a dotted path, creating it (and objects on the way) when missing.
pub fn ensure<'a, 'm>(
    nodes: &'a mut Vec<Node<'m>>,
    path: &str,
    ty: BsonType,
    ctx: &str,
    required: bool,
) -> &'a mut Node<'m> {
    let (head, rest) = match path.split_once('.') {
        Some((h, r)) => (h, Some(r)),
        None => (path, None),
    };
    let index = match nodes.iter().position(|n| n.name == head) {
        Some(i) => i,
        None => {
            let mut node = Node::new(head, if rest.is_some() { BsonType::Object } else { ty }, ctx);
            node.required = required;
            if ty == BsonType::Array && rest.is_none() {
                node.count = Some(Count { typical: 3.0, max: None, outliers: None });
            }
            nodes.push(node);
            nodes.len() - 1
        }
    };
    let node = &mut nodes[index];
    match rest {
        None => node,
        Some(rest) => {
            let context = node.name.clone();
            ensure(&mut node.children, rest, ty, &context, required)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bibliored() -> crate::model::Model {
        crate::model::load(include_str!("../../public/templates/bibliored.json")).unwrap()
    }

    #[test]
    fn bibliored_shapes_carry_the_relations() {
        let m = bibliored();
        let lookup = Lookup::new(&m);
        let catalogo = build(&lookup, m.entity("material").unwrap());
        let tags = catalogo.field("etiquetas").unwrap();
        assert_eq!(
            (tags.ty, tags.items, tags.constraints.max_items),
            (BsonType::Array, Some(BsonType::String), Some(8))
        );
        assert!(matches!(catalogo.field("resenas_destacadas").unwrap().role, Role::SubsetItems(_)));
        assert!(matches!(catalogo.field("total_resenas").unwrap().role, Role::SubsetCount(_)));
        assert!(matches!(catalogo.field("valoracion").unwrap().role, Role::ComputedGroup(_)));
        assert_eq!(catalogo.field("tipo").unwrap().role, Role::Discriminator);
        assert_eq!(catalogo.variants.len(), 3);
        assert!((catalogo.variants.iter().map(|v| v.share).sum::<f64>() - 1.0).abs() < 1e-9);

        let resenas = build(&lookup, m.entity("resena").unwrap());
        let material = resenas.field("material").unwrap();
        let titulo = material.children.iter().find(|n| n.name == "titulo").unwrap();
        assert!(matches!(&titulo.role, Role::Copy { source, .. } if source == "titulo"));
        assert!(matches!(material.children[0].role, Role::ParentRef(_)));

        let actividad = build(&lookup, m.entity("actividad").unwrap());
        assert!(matches!(actividad.fields[0].role, Role::BucketId(_)));
        assert!(matches!(actividad.field("num_eventos").unwrap().role, Role::BucketCount(_)));
        assert!(matches!(actividad.field("eventos").unwrap().role, Role::BucketEvents(_)));
        assert!(matches!(actividad.field("socio_id").unwrap().role, Role::ParentRef(_)));
    }

    #[test]
    fn ensure_creates_nested_paths() {
        let mut nodes = Vec::new();
        ensure(&mut nodes, "a.b.c", BsonType::Int, "x", false);
        assert_eq!(nodes[0].ty, BsonType::Object);
        assert_eq!(nodes[0].children[0].children[0].ty, BsonType::Int);
        assert_eq!(singular("resenas"), "resena");
        assert_eq!(singular("reviews"), "review");
        assert_eq!(singular("actividad"), "actividad");
        assert_eq!(singular("autores"), "autor");
    }
}
