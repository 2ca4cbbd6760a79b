//! The sentence of each observation in English, Spanish and Portuguese, built from its code
//! and figures (the English is the `message` the importer stores and prints).
//!
//! The figures are named per code (`observations.rs` fills them, the model file keeps them):
//!
//! | code | figures | shares |
//! |---|---|---|
//! | `untracked-fields` | `paths`, `untracked` | |
//! | `doc-over-limit`, `doc-over-atlas`, `doc-over-target` | `documents`, `max`, `median`, `limit` | |
//! | `doc-near-limit` | `documents`, `max`, `median` | |
//! | `tiny-documents` | `documents`, `median` | |
//! | `array-outlier` | `p99`, `max`, `arrays`, `few` | |
//! | `array-over-atlas`, `array-over-warn` | `arrays`, `limit`, `max` | |
//! | `mixed-types` | | types and their share of the values |
//! | `string-formats` | | formats and their share of the strings |
//!
//! `count` (documents, arrays or values concerned) and the field path come with every
//! observation.

use crate::i18n::{Arg, Text};
use crate::model::MeasuredShare;
use crate::text;
use std::collections::BTreeMap;

/// The observation's sentence, or `None` when a figure it states is missing (a model file saved
/// before the figures were kept, or an unknown code).
pub fn observation_text(
    code: &str,
    path: Option<&str>,
    count: u64,
    figures: &BTreeMap<String, u64>,
    shares: &[MeasuredShare],
) -> Option<Text> {
    let fig = |name: &str| figures.get(name).copied().map(Arg::Int);
    let n = Arg::Int(count);
    Some(match code {
        "untracked-fields" => text!(
            en: "More than {paths} distinct field paths: {untracked} field occurrences were not analysed. Keys that are data (ids, dates as keys) suggest the attribute pattern: an array of {k, v} pairs.",
            es: "Más de {paths} rutas de campo distintas: {untracked} apariciones de campos no se analizaron. Las claves que son datos (ids, fechas como claves) sugieren el patrón de atributos: un array de pares {k, v}.",
            pt: "Mais de {paths} caminhos de campo distintos: {untracked} ocorrências de campos não foram analisadas. Chaves que são dados (ids, datas como chaves) sugerem o padrão de atributos: um array de pares {k, v}.";
            paths = fig("paths")?, untracked = fig("untracked")?
        ),
        "doc-over-limit" | "doc-near-limit" | "doc-over-atlas" | "doc-over-target" => text!(
            en: "{n} of {documents} documents are {what}; the largest is {max} bytes (median {median}). Move large or rarely read parts to their own collection.",
            es: "{n} de {documents} documentos están {what}; el mayor tiene {max} bytes (mediana {median}). Lleva las partes grandes o que se leen poco a su propia colección.",
            pt: "{n} de {documents} documentos estão {what}; o maior tem {max} bytes (mediana {median}). Leve as partes grandes ou pouco lidas para uma coleção própria.";
            n, documents = fig("documents")?, what = document_size(code, figures)?, max = fig("max")?,
            median = fig("median")?
        ),
        "tiny-documents" => text!(
            en: "The median of {documents} sampled documents is {median} bytes: if the collection holds millions of such events, per-document overhead outweighs the data; consider the bucket pattern.",
            es: "La mediana de {documents} documentos de muestra es de {median} bytes: si la colección guarda millones de eventos así, el coste fijo de cada documento pesa más que los datos; considera el patrón de agrupación (bucket).",
            pt: "A mediana de {documents} documentos de amostra é de {median} bytes: se a coleção guarda milhões de eventos assim, o custo fixo de cada documento pesa mais que os dados; considere o padrão bucket.";
            documents = fig("documents")?, median = fig("median")?
        ),
        "array-outlier" => text!(
            en: "99% of `{path}` arrays have ≤ {p99} items; the largest has {max} ({n} of {arrays} arrays over {few}): outlier pattern, flag those documents (e.g. `has_extras`) and move the overflow to its own collection.",
            es: "El 99% de los arrays `{path}` tiene ≤ {p99} elementos; el mayor tiene {max} ({n} de {arrays} arrays pasan de {few}): patrón de valor atípico, marca esos documentos (p. ej., `has_extras`) y lleva el desbordamiento a su propia colección.",
            pt: "99% dos arrays `{path}` têm ≤ {p99} itens; o maior tem {max} ({n} de {arrays} arrays passam de {few}): padrão outlier, sinalize esses documentos (p. ex., `has_extras`) e leve o excedente para uma coleção própria.";
            path = path?, p99 = fig("p99")?, max = fig("max")?, n, arrays = fig("arrays")?, few = fig("few")?
        ),
        "array-over-atlas" | "array-over-warn" => text!(
            en: "{n} of {arrays} `{path}` arrays have more than {limit} items (largest {max}): arrays this long hurt updates and indexes; reference the items or bucket them.",
            es: "{n} de {arrays} arrays `{path}` tienen más de {limit} elementos (el mayor, {max}): arrays tan largos perjudican las actualizaciones y los índices; referencia los elementos o agrúpalos en contenedores (bucket).",
            pt: "{n} de {arrays} arrays `{path}` têm mais de {limit} itens (o maior, {max}): arrays tão longos prejudicam as atualizações e os índices; referencie os itens ou agrupe-os em buckets.";
            n, arrays = fig("arrays")?, path = path?, limit = fig("limit")?, max = fig("max")?
        ),
        "mixed-types" => mixed_types(path?, shares)?,
        "string-formats" => {
            let list = shares.iter().map(|s| {
                text!(en: "\"{label}\" {share}", es: "\"{label}\" {share}", pt: "\"{label}\" {share}"; label = &s.label, share = share(s.share))
            });
            text!(
                en: "`{path}` strings come in {k} formats ({list}; 9 = digits, a = letters): normalize them on write and add a `pattern` to the validator.",
                es: "Las cadenas de `{path}` llegan en {k} formatos ({list}; 9 = dígitos, a = letras): normalízalas al escribir y añade un `pattern` al validador.",
                pt: "As strings de `{path}` chegam em {k} formatos ({list}; 9 = dígitos, a = letras): normalize-as na escrita e adicione um `pattern` ao validador.";
                path = path?, k = shares.len(), list = commas(list.collect())?
            )
        }
        _ => return None,
    })
}

