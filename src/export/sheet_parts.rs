//! The sentences of a decision sheet that are read from the model rather than the advisor:
//! the patterns in use, the validator summary, a relation's facts, a copy's category and
//! propagation, each in the language the sheet is written in (seed 001's "ficha de decisión").

use super::document::Builder;
use super::shape::Node;
use super::sheet_index::ReportIndex;
use crate::advisor::{PatternKind, Severity};
use crate::escape::markdown::{code, write_text};
use crate::i18n::{Arg, Labelled, Lang, Text};
use crate::model::{BsonType, CopyCategory, Entity, Propagation, ValidationAction, ValidationLevel, Volatility};
use crate::text;

/// What a sheet prints where it has nothing to say.
pub const NONE: &str = "—";

pub use crate::i18n::pick;

/// A number as Rust prints it (`12.5`, `1440`), with a decimal comma in Spanish and Portuguese.
pub fn decimal(lang: Lang, x: f64) -> String {
    let s = x.to_string();
    if lang == Lang::En {
        s
    } else {
        s.replace('.', ",")
    }
}

/// A severity as the sheet shows it next to a finding.
pub fn severity(lang: Lang, s: Severity) -> &'static str {
    match s {
        Severity::Error => pick(lang, ["error", "error", "erro"]),
        Severity::Warning => pick(lang, ["warning", "aviso", "alerta"]),
        Severity::Info => pick(lang, ["info", "nota", "nota"]),
    }
}

/// `at most 8` / `unbounded`.
pub fn bound(lang: Lang, max: Option<u64>) -> String {
    match max {
        Some(m) => text!(en: "at most {m}", es: "como máximo {m}", pt: "no máximo {m}"; m = m.to_string()).render(lang),
        None => pick(lang, ["unbounded", "sin tope", "sem teto"]).to_string(),
    }
}

/// Appends the patterns the design uses here, read from the model, then the advisor's
/// suggestions, one `- ` line each; returns how many.
pub fn write_patterns(out: &mut String, builder: &Builder, report: &ReportIndex, entity: &Entity, lang: Lang) -> usize {
    let lookup = &builder.lookup;
    let mut lines = 0;
    let mut line = |text: Text| {
        out.push_str("- ");
        write_text(out, &text, lang);
        out.push('\n');
        lines += 1;
    };
    let label = |p: PatternKind| p.msg().text(lang);
    for (_, r) in lookup.parents(&entity.id) {
        if let Some(b) = &r.bucket {
            let ttl = b.ttl_seconds.map(|t| format!(", TTL {t} s")).unwrap_or_default();
            let id = if b.id_scheme.is_empty() {
                Text::empty()
            } else {
                text!(en: ", with `_id` = `{scheme}`", es: ", con `_id` = `{scheme}`", pt: ", com `_id` = `{scheme}`"; scheme = &b.id_scheme)
            };
            line(text!(
                en: "{pattern}: the events of one `{parent}` per {period} in `{array}`, at most {cap} per document (then `…-2`){id}{ttl}.",
                es: "{pattern}: los eventos de un `{parent}` por {period} en `{array}`, como máximo {cap} por documento (después `…-2`){id}{ttl}.",
                pt: "{pattern}: os eventos de um `{parent}` por {period} em `{array}`, no máximo {cap} por documento (depois `…-2`){id}{ttl}.";
                pattern = label(PatternKind::Bucket), parent = lookup.name(&r.parent), period = &b.period,
                array = &b.array_field, cap = b.cap.to_string(), id, ttl
            ));
        }
        if !r.extended.is_empty() {
            line(text!(
                en: "{pattern} to `{parent}`.", es: "{pattern} a `{parent}`.", pt: "{pattern} para `{parent}`.";
                pattern = label(PatternKind::ExtendedReference), parent = lookup.name(&r.parent)
            ));
        }
    }
    for (_, r) in lookup.children(&entity.id) {
        let child = lookup.name(&r.child);
        if let Some(s) = &r.subset {
            line(text!(
                en: "{pattern}: {n} of `{child}` in `{field}`.",
                es: "{pattern}: {n} de `{child}` en `{field}`.",
                pt: "{pattern}: {n} de `{child}` em `{field}`.";
                pattern = label(PatternKind::Subset), n = s.size.to_string(), child = &child, field = &s.field
            ));
        }
        if !r.computed.is_empty() {
            line(
                text!(en: "computed from `{child}`.", es: "calculado a partir de `{child}`.", pt: "calculado a partir de `{child}`."; child = &child),
            );
        }
        if let Some(o) = &r.outlier {
            line(text!(
                en: "{pattern}: flag `{flag}`, overflow in `{overflow}`.",
                es: "{pattern}: indicador `{flag}`, desbordamiento en `{overflow}`.",
                pt: "{pattern}: flag `{flag}`, excedente em `{overflow}`.";
                pattern = label(PatternKind::Outlier), flag = &o.flag_field, overflow = &o.overflow_collection
            ));
        }
    }
    if let Some(d) = &entity.collection.discriminator {
        line(text!(
            en: "{pattern}: variants keyed on `{field}`.",
            es: "{pattern}: variantes según `{field}`.",
            pt: "{pattern}: variantes conforme `{field}`.";
            pattern = label(PatternKind::Polymorphic), field = d
        ));
    }
    if let Some(v) = &entity.collection.schema_version_field {
        line(text!(
            en: "{pattern}: `{field}` in every document.",
            es: "{pattern}: `{field}` en cada documento.",
            pt: "{pattern}: `{field}` em todo documento.";
            pattern = label(PatternKind::SchemaVersioning), field = v
        ));
    }
    for p in report.patterns.get(entity.id.as_str()).into_iter().flatten() {
        let text = if p.in_use {
            text!(
                en: "{pattern} (in use, advisor): {change}",
                es: "{pattern} (en uso, asesor): {change}",
                pt: "{pattern} (em uso, assistente): {change}";
                pattern = label(p.pattern), change = p.change.clone()
            )
        } else {
            text!(
                en: "{pattern} (suggested, advisor): {change}",
                es: "{pattern} (sugerido, asesor): {change}",
                pt: "{pattern} (sugerido, assistente): {change}";
                pattern = label(p.pattern), change = p.change.clone()
            )
        };
        line(text);
    }
    lines
}

