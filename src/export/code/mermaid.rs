//! The diagram as a Mermaid `erDiagram`, which GitHub draws in Markdown (it shows no `data:`
//! image and no inline `<svg>`): the `mermaid` export, and the block of the review report (one
//! generator for both). Data copied into the document (embedding, extended
//! reference, subset, computed, buckets) is an identifying line `--`, drawn solid; a reference
//! the application resolves, or data kept outside MongoDB, a non-identifying line `..`, drawn
//! dashed, as on the canvas.
//!
//! Every name goes through an escaping path: entity identifiers are reduced to ASCII letters,
//! digits and `_` (made unique), and the model's own spelling is shown as a quoted alias;
//! quoted labels lose the characters Mermaid would read as syntax (`"`, `#`, `<`, `>`, `` ` ``,
//! braces, line breaks), so a name cannot close the block, inject HTML or break the fence.

use crate::escape::hazard::must_show;
use crate::export::pick;
use crate::i18n::{Labelled, Lang};
use crate::model::{BsonType, Field, Model, Relation, Storage};
use crate::share::labels::caption_parts;
use std::collections::{HashMap, HashSet};
use std::fmt::Write;

/// An identifier Mermaid accepts: ASCII letters, digits and `_`, starting with a letter.
fn ident(name: &str) -> String {
    let mut s: String = name.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
    if !s.starts_with(|c: char| c.is_ascii_alphabetic()) {
        s.insert(0, 'e');
    }
    s
}

/// An attribute name Mermaid accepts: ASCII letters, digits and `_`, not starting with a digit
/// (`_id` stays `_id`).
fn attribute(name: &str) -> String {
    let mut s: String = name.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
    if !s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        s.insert(0, 'f');
    }
    s
}

/// A field's type as Mermaid's grammar takes it: `string`, `object[]` for an array of objects.
fn type_word(f: &Field) -> String {
    let word = match (f.bson_type, f.items) {
        (BsonType::Array, Some(t)) => format!("{}[]", t.name()),
        (t, _) => t.name().to_string(),
    };
    let word: String = word.chars().filter(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '[' | ']')).collect();
    if word.starts_with(|c: char| c.is_ascii_alphabetic()) {
        word
    } else {
        format!("t{word}")
    }
}

/// Text for inside `"…"`: no quote, no entity code, no HTML, no fence, on one line; a
/// bidirectional control or an invisible character is written as its code point (`U+202E`), so
/// it cannot reorder the label.
fn label(text: &str) -> String {
    let mut cleaned = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '"' | '`' => cleaned.push('\''),
            '#' | ';' | '%' | '<' | '>' | '{' | '}' | '[' | ']' | '|' | '\\' => cleaned.push(' '),
            c if c.is_control() => cleaned.push(' '),
            c if must_show(c) => {
                let _ = write!(cleaned, " U+{:04X} ", c as u32);
            }
            c => cleaned.push(c),
        }
    }
    cleaned.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Unique identifiers for the model's entities, by id: a repeated name gets `_2`, `_3`…, the
/// first number no other identifier holds. Each name's numbering goes on from where it stopped,
/// so n boxes of one name cost n tries, not n²/2 (8,000 boxes named `x` took 31 s).
fn identifiers(model: &Model) -> HashMap<&str, String> {
    let mut taken = HashSet::new();
    let mut next: HashMap<String, usize> = HashMap::new();
    let mut out = HashMap::with_capacity(model.entities.len());
    for e in &model.entities {
        let base = ident(&e.name);
        let key = base.to_ascii_lowercase();
        let mut candidate = base.clone();
        if taken.contains(&key) {
            let n = next.entry(key).or_insert(2);
            loop {
                candidate = format!("{base}_{n}");
                *n += 1;
                if !taken.contains(&candidate.to_ascii_lowercase()) {
                    break;
                }
            }
        }
        taken.insert(candidate.to_ascii_lowercase());
        out.insert(e.id.as_str(), candidate);
    }
    out
}

