use crate::advisor::{Context, Finding, Rule, RuleMeta, Severity};
use crate::declare_rule;
use crate::i18n::Text;
use crate::infer::observation_text;
use crate::model::{Id, Place};
use crate::text;

declare_rule! {
    /// ## What it does
    /// Reports what sample documents showed about a collection (from `docshape infer` or the
    /// import dialog): an array whose 99th percentile is small but whose maximum is huge (an
    /// outlier case), a field seen with several types or several formats, documents near or
    /// over MongoDB's size thresholds, floods of tiny documents. Each finding carries the
    /// figures and the number of documents sampled.
    ///
    /// ## Why is this bad?
    /// A design drawn from guesses goes wrong in production: "a design tried on 200 documents
    /// always looks good" (the BiblioRed lesson, "Errores comunes y consejos", error 5). Three
    /// phone formats living side by side are discovered in the report ("Modelagem de Documentos");
    /// an array that is 40 items for 99% of documents and 50,000 for a few breaks the 16 MiB limit
    /// for those few.
    ///
    /// ## Example
    /// `seguidores` has p99 40 items and a maximum of 50,000 in 10,000 sampled users.
    ///
    /// ## Use instead
    /// Design for the common case and flag the outliers (outlier pattern); normalise the field
    /// to one type and add a `$jsonSchema` rule; move large parts to their own collection.
    ///
    /// ## References
    /// The BiblioRed lesson on document modelling, "Patrón: valor atípico (outlier)" and "Errores
    /// comunes y consejos" ("Error 5"); "Modelagem de Documentos", "Como isso falha em produção"
    /// ("Nenhuma validação"); MongoDB Atlas schema suggestions.
    pub MeasuredData {
        code: "DS601",
        name: "measured-data",
        category: Measured,
        severity: Warning,
    }
}

/// How serious each measured observation is.
fn severity(code: &str) -> Severity {
    match code {
        "doc-over-limit" => Severity::Error,
        "array-outlier" | "array-over-atlas" | "array-over-warn" | "mixed-types" | "string-formats"
        | "doc-near-limit" | "doc-over-atlas" => Severity::Warning,
        _ => Severity::Info,
    }
}

fn advice(code: &str) -> Text {
    match code {
        "array-outlier" => text!(
            en: "Design for the common case: cap the array and flag the few overflowing documents (outlier pattern), or reference the children for all if many overflow.",
            es: "Diseña para el caso común: pon un tope al array y marca los pocos documentos que desbordan (patrón de valor atípico), o referencia los hijos para todos si desbordan muchos.",
            pt: "Projete para o caso comum: coloque um teto no array e sinalize os poucos documentos que transbordam (padrão outlier), ou referencie os filhos para todos se muitos transbordarem."
        ),
        "array-over-atlas" | "array-over-warn" => text!(
            en: "Stop embedding this array: reference the children, or bucket them.",
            es: "Deja de embeber este array: referencia los hijos o agrúpalos en contenedores (bucket).",
            pt: "Pare de embutir este array: referencie os filhos ou agrupe-os em buckets."
        ),
        "mixed-types" | "string-formats" => text!(
            en: "Normalise the field to one type and format, and enforce it with a $jsonSchema rule.",
            es: "Normaliza el campo a un solo tipo y formato, y exígelo con una regla $jsonSchema.",
            pt: "Normalize o campo para um só tipo e formato, e garanta-o com uma regra $jsonSchema."
        ),
        "doc-over-limit" | "doc-near-limit" | "doc-over-atlas" | "doc-over-target" => text!(
            en: "Move large or rarely read parts to their own collection; reference unbounded children.",
            es: "Lleva las partes grandes o que se leen poco a su propia colección; referencia los hijos sin límite.",
            pt: "Leve as partes grandes ou pouco lidas para uma coleção própria; referencie os filhos sem limite."
        ),
        "tiny-documents" => text!(
            en: "Group the small documents per entity and period (bucket pattern).",
            es: "Reúne los documentos pequeños en contenedores por entidad y periodo (patrón de agrupación).",
            pt: "Agrupe os documentos pequenos por entidade e período (padrão bucket)."
        ),
        _ => text!(
            en: "Review the field's definition against what the data shows.",
            es: "Revisa la definición del campo frente a lo que muestran los datos.",
            pt: "Revise a definição do campo diante do que os dados mostram."
        ),
    }
}

