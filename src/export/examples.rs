//! Example documents per collection: one per variant of a polymorphic collection, rendered in
//! mongosh syntax or as Extended JSON.

use super::bson::Doc;
use super::document::{Builder, Which, EXAMPLE_SEED};
use super::ejson::{self, Flavor};
use super::shell::push_doc;
use crate::model::Model;

/// One example document.
#[derive(Debug, Clone, PartialEq)]
pub struct Example {
    /// `tipo: libro` for a variant, empty otherwise.
    pub label: String,
    pub doc: Doc,
}

/// The examples of one collection.
#[derive(Debug, Clone, PartialEq)]
pub struct CollectionExamples {
    pub entity: String,
    pub collection: String,
    pub examples: Vec<Example>,
}

/// Example documents of every collection, in model order.
pub fn examples(model: &Model) -> Vec<CollectionExamples> {
    let builder = Builder::new(model);
    examples_with(&builder)
}

/// Same as `examples`, reusing a builder.
pub fn examples_with(builder: &Builder) -> Vec<CollectionExamples> {
    builder.lookup.collections().filter_map(|e| collection_examples(builder, &e.id)).collect()
}

/// The examples of one collection (entity id).
pub fn collection_examples(builder: &Builder, entity: &str) -> Option<CollectionExamples> {
    let shape = builder.shape(entity)?;
    let which = |i: usize| Which { seed: EXAMPLE_SEED, index: i as u64, example: true, variant: Some(i) };
    let examples = if shape.variants.is_empty() {
        vec![Example { label: String::new(), doc: builder.document(entity, which(0))? }]
    } else {
        let d = shape.discriminator.as_deref().unwrap_or("variant");
        shape
            .variants
            .iter()
            .enumerate()
            .filter_map(|(i, v)| {
                Some(Example { label: format!("{d}: {}", v.value), doc: builder.document(entity, which(i))? })
            })
            .collect()
    };
    Some(CollectionExamples { entity: entity.to_string(), collection: shape.name.clone(), examples })
}

/// mongosh text: each example as an `insertOne` a reader can paste.
pub fn render_shell(all: &[CollectionExamples]) -> String {
    let mut out = String::with_capacity(text_estimate(all, 1024));
    for c in all {
        for e in &c.examples {
            let label = if e.label.is_empty() { String::new() } else { format!(" ({})", e.label) };
            let size = e.doc.bson_size();
            crate::escape::js::push_comment(&mut out, &format!("// {}{label}: {size} bytes as BSON", c.collection));
            out.push_str("db.getCollection(");
            ejson::quote(&mut out, &c.collection);
            out.push_str(").insertOne(");
            push_doc(&mut out, &e.doc, 0);
            out.push_str(");\n\n");
        }
    }
    out
}

/// Extended JSON: `{"catalogo": [doc, ...], ...}`, pretty.
pub fn render_ejson(all: &[CollectionExamples], flavor: Flavor) -> String {
    // Written by hand around each document so no example is copied into a bigger tree.
    if all.is_empty() {
        return "{}".to_string();
    }
    let per_example = if flavor == Flavor::Canonical { 1152 } else { 1024 };
    let mut out = String::with_capacity(text_estimate(all, per_example));
    out.push('{');
    for (i, c) in all.iter().enumerate() {
        out.push_str(if i == 0 { "\n  " } else { ",\n  " });
        ejson::quote(&mut out, &c.collection);
        out.push_str(": [");
        for (j, e) in c.examples.iter().enumerate() {
            out.push_str(if j == 0 { "\n    " } else { ",\n    " });
            ejson::write_doc_pretty_at(&mut out, &e.doc, flavor, 2);
        }
        out.push_str(if c.examples.is_empty() { "]" } else { "\n  ]" });
    }
    out.push_str("\n}");
    out
}

/// Room for the text of every example at `per_example` bytes each (a little over what the
/// examples of a large generated model take), so the output is rarely copied as it grows.
fn text_estimate(all: &[CollectionExamples], per_example: usize) -> usize {
    all.iter().map(|c| c.examples.len()).sum::<usize>() * per_example
}