/// Mermaid's crow's-foot ends: the parent's on the left, the child's on the right.
fn ends(r: &Relation) -> (&'static str, &'static str) {
    let parent = if r.cardinality.many_to_many { "}o" } else { "||" };
    let child = if r.cardinality.max == Some(1) { "|o" } else { "o{" };
    (parent, child)
}

/// The legend of the lines, in `lang`.
fn legend(lang: Lang) -> &'static str {
    pick(
        lang,
        [
            "In the Mermaid diagram, a solid line (`--`) is data copied into the document; a dashed line (`..`) \
             is a reference the application resolves, or data kept outside MongoDB.",
            "En el diagrama Mermaid, una línea continua (`--`) son datos copiados en el documento; una línea \
             discontinua (`..`), una referencia que resuelve la aplicación o datos guardados fuera de MongoDB.",
            "No diagrama Mermaid, uma linha contínua (`--`) são dados copiados para o documento; uma linha \
             tracejada (`..`), uma referência que a aplicação resolve ou dados mantidos fora do MongoDB.",
        ],
    )
}

/// The diagram of `model` as a Mermaid file (`.mmd`): the legend as `%%` comment lines, then
/// the `erDiagram`.
pub fn er_text(model: &Model, lang: Lang) -> String {
    let mut out = String::new();
    for line in legend(lang).split_inclusive("; ") {
        out.push_str("%% ");
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str(&diagram(model, lang));
    out
}

/// The ```` ```mermaid ```` block of `model`'s diagram, with a legend line after it.
pub fn er_diagram(model: &Model, lang: Lang) -> String {
    let mut out = String::from("```mermaid\n");
    out.push_str(&diagram(model, lang));
    out.push_str("```\n\n");
    out.push_str(legend(lang));
    out.push_str("\n\n");
    out
}

/// What changed in a design, for the diagram of a change (`docshape diff`): each entity (by
/// id), top-level field (by entity id and name) and relation (by id) marked with a symbol,
/// `+` added, `-` removed, `~` changed, written before its name or label, so the mark reads
/// without colour. A changed sub-field gets a row of its own under its top-level field (by
/// entity id and that field's name), as the app's compare view marks it at its own row.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Marks {
    pub entities: HashMap<String, char>,
    pub fields: HashMap<(String, String), char>,
    pub sub_fields: HashMap<(String, String), Vec<SubRow>>,
    pub relations: HashMap<String, char>,
}

/// The row of a marked sub-field: its path from the top-level field down
/// (`["valoracion", "media"]`), its mark, and the field (the new one; the old one when removed;
/// none when it is not known, as for a field above a removed one that went with it).
#[derive(Debug, Clone, PartialEq)]
pub struct SubRow {
    pub path: Vec<String>,
    pub mark: char,
    pub field: Option<Field>,
}

/// A sub-field's row: its type, its path as an attribute name (`valoracion_media`), and the
/// mark with the path as people read it in the comment (`"+ valoracion.media"`).
fn sub_row(out: &mut String, row: &SubRow) {
    let type_word = row.field.as_ref().map_or_else(|| "object".to_string(), type_word);
    let name = attribute(&row.path.join("_"));
    let _ = writeln!(out, "        {type_word} {name} \"{} {}\"", row.mark, label(&row.path.join(".")));
}

/// The ```` ```mermaid ```` block of `model` with the elements of `marks` marked, and the
/// legend of the lines.
pub fn er_diagram_marked(model: &Model, lang: Lang, marks: &Marks) -> String {
    let mut out = String::from("```mermaid\n");
    out.push_str(&diagram_with(model, lang, Some(marks)));
    out.push_str("```\n\n");
    out.push_str(legend(lang));
    out.push_str("\n\n");
    out
}

/// `erDiagram` and its lines.
fn diagram(model: &Model, lang: Lang) -> String {
    diagram_with(model, lang, None)
}

