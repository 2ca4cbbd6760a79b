use super::local_figures::bytes;
use crate::advisor::design::{carries_bulk, large_value};
use crate::advisor::field_scan::{find_fields, ArrayField};
use crate::advisor::{Context, Finding, Rule, RuleMeta};
use crate::i18n::Arg;
use crate::model::{BsonType, Entity, EntityKind, Field, Id, Place, Storage};
use crate::{declare_rule, text};
use std::borrow::Cow;

declare_rule! {
    /// ## What it does
    /// Flags a large value kept in a collection's documents: a string or binary field whose
    /// average size (`size.avgBytes`) is over `thresholds.bloatFieldBytes` (100 KB); an array
    /// of sub-documents (a declared array of objects, or an embedded relation) whose items'
    /// string and binary values add up to more than that per document (their `size.avgBytes`
    /// times the array's `size.avgItems` or the relation's typical cardinality); or a
    /// document whose average is over the 1 MB target mostly (more than half) because of one
    /// field.
    ///
    /// ## Why is this bad?
    /// MongoDB reads and caches whole documents. A cover image in base64, the full text of a PDF or
    /// a long change history travels with every read of the document, even when the screen shows
    /// only the title, so fewer documents fit in RAM and every query pays for bytes it throws away.
    /// The BiblioRed lesson on document modelling calls it the bloated document.
    ///
    /// ## Example
    /// `catalogo.portada` holding a 150 KB base64 image read by the catalogue search.
    ///
    /// ## Use instead
    /// Move the large, rarely read value to its own collection (one document per material,
    /// fetched by id when the detail view needs it) or to an object store, and keep a URL.
    ///
    /// ## References
    /// The BiblioRed lesson on document modelling, "Anti-patrones que hay que reconocer"; MongoDB,
    /// "Reduce Bloated Documents".
    pub BloatedDocument {
        code: "DS201",
        name: "bloated-document",
        category: AntiPattern,
        severity: Warning,
    }
}

impl Rule for BloatedDocument {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        let t = &cx.model.thresholds;
        for c in cx.design.collections() {
            let (size, entity) = (&c.size, c.entity);
            let limit = t.bloat_field_bytes;
            let bloated = |f: &Field| large_value(f, limit);
            // Both kinds of field (large values, arrays of items over the limit), from the
            // design's scan of the fields; an entity with variants scans them too, here.
            let scanned;
            let (large_values, arrays): (&[ArrayField], &[ArrayField]) = match cx.design.large_values(entity) {
                Some(runs) if entity.collection.variants.is_empty() => runs,
                _ => {
                    scanned = scan_with_variants(entity, limit);
                    (&scanned, &scanned)
                }
            };
            let mut paths: Vec<String> = Vec::new();
            for ArrayField { path, field: f, .. } in large_values.iter().filter(|a| bloated(a.field)) {
                let avg = f.size.avg_bytes.unwrap_or(0);
                out.push(field_finding(&entity.id, &entity.name, path, avg, t.bloat_field_bytes));
                paths.push(path.to_string());
            }
            // A document over the target mostly because of one member: that finding, with its
            // share, says more than the member's own (the size walk kept the largest member).
            let dominant = if size.avg_bytes > t.doc_target_bytes {
                c.largest.filter(|m| m.avg > 0.5 * size.avg_bytes as f64)
            } else {
                None
            };
            for (path, avg) in item_arrays(cx, entity, arrays, limit) {
                let overlaps = |p: &String| inside(p, &path) || inside(&path, p);
                let is_dominant = dominant.as_ref().is_some_and(|m| inside(&path, m.name));
                if avg > t.bloat_field_bytes && !is_dominant && !paths.iter().any(overlaps) {
                    out.push(field_finding(&entity.id, &entity.name, &path, avg, t.bloat_field_bytes));
                    paths.push(path);
                }
            }
            if let Some(m) = dominant {
                if paths.iter().any(|p| inside(p, m.name)) {
                    continue;
                }
                let share = (100.0 * m.avg / size.avg_bytes as f64).round();
                let (name, field) = (&entity.name, m.name);
                out.push(Self::finding(
                    Place::Field { entity: Id::new(&entity.id), path: Id::new(m.name) },
                    text!(
                        en: "{name}'s average document is {avg}, {share}% of it in {field} ({bytes}).",
                        es: "El documento medio de {name} ocupa {avg}, el {share}% en {field} ({bytes}).",
                        pt: "O documento médio de {name} ocupa {avg}, {share}% dele em {field} ({bytes}).";
                        name, field, avg = bytes(size.avg_bytes), share = Arg::Count(share),
                        bytes = bytes(m.avg as u64)
                    ),
                    text!(
                        en: "Every read loads the whole document: one dominant field makes each query carry bytes the view rarely shows, and fewer documents fit in RAM.",
                        es: "Cada lectura carga el documento entero: un campo dominante hace que cada consulta arrastre bytes que la vista rara vez muestra, y caben menos documentos en RAM.",
                        pt: "Cada leitura carrega o documento inteiro: um campo dominante faz cada consulta trazer bytes que a tela raramente mostra, e menos documentos cabem na RAM."
                    ),
                    text!(
                        en: "Move {field} to its own collection (fetched by id when needed) or to an object store with a URL.",
                        es: "Mueve {field} a su propia colección (leída por id cuando haga falta) o a un almacén de objetos, con una URL.",
                        pt: "Mova {field} para uma coleção própria (lida por id quando necessário) ou para um armazenamento de objetos, com uma URL.";
                        field
                    ),
                ));
            }
        }
    }
}