impl Rule for MeasuredData {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for entity in &cx.model.entities {
            let Some(measured) = &entity.measured else { continue };
            for note in &measured.observations {
                let place = match &note.path {
                    Some(path) => Place::Field { entity: Id::new(&entity.id), path: Id::new(path) },
                    None => Place::Entity { id: Id::new(&entity.id) },
                };
                // Built from the figures; a file saved before they were kept has only the
                // English message, shown as written.
                let observation =
                    observation_text(&note.code, note.path.as_deref(), note.count, &note.figures, &note.shares)
                        .unwrap_or_else(|| Text::plain(note.message.as_str()));
                let mut f = Self::finding(
                    place,
                    // The number is written without separators, as it always was.
                    text!(
                        en: "{observation} (measured on {n} sampled documents)",
                        es: "{observation} (medido en {n} documentos de muestra)",
                        pt: "{observation} (medido em {n} documentos de amostra)";
                        observation, n = measured.documents.to_string()
                    ),
                    text!(
                        en: "The figure comes from real documents, not from a guess.",
                        es: "La cifra sale de documentos reales, no de una suposición.",
                        pt: "O número vem de documentos reais, não de um palpite."
                    ),
                    advice(&note.code),
                );
                f.severity = severity(&note.code);
                out.push(f);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::advisor::{analyze, Finding, Severity};
    use crate::i18n::Lang;
    use crate::infer::{infer_text, Accumulator, Format};
    use crate::model::{Measured, MeasuredNote, Model};

    /// 200 users with 3 followers and one with 5,000; phones in two formats; `n` int or string.
    fn sampled_users() -> Model {
        let mut text = String::new();
        for i in 0..200 {
            let tel = if i % 3 == 0 { "+55 11 9" } else { "(11) 91" };
            let n = if i % 2 == 0 { "1" } else { "\"x\"" };
            text.push_str(&format!("{{\"_id\": {i}, \"seguidores\": [1, 2, 3], \"tel\": \"{tel}\", \"n\": {n}}}\n"));
        }
        let big: Vec<String> = (0..5000).map(|i| i.to_string()).collect();
        text.push_str(&format!("{{\"_id\": 999, \"seguidores\": [{}]}}\n", big.join(",")));
        let mut acc = Accumulator::default();
        infer_text(&text, Format::Ndjson, &mut acc);
        let mut m = Model::new("t");
        m.entities.push(acc.report().to_measured_entity("users", "users", &m.thresholds, "sample.ndjson"));
        m
    }

    fn measured(m: &Model) -> Vec<Finding> {
        analyze(m).findings.into_iter().filter(|f| f.code == "DS601").collect()
    }

    #[test]
    fn an_outlier_array_in_the_sample_becomes_a_warning_with_its_figures() {
        let found = measured(&sampled_users());
        let f = found.iter().find(|f| f.message.contains("99% of `seguidores`")).expect("a measured-data finding");
        assert_eq!(f.severity, Severity::Warning);
        assert!(f.message.contains("5,000"), "{}", f.message);
        assert!(f.message.contains("201 sampled documents"), "{}", f.message);
    }

    #[test]
    fn the_findings_read_in_spanish_and_portuguese_from_the_saved_figures() {
        // Through the model file, as a design saved after an import is read back.
        let json = serde_json::to_string(&sampled_users()).expect("the model serialises");
        let found = measured(&crate::model::load(&json).expect("the saved model loads"));
        assert_eq!(found.len(), 4, "{found:?}");
        assert!(found.iter().all(|f| f.message.is_translated() && f.message.check().is_ok()));
        let outlier = found.iter().find(|f| f.message.contains("99% of")).expect("the outlier observation");
        assert_eq!(
            outlier.message.render(Lang::Es),
            "El 99% de los arrays `seguidores` tiene ≤ 3 elementos; el mayor tiene 5.000 (1 de 201 arrays pasan de 100): \
             patrón de valor atípico, marca esos documentos (p. ej., `has_extras`) y lleva el desbordamiento a su propia \
             colección. (medido en 201 documentos de muestra)"
        );
        assert!(outlier.fix_hint.render(Lang::Pt).starts_with("Projete para o caso comum"));
        let formats = found.iter().find(|f| f.message.contains("formats")).expect("the formats observation");
        let pt = formats.message.render(Lang::Pt);
        assert!(pt.starts_with("As strings de `tel` chegam em 2 formatos (\"(9) 9\" 66,5%, \"+9 9 9\" 33,5%;"), "{pt}");
        assert!(formats.message.en().contains("(\"(9) 9\" 66.5%, \"+9 9 9\" 33.5%;"), "{}", formats.message);
        let over = found.iter().find(|f| f.message.contains("more than")).expect("the long-array observation");
        assert!(over
            .message
            .render(Lang::Es)
            .starts_with("1 de 201 arrays `seguidores` tienen más de 1.000 elementos"));
    }

    #[test]
    fn a_note_saved_without_figures_is_shown_as_written() {
        let mut m = Model::new("t");
        let mut e = crate::model::Entity::new("c", "clientes");
        e.measured = Some(Measured {
            documents: 60,
            source: String::new(),
            observations: vec![MeasuredNote {
                code: "string-formats".into(),
                message: "`telefone` strings come in 3 formats.".into(),
                path: Some("telefone".into()),
                count: 60,
                figures: Default::default(),
                shares: Vec::new(),
            }],
        });
        m.entities.push(e);
        let f = &measured(&m)[0];
        assert_eq!(f.message.en(), "`telefone` strings come in 3 formats. (measured on 60 sampled documents)");
        assert_eq!(
            f.message.render(Lang::Es),
            "`telefone` strings come in 3 formats. (medido en 60 documentos de muestra)"
        );
        assert!(!f.message.is_translated(), "the translation test must see the English left inside");
    }

    #[test]
    fn no_measurements_no_finding() {
        let report = analyze(&crate::model::load(include_str!("../../../public/templates/bibliored.json")).unwrap());
        assert!(report.findings.iter().all(|f| f.code != "DS601"));
    }
}
