//! The design as the code generators read it: one record type per document shape (a
//! collection's fields, each embedded sub-document, each item of an array of sub-documents, each
//! variant of a polymorphic collection), in an order where a record comes after the records it
//! uses, with type names every target accepts. Built from the same [`Shape`]s as the examples
//! and the `$jsonSchema` validators, so the code describes the documents they do.

use super::names::{capped, pascal, Scope, RESERVED_TYPES};
use crate::export::shape::{singular, Node, Role, Shape};
use crate::export::Builder;
use crate::model::{BsonType, Constraints, Storage};

/// The type of a field.
#[derive(Debug, Clone, PartialEq)]
pub enum Ty {
    Scalar(BsonType),
    /// A sub-document with declared fields: the record at this index.
    Record(usize),
    /// A sub-document with no declared fields: any keys.
    Open,
    Array(Box<Ty>),
}

/// One field of a record.
#[derive(Debug, Clone)]
pub struct Prop<'a> {
    pub node: &'a Node<'a>,
    pub ty: Ty,
    /// What the field is for, when the design says (a copy and how it is kept coherent, a
    /// reference, the field's notes).
    pub note: Option<String>,
    /// The collection or external entity (entity id) a reference field points at.
    pub reference: Option<String>,
}

impl<'a> Prop<'a> {
    /// The field's name in the documents.
    pub fn name(&self) -> &str {
        &self.node.name
    }

    pub fn required(&self) -> bool {
        self.node.required
    }

    /// The constraints of the value, or of each item of an array of scalars.
    pub fn constraints(&self) -> &Constraints {
        &self.node.constraints
    }
}

/// A document shape with a type name.
#[derive(Debug, Clone)]
pub struct Record<'a> {
    /// The type name, unique in the design.
    pub name: String,
    /// Where the shape is, for comments: `catalogo.valoracion`.
    pub path: String,
    pub props: Vec<Prop<'a>>,
    /// Whether fields the design does not declare are refused (the collection's
    /// `additionalProperties: false`; sub-documents stay open, as in the validator).
    pub closed: bool,
}

/// The discriminator values of a polymorphic collection that have no variant of their own.
#[derive(Debug, Clone, PartialEq)]
pub enum Others {
    /// Every value the discriminator may take has a variant.
    None,
    /// These declared values carry only the common fields.
    Values(Vec<String>),
    /// The discriminator is open: any other value carries only the common fields.
    Any,
}

/// One variant: documents whose discriminator holds `value` carry the common fields and the
/// variant record's.
#[derive(Debug, Clone)]
pub struct Variant {
    pub value: String,
    pub record: usize,
}

/// One collection.
#[derive(Debug, Clone)]
pub struct Collection {
    pub entity: String,
    /// The collection's name in the database.
    pub name: String,
    /// The type of its documents (the union of the variants for a polymorphic collection).
    pub type_name: String,
    /// The record of its (common) fields.
    pub root: usize,
    pub discriminator: Option<String>,
    pub variants: Vec<Variant>,
    pub others: Others,
    /// The options `createCollection` takes beside the validator (time series, clustered,
    /// capped, collation, expiry): what a generator whose library creates collections carries.
    pub options: crate::export::bson::Doc,
}

/// Every collection of a model with its record types.
#[derive(Debug, Clone)]
pub struct Design<'a> {
    pub records: Vec<Record<'a>>,
    pub collections: Vec<Collection>,
    /// For each record, the collection whose root it is, or whose variant it is (with the
    /// variant's index): the generators look it up for every record.
    owners: Vec<Owner>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Owner {
    Nested,
    Root(usize),
    Variant(usize, usize),
}