/// Appends the validator's summary: required fields, level and action, array caps. (Writing to
/// a `String` cannot fail, so the results are ignored.)
pub fn write_validator_summary(out: &mut String, builder: &Builder, entity: &Entity, lang: Lang) {
    if !entity.collection.validate {
        let none = text!(
            en: "None: `validate` is off in the model (write one, even in \"warn\": it is executable documentation).\n",
            es: "Ninguno: `validate` está desactivado en el modelo (escribe uno, aunque sea en \"warn\": es documentación ejecutable).\n",
            pt: "Nenhum: `validate` está desativado no modelo (escreva um, mesmo em \"warn\": é documentação executável).\n"
        );
        write_text(out, &none, lang);
        return;
    }
    // The summary reads the shape directly: no need to build the schema again.
    let Some(shape) = builder.shape(&entity.id) else {
        out.push_str(NONE);
        out.push('\n');
        return;
    };
    let required = shape.fields.iter().filter(|n| n.required && n.name != "_id").count();
    let level = match entity.collection.validation_level {
        ValidationLevel::Strict => "strict",
        ValidationLevel::Moderate => "moderate",
        ValidationLevel::Off => "off",
    };
    let action = match entity.collection.validation_action {
        ValidationAction::Error => "error",
        ValidationAction::Warn => "warn",
    };
    let mut caps = Vec::new();
    collect_caps(&shape.fields, &mut String::new(), &mut caps);
    let variants = if shape.variants.is_empty() {
        Text::empty()
    } else {
        text!(
            en: "; `oneOf` on `{field}` ({values})",
            es: "; `oneOf` según `{field}` ({values})",
            pt: "; `oneOf` conforme `{field}` ({values})";
            field = shape.discriminator.as_deref().unwrap_or("?"),
            values = shape.variants.iter().map(|v| v.value.as_str()).collect::<Vec<_>>().join(", ")
        )
    };
    let summary = text!(
        en: "- `$jsonSchema` with {required} required fields, validationLevel `{level}`, validationAction `{action}`, additionalProperties `{additional}`{variants}.\n- Array caps: ",
        es: "- `$jsonSchema` con {required} campos obligatorios, validationLevel `{level}`, validationAction `{action}`, additionalProperties `{additional}`{variants}.\n- Topes de arrays: ",
        pt: "- `$jsonSchema` com {required} campos obrigatórios, validationLevel `{level}`, validationAction `{action}`, additionalProperties `{additional}`{variants}.\n- Tetos de arrays: ";
        required = required.to_string(), level, action,
        additional = if entity.collection.additional_properties { "true" } else { "false" },
        variants
    );
    write_text(out, &summary, lang);
    // Each cap is a code span already (see `collect_caps`).
    out.push_str(&if caps.is_empty() { NONE.to_string() } else { caps.join(", ") });
    out.push_str(".\n");
}

/// `path` is the dotted prefix of `nodes` (empty at the top); it is restored before returning.
fn collect_caps(nodes: &[Node], path: &mut String, out: &mut Vec<String>) {
    for n in nodes {
        let len = path.len();
        path.push_str(&n.name);
        if let (BsonType::Array, Some(max)) = (n.ty, n.constraints.max_items) {
            out.push(format!("{} ≤ {max}", code(path)));
        }
        path.push('.');
        collect_caps(&n.children, path, out);
        path.truncate(len);
    }
}