/// The fields the rule looks at (at any depth), in an entity's declared fields then in its
/// variants' fields: large values and arrays of sub-documents whose items' large values pass
/// `limit`.
fn scan_with_variants(entity: &Entity, limit: u64) -> Vec<ArrayField<'_>> {
    let keep = |f: &Field| large_value(f, limit) || array_over(f, limit);
    let fields = std::iter::once(&entity.fields).chain(entity.collection.variants.iter().map(|v| &v.fields));
    let found = fields.flat_map(|fields| find_fields(fields, &keep));
    found.map(|(path, field)| ArrayField { entity, path: Cow::Owned(path), field }).collect()
}

/// `path` is `outer` or lies inside it.
fn inside(path: &str, outer: &str) -> bool {
    path == outer || path.strip_prefix(outer).is_some_and(|r| r.starts_with('.'))
}

/// Arrays of sub-documents whose items' large values add up to more than `limit` per document:
/// a declared array of objects (its items' string and binary fields, times `size.avgItems`)
/// and an embedded relation (the child's large fields, times the typical cardinality, or once
/// for a one-to-one). `found` holds the fields the rule's one scan kept (paths built only for them).
fn item_arrays(cx: &Context, entity: &Entity, found: &[ArrayField], limit: u64) -> Vec<(String, u64)> {
    let mut out = Vec::new();
    for a in found.iter().filter(|a| array_over(a.field, limit)) {
        out.push((a.path.to_string(), array_total(a.field)));
    }
    for r in cx.design.children(&entity.id) {
        if r.storage != Storage::Embed || r.field.is_empty() {
            continue;
        }
        let Some(child) = cx.design.ends(r).1.filter(|c| c.kind == EntityKind::Document) else { continue };
        let items = if r.cardinality.max == Some(1) { 1.0 } else { r.cardinality.typical };
        let bytes = total(items, per_item(&child.fields));
        if bytes > limit {
            out.push((r.field.clone(), bytes));
        }
    }
    out
}

/// The large values of one item: its string and binary fields with a size hint.
fn per_item(fields: &[Field]) -> f64 {
    fields.iter().filter(|f| carries_bulk(f)).filter_map(|f| f.size.avg_bytes).map(|b| b as f64).sum()
}

/// `items × per_item` bytes as a whole number (0 when not finite).
fn total(items: f64, per_item: f64) -> u64 {
    let v = items * per_item;
    if v.is_finite() {
        v.clamp(0.0, u64::MAX as f64) as u64
    } else {
        0
    }
}

/// The large values a declared array of sub-documents carries per document.
fn array_total(f: &Field) -> u64 {
    total(f.size.avg_items.unwrap_or(0) as f64, per_item(&f.fields))
}

/// A declared array of sub-documents whose items' large values pass `limit`.
fn array_over(f: &Field, limit: u64) -> bool {
    f.bson_type == BsonType::Array && !f.fields.is_empty() && array_total(f) > limit
}

