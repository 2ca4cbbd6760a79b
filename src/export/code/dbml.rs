//! The design as DBML (dbdiagram.io, dbdocs): one table per collection, whose columns are the
//! documents' fields by dot path (`valoracion.media`, `autores.autor_id`), and one per entity
//! kept outside MongoDB. Relations are `Ref`s of two kinds, told apart by name and colour as
//! the canvas tells them apart by line: `reference_…` (grey) for a reference the application
//! resolves, drawn dashed on the canvas, and `copy_…` (blue) for data copied into a document
//! (an extended reference's fields, a subset), drawn solid. Every name and note goes through
//! [`crate::escape::dbml`].

use super::design::{Design, Record, Ty};
use crate::escape::dbml::{name as q, string};
use crate::export::shape::{Node, Role};
use crate::export::{pick, Builder};
use crate::i18n::Lang;
use crate::model::BsonType;
use std::collections::HashSet;

const REFERENCE_COLOUR: &str = "#8a8f98";
const COPY_COLOUR: &str = "#2f6fde";

struct Table<'a> {
    name: String,
    columns: Vec<String>,
    lines: String,
    refs: Vec<(&'a Node<'a>, String)>,
}

/// The DBML of `design`; the project note (the legend) is in `lang`.
pub fn render(design: &Design, builder: &Builder, lang: Lang) -> String {
    let model = builder.lookup.model;
    let mut out = String::with_capacity(design.records.len() * 400 + 1024);
    out.push_str(&format!(
        "Project {} {{\n  database_type: 'MongoDB'\n  Note: {}\n}}\n",
        q(&model.name),
        string(legend(lang))
    ));
    let mut tables = Vec::new();
    for c in &design.collections {
        let mut t = Table { name: c.name.clone(), columns: Vec::new(), lines: String::new(), refs: Vec::new() };
        columns(&mut t, design, &design.records[c.root], "", None);
        for v in &c.variants {
            let when = format!("{} {}", c.discriminator.as_deref().unwrap_or_default(), v.value);
            columns(&mut t, design, &design.records[v.record], "", Some(&when));
        }
        tables.push(t);
    }
    let externals: Vec<_> = model.entities.iter().filter(|e| e.is_external()).collect();
    for e in &externals {
        let mut t = Table { name: e.name.clone(), columns: Vec::new(), lines: String::new(), refs: Vec::new() };
        if let Some(shape) = builder.shape(&e.id) {
            for node in &shape.fields {
                column(&mut t, &node.name, &type_word(&Ty::Scalar(node.ty)), node, None, None);
            }
        }
        tables.push(t);
    }
    for (i, t) in tables.iter().enumerate() {
        let note = match externals.get(i.wrapping_sub(design.collections.len())) {
            Some(e) if i >= design.collections.len() => {
                format!(
                    " [note: {}]",
                    string(&format!("Kept outside MongoDB ({}).", e.system.as_deref().unwrap_or("?")))
                )
            }
            _ => String::new(),
        };
        out.push_str(&format!("\nTable {}{note} {{\n{}}}\n", q(&t.name), t.lines));
    }
    refs(&mut out, builder, &tables);
    out
}

fn legend(lang: Lang) -> &'static str {
    pick(
        lang,
        [
            "Refs named copy_… (blue) are data copied into the document (solid lines on the canvas); refs named \
             reference_… (grey) are references the application resolves (dashed lines).",
            "Las refs llamadas copy_… (azules) son datos copiados en el documento (líneas continuas en el lienzo); \
             las llamadas reference_… (grises), referencias que resuelve la aplicación (líneas discontinuas).",
            "As refs chamadas copy_… (azuis) são dados copiados para o documento (linhas contínuas na tela); as \
             chamadas reference_… (cinza), referências que a aplicação resolve (linhas tracejadas).",
        ],
    )
}