/// What the documents over a size threshold are, by code.
fn document_size(code: &str, figures: &BTreeMap<String, u64>) -> Option<Text> {
    let limit = || figures.get("limit").copied().map(Arg::Int);
    Some(match code {
        "doc-over-limit" => text!(
            en: "over the 16 MiB BSON limit ({limit} bytes): MongoDB refuses them (BSONObjectTooLarge)",
            es: "por encima del límite BSON de 16 MiB ({limit} bytes): MongoDB los rechaza (BSONObjectTooLarge)",
            pt: "acima do limite BSON de 16 MiB ({limit} bytes): o MongoDB os recusa (BSONObjectTooLarge)";
            limit = limit()?
        ),
        "doc-near-limit" => text!(
            en: "over 80% of the 16 MiB BSON limit: the next growth may break the writes",
            es: "por encima del 80% del límite BSON de 16 MiB: el próximo crecimiento puede romper las escrituras",
            pt: "acima de 80% do limite BSON de 16 MiB: o próximo crescimento pode quebrar as escritas"
        ),
        "doc-over-atlas" => text!(
            en: "over {limit} bytes, which Atlas flags",
            es: "por encima de {limit} bytes, lo que Atlas señala",
            pt: "acima de {limit} bytes, o que o Atlas sinaliza";
            limit = limit()?
        ),
        _ => text!(
            en: "over {limit} bytes; aim for documents under 1 MB",
            es: "por encima de {limit} bytes; procura que los documentos ocupen menos de 1 MB",
            pt: "acima de {limit} bytes; procure manter os documentos abaixo de 1 MB";
            limit = limit()?
        ),
    })
}

fn mixed_types(path: &str, shares: &[MeasuredShare]) -> Option<Text> {
    let numeric_only = shares.iter().all(|s| matches!(s.label.as_str(), "int" | "long" | "double"));
    let list = commas(
        shares
            .iter()
            .map(|s| text!(en: "{label} {share}", es: "{label} {share}", pt: "{label} {share}"; label = &s.label, share = share(s.share)))
            .collect(),
    )?;
    let k = shares.len();
    Some(if numeric_only {
        text!(
            en: "`{path}` is stored as {k} types ({list}): numbers of several widths; check whether every writer stores the same numeric type.",
            es: "`{path}` se guarda con {k} tipos ({list}): números de varios tamaños; comprueba si todos los escritores guardan el mismo tipo numérico.",
            pt: "`{path}` é gravado com {k} tipos ({list}): números de vários tamanhos; verifique se todos os escritores gravam o mesmo tipo numérico.";
            path, k, list
        )
    } else {
        text!(
            en: "`{path}` is stored as {k} types ({list}): readers must handle each; validate the field with $jsonSchema and migrate the old shapes.",
            es: "`{path}` se guarda con {k} tipos ({list}): los lectores tienen que manejar cada uno; valida el campo con $jsonSchema y migra las formas antiguas.",
            pt: "`{path}` é gravado com {k} tipos ({list}): os leitores precisam lidar com cada um; valide o campo com $jsonSchema e migre os formatos antigos.";
            path, k, list
        )
    })
}

