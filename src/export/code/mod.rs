//! Code for the application, from the design: Mongoose schemas, TypeScript types, zod schemas,
//! Pydantic models, Rust structs (serde and the `bson` crate), Java POJOs (the MongoDB driver's
//! BSON annotations), and the diagram as Mermaid and DBML. Pure functions of the model, one
//! module per target, all reading one [`design::Design`] built from the shapes the examples and
//! validators use.
//!
//! Names that are not identifiers in a target are mapped predictably ([`names`]) and the
//! document keeps the model's own name (an alias or a rename attribute next to the field, and a
//! comment saying how it was mapped); every string reaches the code through [`crate::escape`].

pub mod dbml;
pub mod design;
pub mod java;
pub mod mermaid;
pub mod mongoose;
pub mod names;
pub mod pydantic;
pub mod rust;
pub mod typescript;
pub mod zod;

use super::Builder;
use crate::i18n::Lang;
use crate::model::Model;

/// A target language or format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Mongoose,
    TypeScript,
    Zod,
    Pydantic,
    Rust,
    Java,
    Mermaid,
    Dbml,
}

impl Target {
    pub const ALL: [Target; 8] = [
        Target::Mongoose,
        Target::TypeScript,
        Target::Zod,
        Target::Pydantic,
        Target::Rust,
        Target::Java,
        Target::Mermaid,
        Target::Dbml,
    ];

    /// The name `docshape export --what` takes.
    pub fn code(self) -> &'static str {
        match self {
            Target::Mongoose => "mongoose",
            Target::TypeScript => "typescript",
            Target::Zod => "zod",
            Target::Pydantic => "pydantic",
            Target::Rust => "rust",
            Target::Java => "java",
            Target::Mermaid => "mermaid",
            Target::Dbml => "dbml",
        }
    }

    /// The name the export dialog shows.
    pub fn label(self) -> &'static str {
        match self {
            Target::Mongoose => "Mongoose",
            Target::TypeScript => "TypeScript",
            Target::Zod => "zod",
            Target::Pydantic => "Pydantic",
            Target::Rust => "Rust (serde, bson)",
            Target::Java => "Java (POJO codec)",
            Target::Mermaid => "Mermaid",
            Target::Dbml => "DBML",
        }
    }

    pub fn from_code(code: &str) -> Option<Target> {
        Target::ALL.into_iter().find(|t| t.code() == code)
    }

    /// The file name suffix of a download (Java's file is named after its class:
    /// [`java::class_name`]).
    pub fn suffix(self) -> &'static str {
        match self {
            Target::Mongoose => ".mongoose.mjs",
            Target::TypeScript => ".types.ts",
            Target::Zod => ".zod.ts",
            Target::Pydantic => "_models.py",
            Target::Rust => "_documents.rs",
            Target::Java => ".java",
            Target::Mermaid => ".mmd",
            Target::Dbml => ".dbml",
        }
    }
}

/// The code of `target` for `model`; `lang` is the language of the diagrams' words (Mermaid,
/// DBML notes); code comments are in English, as the validators' descriptions are.
pub fn generate(model: &Model, target: Target, lang: Lang) -> String {
    let builder = Builder::new(model);
    generate_with(&builder, target, lang)
}

/// Same as [`generate`], reusing a builder.
pub fn generate_with(builder: &Builder, target: Target, lang: Lang) -> String {
    let model = builder.lookup.model;
    if target == Target::Mermaid {
        return mermaid::er_text(model, lang);
    }
    let design = design::Design::new(builder);
    let title = &model.name;
    match target {
        Target::Mongoose => mongoose::render(&design, title),
        Target::TypeScript => typescript::render(&design, title),
        Target::Zod => zod::render(&design, title),
        Target::Pydantic => pydantic::render(&design, title),
        Target::Rust => rust::render(&design, title),
        Target::Java => java::render(&design, title),
        Target::Dbml => dbml::render(&design, builder, lang),
        Target::Mermaid => String::new(),
    }
}

/// An enum value as a JavaScript / TypeScript literal, when the field's type has literals.
pub(crate) fn typescript_literal(t: crate::model::BsonType, v: &serde_json::Value) -> Option<String> {
    use crate::model::BsonType;
    match (t, v) {
        (BsonType::String, serde_json::Value::String(s)) => Some(crate::escape::js::string(s)),
        (BsonType::Int | BsonType::Long | BsonType::Double, serde_json::Value::Number(n)) => {
            n.as_f64().filter(|x| x.is_finite()).map(number)
        }
        (BsonType::Bool, serde_json::Value::Bool(b)) => Some(b.to_string()),
        _ => None,
    }
}

/// A finite number as every target writes it: `5`, `4.5`, `-0.25`.
pub(crate) fn number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

/// The lowest and highest value a number field takes, as written in code: the design's
/// `minimum` and `maximum`, within a 32-bit integer's range for an `int`.
pub(crate) fn bounds(t: crate::model::BsonType, c: &crate::model::Constraints) -> (Option<String>, Option<String>) {
    let (mut low, mut high) = (c.minimum.filter(|x| x.is_finite()), c.maximum.filter(|x| x.is_finite()));
    if t == crate::model::BsonType::Int {
        low = Some(low.map_or(i32::MIN as f64, |x| x.max(i32::MIN as f64)));
        high = Some(high.map_or(i32::MAX as f64, |x| x.min(i32::MAX as f64)));
    }
    (low.map(number), high.map(number))
}