impl<'a> Design<'a> {
    /// The design of every collection of `builder`'s model, in model order.
    pub fn new(builder: &'a Builder<'a>) -> Design<'a> {
        let mut types = Scope::new(RESERVED_TYPES);
        let shapes: Vec<&Shape> = builder.lookup.collections().filter_map(|e| builder.shape(&e.id)).collect();
        // Collections name their types first, so a nested shape never takes a collection's name.
        let names: Vec<String> = shapes.iter().map(|s| types.give(&pascal(&s.name))).collect();
        let mut design = Design { records: Vec::new(), collections: Vec::new(), owners: Vec::new() };
        for (shape, type_name) in shapes.into_iter().zip(names) {
            let poly = shape.discriminator.is_some() && !shape.variants.is_empty();
            let closed = builder.lookup.entity(&shape.entity).is_some_and(|e| !e.collection.additional_properties);
            let root_name = if poly { types.give(&capped(format!("{type_name}Base"))) } else { type_name.clone() };
            let root =
                design.record(builder, &mut types, (root_name, &type_name), shape.name.clone(), &shape.fields, closed);
            let variants = shape
                .variants
                .iter()
                .map(|v| {
                    let name = types.give(&capped(format!("{type_name}{}", pascal(&v.value))));
                    let path = format!("{} ({} {})", shape.name, shape.discriminator.as_deref().unwrap_or(""), v.value);
                    let record = design.record(builder, &mut types, (name.clone(), &name), path, &v.fields, closed);
                    Variant { value: v.value.clone(), record }
                })
                .collect::<Vec<_>>();
            let others = if poly { others(shape, &variants) } else { Others::None };
            design.collections.push(Collection {
                entity: shape.entity.clone(),
                name: shape.name.clone(),
                type_name,
                root,
                discriminator: shape.discriminator.clone().filter(|_| poly),
                variants,
                others,
                options: builder
                    .lookup
                    .entity(&shape.entity)
                    .map(crate::export::mongosh::collection_options)
                    .unwrap_or_default(),
            });
        }
        design.owners = vec![Owner::Nested; design.records.len()];
        for (i, c) in design.collections.iter().enumerate() {
            design.owners[c.root] = Owner::Root(i);
            for (j, v) in c.variants.iter().enumerate() {
                design.owners[v.record] = Owner::Variant(i, j);
            }
        }
        design
    }

    /// The collection whose root record is `record`.
    pub fn root_of(&self, record: usize) -> Option<&Collection> {
        match self.owners.get(record) {
            Some(Owner::Root(c)) => self.collections.get(*c),
            _ => None,
        }
    }

    /// The collection and variant whose record is `record`.
    pub fn variant_of(&self, record: usize) -> Option<(&Collection, &Variant)> {
        match self.owners.get(record) {
            Some(Owner::Variant(c, v)) => {
                let c = self.collections.get(*c)?;
                Some((c, c.variants.get(*v)?))
            }
            _ => None,
        }
    }

    /// Adds the record of `nodes` named `name` (after the records its fields use, whose names
    /// start with `stem`); returns its index.
    fn record(
        &mut self,
        builder: &'a Builder<'a>,
        types: &mut Scope,
        (name, stem): (String, &str),
        path: String,
        nodes: &'a [Node<'a>],
        closed: bool,
    ) -> usize {
        let props = nodes
            .iter()
            .map(|node| {
                let ty = self.ty(builder, types, stem, &path, node);
                let (note, reference) = about(builder, node);
                Prop { node, ty, note, reference }
            })
            .collect();
        self.records.push(Record { name, path, props, closed });
        self.records.len() - 1
    }

    fn ty(&mut self, builder: &'a Builder<'a>, types: &mut Scope, owner: &str, path: &str, node: &'a Node<'a>) -> Ty {
        let nested = |types: &mut Scope, word: &str| types.give(&capped(format!("{owner}{}", pascal(word))));
        let sub = format!("{path}.{}", node.name);
        match node.ty {
            BsonType::Array => {
                let items = node.items.unwrap_or(BsonType::String);
                if node.has_children() {
                    let name = nested(types, singular(&node.name));
                    let record =
                        self.record(builder, types, (name.clone(), &name), format!("{sub}[]"), &node.children, false);
                    Ty::Array(Box::new(Ty::Record(record)))
                } else if items == BsonType::Object {
                    Ty::Array(Box::new(Ty::Open))
                } else {
                    Ty::Array(Box::new(Ty::Scalar(items)))
                }
            }
            BsonType::Object if node.has_children() => {
                let name = nested(types, &node.name);
                Ty::Record(self.record(builder, types, (name.clone(), &name), sub, &node.children, false))
            }
            BsonType::Object => Ty::Open,
            ty => Ty::Scalar(ty),
        }
    }

    /// The collection whose entity id is `entity`.
    pub fn collection(&self, entity: &str) -> Option<&Collection> {
        self.collections.iter().find(|c| c.entity == entity)
    }
}