/// A sub-document declared in the document: `array of sub-documents (3 typical, at most 8)`.
pub fn sub_label(n: &Node, lang: Lang) -> String {
    match (n.ty, n.count) {
        (BsonType::Array, Some(c)) => {
            let cap = match n.constraints.max_items.or(c.max) {
                Some(m) => format!(", {}", bound(lang, Some(m))),
                None => pick(lang, [", no cap", ", sin tope", ", sem teto"]).to_string(),
            };
            text!(
                en: "array of sub-documents ({typical} typical{cap})",
                es: "array de subdocumentos (habitualmente {typical}{cap})",
                pt: "array de subdocumentos (normalmente {typical}{cap})";
                typical = decimal(lang, c.typical), cap
            )
            .render(lang)
        }
        _ => pick(lang, ["sub-document", "subdocumento", "subdocumento"]).to_string(),
    }
}

/// Why an embedding is there when the advisor has no summary: the relation's facts.
pub fn facts(max: Option<u64>, read_separately: bool, changes: Volatility, atomic: bool) -> Text {
    let bound = match max {
        Some(m) => text!(en: "bounded at {m}", es: "con tope de {m}", pt: "com teto de {m}"; m = m.to_string()),
        None => text!(en: "unbounded", es: "sin tope", pt: "sem teto"),
    };
    let read = if read_separately {
        text!(en: "read on its own too", es: "también se lee por separado", pt: "também é lido separadamente")
    } else {
        text!(en: "not read without its parent", es: "no se lee sin su padre", pt: "não é lido sem o pai")
    };
    let changes = match changes {
        Volatility::Never => text!(en: "never changes", es: "nunca cambia", pt: "nunca muda"),
        v => text!(en: "changes {how}", es: "cambia {how}", pt: "muda {how}"; how = Arg::Msg(v.msg())),
    };
    let atomic = if atomic {
        text!(
            en: "; must change atomically with the parent",
            es: "; debe cambiar de forma atómica con el padre",
            pt: "; deve mudar de forma atômica com o pai"
        )
    } else {
        Text::empty()
    };
    text!(
        en: "From the model: {bound}, {read}, {changes}{atomic}.",
        es: "Según el modelo: {bound}, {read}, {changes}{atomic}.",
        pt: "Segundo o modelo: {bound}, {read}, {changes}{atomic}.";
        bound, read, changes, atomic
    )
}

/// A copy's category, as the copies table shows it.
pub fn category(c: CopyCategory, lang: Lang) -> &'static str {
    match c {
        CopyCategory::Immutable => pick(lang, ["immutable", "inmutable", "imutável"]),
        CopyCategory::Historical => {
            pick(lang, ["historical (frozen)", "histórico (congelado)", "histórico (congelado)"])
        }
        CopyCategory::Live => pick(lang, ["live", "vivo", "vivo"]),
    }
}

/// A copy's propagation, as the copies table shows it.
pub fn propagation(c: CopyCategory, p: Option<Propagation>, lang: Lang) -> &'static str {
    match (c, p) {
        (_, Some(Propagation::Immediate)) => pick(
            lang,
            ["immediate (update every copy)", "inmediata (actualiza cada copia)", "imediata (atualize cada cópia)"],
        ),
        (_, Some(Propagation::Deferred)) => pick(
            lang,
            ["deferred (job + reconciliation)", "diferida (tarea + conciliación)", "adiada (job + reconciliação)"],
        ),
        (_, Some(Propagation::Reread)) => pick(
            lang,
            ["re-read (follow the reference)", "relectura (sigue la referencia)", "releitura (siga a referência)"],
        ),
        (CopyCategory::Live, None) => pick(
            lang,
            [
                "**none: a live copy needs a plan**",
                "**ninguna: una copia viva necesita un plan**",
                "**nenhuma: uma cópia viva precisa de um plano**",
            ],
        ),
        (_, None) => pick(lang, ["never (not needed)", "nunca (no hace falta)", "nunca (não é necessária)"]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_read_in_each_language() {
        let f = facts(Some(1440), true, Volatility::Often, true);
        assert_eq!(
            f.en(),
            "From the model: bounded at 1440, read on its own too, changes often; must change atomically with the parent."
        );
        assert_eq!(
            f.render(Lang::Es),
            "Según el modelo: con tope de 1440, también se lee por separado, cambia a menudo; debe cambiar de forma atómica con el padre."
        );
        assert_eq!(
            facts(None, false, Volatility::Never, false).render(Lang::Pt),
            "Segundo o modelo: sem teto, não é lido sem o pai, nunca muda."
        );
        assert!(f.check().is_ok(), "{:?}", f.check());
    }

    #[test]
    fn figures_take_the_decimal_comma() {
        assert_eq!(decimal(Lang::En, 2.5), "2.5");
        assert_eq!(decimal(Lang::Es, 2.5), "2,5");
        assert_eq!(decimal(Lang::Pt, 1440.0), "1440");
        assert_eq!(bound(Lang::Pt, Some(20)), "no máximo 20");
        assert_eq!(bound(Lang::Es, None), "sin tope");
        assert_eq!(propagation(CopyCategory::Live, None, Lang::Es), "**ninguna: una copia viva necesita un plan**");
        assert_eq!(category(CopyCategory::Historical, Lang::Pt), "histórico (congelado)");
    }
}