/// The columns of `record` under `prefix`; `when` names the variant that has them.
fn columns<'a>(t: &mut Table<'a>, design: &'a Design, record: &'a Record<'a>, prefix: &str, when: Option<&str>) {
    for p in &record.props {
        let path = format!("{prefix}{}", p.name());
        column(t, &path, &type_word(&p.ty), p.node, p.note.as_deref(), when);
        let mut ty = &p.ty;
        while let Ty::Array(inner) = ty {
            ty = inner;
        }
        if let Ty::Record(i) = ty {
            columns(t, design, &design.records[*i], &format!("{path}."), when);
        }
        if p.reference.is_some() || matches!(p.node.role, Role::Copy { .. } | Role::SubsetItems(_)) {
            t.refs.push((p.node, path));
        }
    }
}

fn column(t: &mut Table, path: &str, ty: &str, node: &Node, note: Option<&str>, when: Option<&str>) {
    if t.columns.iter().any(|c| c == path) {
        return;
    }
    t.columns.push(path.to_string());
    let mut settings = Vec::new();
    if node.name == "_id" && !path.contains('.') {
        settings.push("pk".to_string());
    } else if node.required && when.is_none() {
        settings.push("not null".to_string());
    }
    let mut notes: Vec<String> = note.map(str::to_string).into_iter().collect();
    if let Some(when) = when {
        notes.push(format!("Only when {when}."));
    }
    if !notes.is_empty() {
        settings.push(format!("note: {}", string(&notes.join(" "))));
    }
    let settings = if settings.is_empty() { String::new() } else { format!(" [{}]", settings.join(", ")) };
    t.lines.push_str(&format!("  {} {}{settings}\n", q(path), q(ty)));
}

fn type_word(ty: &Ty) -> String {
    match ty {
        Ty::Scalar(t) => t.name().to_string(),
        Ty::Record(_) | Ty::Open => BsonType::Object.name().to_string(),
        Ty::Array(inner) => format!("{}[]", type_word(inner)),
    }
}

/// `Ref`s for the references and copies, each pair of columns once.
fn refs(out: &mut String, builder: &Builder, tables: &[Table]) {
    let lookup = &builder.lookup;
    let by_name: std::collections::HashMap<&str, &Table> = tables.iter().rev().map(|t| (t.name.as_str(), t)).collect();
    let table_of = |entity: &str| by_name.get(lookup.entity(entity)?.name.as_str()).copied();
    let id_column = |t: &Table| {
        ["_id", "id"]
            .into_iter()
            .map(str::to_string)
            .find(|c| t.columns.contains(c))
            .or_else(|| t.columns.iter().find(|c| c.ends_with("_id")).cloned())
    };
    let mut seen = HashSet::new();
    let (mut copies, mut references) = (0, 0);
    for t in tables {
        for (node, path) in &t.refs {
            let (kind, target, target_column) = match &node.role {
                Role::Copy { rel, source } => {
                    let Some(parent) = lookup.relation(*rel).and_then(|r| table_of(&r.parent)) else { continue };
                    ("copy", parent, Some(source.clone()))
                }
                Role::SubsetItems(rel) => {
                    let Some(child) = lookup.relation(*rel).and_then(|r| table_of(&r.child)) else { continue };
                    ("copy", child, id_column(child))
                }
                Role::ParentRef(rel) => {
                    let Some(parent) = lookup.relation(*rel).and_then(|r| table_of(&r.parent)) else { continue };
                    ("reference", parent, id_column(parent))
                }
                Role::ChildIds(rel) => {
                    let Some(child) = lookup.relation(*rel).and_then(|r| table_of(&r.child)) else { continue };
                    ("reference", child, id_column(child))
                }
                _ => continue,
            };
            let Some(target_column) = target_column.filter(|c| target.columns.contains(c)) else { continue };
            if !seen.insert((t.name.clone(), path.clone(), target.name.clone(), target_column.clone())) {
                continue;
            }
            let (n, colour) = if kind == "copy" {
                copies += 1;
                (copies, COPY_COLOUR)
            } else {
                references += 1;
                (references, REFERENCE_COLOUR)
            };
            out.push_str(&format!(
                "\nRef {kind}_{n}: {}.{} > {}.{} [color: {colour}]\n",
                q(&t.name),
                q(path),
                q(&target.name),
                q(&target_column)
            ));
        }
    }
}
