//! The two report sections the exporters produce: a collection's decision sheet and its
//! `$jsonSchema` validator.

use crate::advisor::Report;
use crate::export::{schema, sheet, Builder};
use crate::i18n::Lang;
use crate::model::{Entity, Model};

/// The collection's decision sheet, as Markdown, in `lang`.
pub fn decision_sheet(model: &Model, report: &Report, collection: &Entity, lang: Lang) -> Option<String> {
    let builder = Builder::new(model);
    Some(sheet::sheet(&builder, report, collection, lang))
}

/// The collection's `$jsonSchema` validator, as JSON text, when the collection asks for one.
pub fn validator(model: &Model, collection: &Entity) -> Option<String> {
    if !collection.collection.validate {
        return None;
    }
    validator_with(&Builder::new(model), collection)
}

/// [`validator`] with a builder already made (the report makes one for all collections).
pub fn validator_with(builder: &Builder, collection: &Entity) -> Option<String> {
    if !collection.collection.validate {
        return None;
    }
    schema::validator(builder, &collection.id).map(|v| schema::render_json(&[v]))
}