fn others(shape: &Shape, variants: &[Variant]) -> Others {
    let named: Vec<&str> = variants.iter().map(|v| v.value.as_str()).collect();
    let declared: Vec<String> = shape
        .discriminator
        .as_deref()
        .and_then(|d| shape.field(d))
        .map(|n| n.constraints.r#enum.iter().filter_map(|v| v.as_str().map(str::to_string)).collect())
        .unwrap_or_default();
    let rest: Vec<String> = declared.iter().filter(|v| !named.contains(&v.as_str())).cloned().collect();
    if !rest.is_empty() {
        Others::Values(rest)
    } else if declared.is_empty() {
        Others::Any
    } else {
        Others::None
    }
}

/// What a field is for, and the collection a reference field points at.
fn about(builder: &Builder, node: &Node) -> (Option<String>, Option<String>) {
    let lookup = &builder.lookup;
    let collection =
        |id: &str| lookup.entity(id).filter(|e| lookup.is_collection(e) || e.is_external()).map(|e| e.id.clone());
    match &node.role {
        Role::ParentRef(rel) | Role::BucketId(rel) => {
            let Some(r) = lookup.relation(*rel) else { return (None, None) };
            if matches!(node.role, Role::BucketId(_)) {
                return (Some(format!("Bucket of {} (deterministic id).", lookup.name(&r.parent))), None);
            }
            let outside = r.storage == Storage::Outside;
            let what = if outside { "Reference to data kept outside MongoDB" } else { "Reference to" };
            (Some(format!("{what}: {}.", lookup.name(&r.parent))), collection(&r.parent))
        }
        Role::ChildIds(rel) => {
            let Some(r) = lookup.relation(*rel) else { return (None, None) };
            (Some(format!("Ids of the {} it references.", lookup.name(&r.child))), collection(&r.child))
        }
        Role::SubsetItems(rel) | Role::SubsetCount(rel) | Role::ComputedGroup(rel) | Role::Computed { rel, .. } => {
            let Some(r) = lookup.relation(*rel) else { return (None, None) };
            let what = match node.role {
                Role::SubsetItems(_) => "Subset (a copy) of",
                Role::SubsetCount(_) => "Count of",
                _ => "Computed from",
            };
            let note = crate::export::schema::description(builder, node);
            (Some(note.unwrap_or_else(|| format!("{what} {}.", lookup.name(&r.child)))), None)
        }
        _ => (crate::export::schema::description(builder, node), None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bibliored_records() {
        let model = crate::model::load(include_str!("../../../public/templates/bibliored.json")).unwrap();
        let builder = Builder::new(&model);
        let d = Design::new(&builder);
        let names: Vec<&str> = d.collections.iter().map(|c| c.type_name.as_str()).collect();
        assert_eq!(names, ["Catalogo", "Resenas", "Actividad"]);
        let catalogo = &d.collections[0];
        assert_eq!(d.records[catalogo.root].name, "CatalogoBase");
        assert_eq!(catalogo.discriminator.as_deref(), Some("tipo"));
        assert_eq!(catalogo.variants.len(), 3);
        assert_eq!(catalogo.others, Others::None);
        // Every record a field uses comes before the field's record.
        for (i, r) in d.records.iter().enumerate() {
            for p in &r.props {
                let mut ty = &p.ty;
                while let Ty::Array(inner) = ty {
                    ty = inner;
                }
                if let Ty::Record(j) = ty {
                    assert!(*j < i, "{} uses {} defined after it", r.name, d.records[*j].name);
                }
            }
        }
        let resenas = &d.records[d.collections[1].root];
        let material = resenas.props.iter().find(|p| p.name() == "material").unwrap();
        let Ty::Record(m) = material.ty else { panic!("material is a sub-document") };
        let id = &d.records[m].props[0];
        assert_eq!(id.reference.as_deref(), Some("material"));
    }
}