/// `erDiagram` and its lines, with the marks of a change when given.
fn diagram_with(model: &Model, lang: Lang, marks: Option<&Marks>) -> String {
    let ids = identifiers(model);
    let mut out = String::from("erDiagram\n");
    let mark_of = |found: Option<&char>| found.map(|c| format!("{c} ")).unwrap_or_default();
    for e in &model.entities {
        let id = &ids[e.id.as_str()];
        let mark = mark_of(marks.and_then(|m| m.entities.get(e.id.as_str())));
        let shown = format!("{mark}{}", label(&e.name));
        let alias = if &shown == id || shown.is_empty() { String::new() } else { format!("[\"{shown}\"]") };
        if e.fields.is_empty() {
            let _ = writeln!(out, "    {id}{alias}");
            continue;
        }
        let _ = writeln!(out, "    {id}{alias} {{");
        for f in &e.fields {
            let key = (e.id.clone(), f.name.clone());
            match marks.and_then(|m| m.fields.get(&key)) {
                Some(c) => {
                    let _ = writeln!(out, "        {} {} \"{c}\"", type_word(f), attribute(&f.name));
                }
                None => {
                    let _ = writeln!(out, "        {} {}", type_word(f), attribute(&f.name));
                }
            }
            for row in marks.and_then(|m| m.sub_fields.get(&key)).into_iter().flatten() {
                sub_row(&mut out, row);
            }
        }
        out.push_str("    }\n");
    }
    for r in &model.relations {
        let (Some(parent), Some(child)) = (ids.get(r.parent.as_str()), ids.get(r.child.as_str())) else { continue };
        let (left, right) = ends(r);
        let references = r.references() || r.storage == Storage::Outside;
        let line = if references { ".." } else { "--" };
        let mark = mark_of(marks.and_then(|m| m.relations.get(r.id.as_str())));
        let mut words = vec![format!("{mark}{}", r.storage.msg().text(lang))];
        if !references || r.storage == Storage::Bucket {
            words.extend(caption_parts(r, lang));
        }
        let _ = writeln!(out, "    {parent} {left}{line}{right} {child} : \"{}\"", label(&words.join(" · ")));
        // A reference that also carries copies: a second, solid line for the copies.
        if references && r.copies_data() {
            let skip = usize::from(r.storage == Storage::Outside || r.storage == Storage::Bucket);
            let copies = caption_parts(r, lang).into_iter().skip(skip).collect::<Vec<_>>().join(" · ");
            let _ = writeln!(out, "    {parent} {left}--{right} {child} : \"{}\"", label(&copies));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_are_plain_ascii_and_unique() {
        assert_eq!(ident("reseñas"), "rese_as");
        assert_eq!(ident("1st"), "e1st");
        assert_eq!(ident("a b\"c"), "a_b_c");
        assert_eq!(attribute("_id"), "_id");
        assert_eq!(attribute("2x"), "f2x");
    }

    #[test]
    fn repeated_names_number_on_and_never_collide() {
        let mut m = Model::new("x");
        for (i, name) in ["x", "x", "x_2", "X", "x", "a b", "a_b"].iter().enumerate() {
            m.entities.push(crate::model::Entity::new(&format!("e{i}"), name));
        }
        let ids = identifiers(&m);
        let got: Vec<&str> = (0..7).map(|i| ids[format!("e{i}").as_str()].as_str()).collect();
        assert_eq!(got, ["x", "x_2", "x_2_2", "X_3", "x_4", "a_b", "a_b_2"]);
        // Many boxes of one name: each its own identifier, in linear time.
        let mut many = Model::new("many");
        for i in 0..20_000 {
            many.entities.push(crate::model::Entity::new(&format!("e{i}"), "x"));
        }
        let ids = identifiers(&many);
        let distinct: HashSet<String> = ids.values().map(|s| s.to_ascii_lowercase()).collect();
        assert_eq!(distinct.len(), 20_000);
    }

    #[test]
    fn a_bidi_control_is_written_as_its_code_point() {
        assert_eq!(label("b\u{202e}gnp.exe"), "b U+202E gnp.exe");
        assert_eq!(label("a\u{200b}b"), "a U+200B b");
    }

    #[test]
    fn labels_cannot_close_the_quote_or_carry_markup() {
        let l = label("x\" } <script>alert(1)</script> #quot; ```\nend");
        assert!(!l.contains(['"', '<', '>', '#', ';', '`', '{', '}', '\n']), "{l}");
    }
}