fn field_finding(entity: &str, name: &str, path: &str, avg: u64, limit: u64) -> Finding {
    BloatedDocument::finding(
        Place::Field { entity: Id::from(entity), path: Id::from(path) },
        text!(
            en: "{name}.{path} averages {avg} per document, over the {limit} a field read with its document should carry.",
            es: "{name}.{path} ocupa de media {avg} por documento, más de los {limit} que debería llevar un campo que se lee con su documento.",
            pt: "{name}.{path} ocupa em média {avg} por documento, acima dos {limit} que um campo lido com seu documento deveria carregar.";
            name, path, avg = bytes(avg), limit = bytes(limit)
        ),
        text!(
            en: "MongoDB reads and caches whole documents: a large, rarely shown value (an image in base64, a PDF's text) travels with every read and crowds the working set out of RAM.",
            es: "MongoDB lee y guarda en caché documentos enteros: un valor grande que rara vez se muestra (una imagen en base64, el texto de un PDF) viaja con cada lectura y expulsa de la RAM el working set.",
            pt: "O MongoDB lê e mantém em cache documentos inteiros: um valor grande e raramente exibido (uma imagem em base64, o texto de um PDF) viaja em cada leitura e expulsa o working set da RAM."
        ),
        text!(
            en: "Move {path} to its own collection or an object store and keep its id or URL in {name}.",
            es: "Mueve {path} a su propia colección o a un almacén de objetos y guarda su id o su URL en {name}.",
            pt: "Mova {path} para uma coleção própria ou para um armazenamento de objetos e guarde o id ou a URL em {name}.";
            path, name
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{findings, model};
    use crate::model::{BsonType, Field};

    #[test]
    fn a_base64_cover_is_flagged() {
        let mut m = model();
        let mut cover = Field::new("portada", BsonType::String);
        cover.size.avg_bytes = Some(150_000);
        m.entities[0].fields.push(cover);
        let f = findings(&m, "DS201");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.contains("items.portada") && f[0].message.contains("150.0 KB"), "{}", f[0].message);
    }

    #[test]
    fn a_document_dominated_by_one_array_is_flagged() {
        let mut m = model();
        let mut hist = Field::new("history", BsonType::Array);
        hist.items = Some(BsonType::Object);
        hist.size.avg_items = Some(20_000);
        let mut note = Field::new("note", BsonType::String);
        note.size.avg_bytes = Some(60);
        hist.fields.push(note);
        m.entities[0].fields.push(hist);
        let f = findings(&m, "DS201");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.contains("in history"), "{}", f[0].message);
    }

    #[test]
    fn small_fields_are_fine() {
        let mut m = model();
        let mut url = Field::new("portada_url", BsonType::String);
        url.size.avg_bytes = Some(80);
        m.entities[0].fields.push(url);
        assert!(findings(&m, "DS201").is_empty());
    }

    #[test]
    fn a_base64_cover_reads_in_spanish_and_portuguese() {
        use crate::i18n::Lang;
        let mut m = model();
        let mut cover = Field::new("portada", BsonType::String);
        cover.size.avg_bytes = Some(150_000);
        m.entities[0].fields.push(cover);
        let f = findings(&m, "DS201");
        let es = f[0].message.render(Lang::Es);
        assert!(es.starts_with("items.portada ocupa de media 150,0 KB por documento, más de los 100,0 KB"), "{es}");
        let pt = f[0].fix_hint.render(Lang::Pt);
        assert_eq!(pt, "Mova portada para uma coleção própria ou para um armazenamento de objetos e guarde o id ou a URL em items.");
    }

    #[test]
    fn large_values_inside_an_array_of_sub_documents_count() {
        use crate::model::{Cardinality, Relation, Storage};
        let mut m = model();
        let mut revisions = Field::new("revisions", BsonType::Array);
        revisions.items = Some(BsonType::Object);
        revisions.size.avg_items = Some(20);
        let mut body = Field::new("body", BsonType::String);
        body.size.avg_bytes = Some(20_000);
        revisions.fields.push(body);
        m.entities[0].fields.push(revisions);
        let f = findings(&m, "DS201");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.en().starts_with("items.revisions averages 400.0 KB per document"), "{}", f[0].message);
        // The same bulk through an embedded relation: 40 pages of 5 KB of text each.
        let mut m = model();
        let mut page = crate::model::Entity::new("p", "pages");
        let mut text = Field::new("text", BsonType::String);
        text.size.avg_bytes = Some(5_000);
        page.fields.push(text);
        m.entities.push(page);
        let mut r = Relation::new("r", "c", "p", Storage::Embed);
        r.field = "pages".into();
        r.cardinality = Cardinality { typical: 40.0, max: Some(60), ..Cardinality::default() };
        m.relations.push(r);
        let f = findings(&m, "DS201");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.contains("items.pages averages 200.0 KB"), "{}", f[0].message);
        assert!(f[0].message.render(crate::i18n::Lang::Pt).contains("items.pages ocupa em média 200,0 KB"));
        m.relations[0].cardinality.typical = 10.0;
        assert!(findings(&m, "DS201").is_empty(), "10 pages of 5 KB stay under 100 KB");
    }
}