/// A share as the importer has always written it: one decimal at most, never rounding a
/// partial share to 100% or a non-zero one to 0% (`>99.9%`, `<0.1%`).
fn share(s: f64) -> Text {
    let p = s * 100.0;
    if p > 99.95 && p < 100.0 {
        text!(en: ">99.9%", es: ">99,9%", pt: ">99,9%")
    } else if p > 0.0 && p < 0.05 {
        text!(en: "<0.1%", es: "<0,1%", pt: "<0,1%")
    } else if p == p.round() {
        text!(en: "{p}", es: "{p}", pt: "{p}"; p = Arg::Percent(p / 100.0))
    } else {
        // Rounded to one decimal exactly as the importer's `{:.1}` does.
        let tenths: f64 = format!("{p:.1}").parse().unwrap_or(p);
        if tenths.fract() == 0.0 {
            // A partial share that rounds to a whole one keeps its decimal: `92.0%`.
            text!(en: "{p}.0%", es: "{p},0%", pt: "{p},0%"; p = Arg::Int(tenths as u64))
        } else {
            text!(en: "{p}", es: "{p}", pt: "{p}"; p = Arg::Percent(tenths / 100.0))
        }
    }
}

/// Texts joined with commas (`int 50%, string 50%`); `None` for no items.
fn commas(items: Vec<Text>) -> Option<Text> {
    let mut rest = items.into_iter().rev();
    let mut out = rest.next()?;
    for item in rest {
        out = text!(en: "{a}, {b}", es: "{a}, {b}", pt: "{a}, {b}"; a = item, b = out);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    fn figures(pairs: &[(&str, u64)]) -> BTreeMap<String, u64> {
        pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect()
    }

    fn shares(pairs: &[(&str, f64)]) -> Vec<MeasuredShare> {
        pairs.iter().map(|(label, share)| MeasuredShare { label: label.to_string(), share: *share }).collect()
    }

    #[test]
    fn document_sizes_read_as_the_importer_wrote_them_and_translate() {
        let f = figures(&[("documents", 12_000), ("max", 17_000_000), ("median", 5_200), ("limit", 16_777_216)]);
        let t = observation_text("doc-over-limit", None, 3, &f, &[]).expect("all figures");
        assert_eq!(
            t.en(),
            "3 of 12,000 documents are over the 16 MiB BSON limit (16,777,216 bytes): MongoDB refuses them \
             (BSONObjectTooLarge); the largest is 17,000,000 bytes (median 5,200). Move large or rarely read parts to \
             their own collection."
        );
        assert!(t
            .render(Lang::Es)
            .starts_with("3 de 12.000 documentos están por encima del límite BSON de 16 MiB (16.777.216 bytes)"));
        let near = observation_text("doc-near-limit", None, 3, &f, &[]).expect("no limit needed");
        assert!(near.render(Lang::Pt).contains("acima de 80% do limite BSON de 16 MiB"), "{}", near.render(Lang::Pt));
        let tiny = observation_text("tiny-documents", None, 12_000, &f, &[]).expect("documents and median");
        assert_eq!(
            tiny.render(Lang::Pt),
            "A mediana de 12.000 documentos de amostra é de 5.200 bytes: se a coleção guarda milhões de eventos assim, \
             o custo fixo de cada documento pesa mais que os dados; considere o padrão bucket."
        );
        let untracked = figures(&[("paths", 2_000), ("untracked", 45_310)]);
        let t = observation_text("untracked-fields", None, 45_310, &untracked, &[]).expect("paths and untracked");
        assert!(t.en().starts_with("More than 2,000 distinct field paths: 45,310 field occurrences"));
        assert!(t.render(Lang::Es).ends_with("un array de pares {k, v}."), "{}", t.render(Lang::Es));
    }

    #[test]
    fn a_missing_figure_or_an_unknown_code_gives_no_sentence() {
        let partial = figures(&[("documents", 12_000), ("max", 17_000_000)]);
        assert!(observation_text("doc-over-atlas", None, 3, &partial, &[]).is_none());
        assert!(
            observation_text(
                "array-outlier",
                None,
                3,
                &figures(&[("p99", 3), ("max", 9), ("arrays", 200), ("few", 100)]),
                &[]
            )
            .is_none(),
            "no path"
        );
        assert!(observation_text("mixed-types", Some("n"), 3, &BTreeMap::new(), &[]).is_none(), "no types");
        assert!(observation_text("something-new", None, 3, &partial, &[]).is_none());
    }

    #[test]
    fn shares_keep_the_importers_rounding_in_each_language() {
        let s = shares(&[("int", 0.9996), ("long", 0.0004), ("double", 0.9198), ("string", 0.125)]);
        let t = observation_text("mixed-types", Some("n"), 10, &BTreeMap::new(), &s).expect("types");
        assert_eq!(
            t.en(),
            "`n` is stored as 4 types (int >99.9%, long <0.1%, double 92.0%, string 12.5%): readers must handle each; \
             validate the field with $jsonSchema and migrate the old shapes."
        );
        assert!(
            t.render(Lang::Es).contains("(int >99,9%, long <0,1%, double 92,0%, string 12,5%)"),
            "{}",
            t.render(Lang::Es)
        );
        let numbers = shares(&[("int", 0.5), ("double", 0.5)]);
        let t = observation_text("mixed-types", Some("n"), 10, &BTreeMap::new(), &numbers).expect("types");
        assert!(t
            .render(Lang::Pt)
            .ends_with("números de vários tamanhos; verifique se todos os escritores gravam o mesmo tipo numérico."));
    }
}
