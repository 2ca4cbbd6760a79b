use super::local_figures::bytes;
use crate::advisor::{Context, Finding, Fix, Rule, RuleMeta, Severity, SizeLevel};
use crate::model::{Id, Place, Storage};
use crate::{declare_rule, text};

declare_rule! {
    /// ## What it does
    /// Estimates each collection's documents with BSON's encoding rules (average now, worst
    /// case now, worst case after `thresholds.horizonDays` of growth of its unbounded embedded
    /// arrays) and flags the worst figure when it passes 1 MB (the target), 2 MB (Atlas'
    /// flag) or 16 MiB (the BSON limit: an error).
    ///
    /// ## Why is this bad?
    /// A document over 16 MiB cannot be written (`BSONObjectTooLarge`); long before that,
    /// every update of a grown document rewrites it (appending 200 bytes to an 8 MB document
    /// costs an 8 MB write), every read moves megabytes, and the working set stops fitting in
    /// RAM. Growth is the criterion that breaks most systems: a design that fits today may
    /// not in five years.
    ///
    /// ## Example
    /// A post embedding its comments, 40 new comments a day with no bound: 16 MiB in under
    /// five years.
    ///
    /// ## Use instead
    /// Reference the growing children from their own collection (child points to parent),
    /// keep a subset of the few the parent's view shows, or group them with the bucket
    /// pattern; cap the arrays that are bounded (`maxItems`).
    ///
    /// ## References
    /// The BiblioRed lesson on document modelling, "La decisión central: embeber o referenciar" and
    /// "Anti-patrones que hay que reconocer"; MongoDB, "MongoDB Limits and Thresholds" (BSON
    /// Document Size: 16 MiB); Atlas schema suggestions (documents over 2 MB).
    pub DocumentSize {
        code: "DS202",
        name: "document-size",
        category: Size,
        severity: Warning,
    }
}

impl Rule for DocumentSize {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        let t = &cx.model.thresholds;
        for c in cx.design.collections().iter().filter(|c| c.size.level != SizeLevel::Fine) {
            let (size, entity) = (&c.size, c.entity);
            let (limit, what) = match size.level {
                SizeLevel::OverLimit => (
                    t.doc_limit_bytes,
                    text!(
                        en: "the 16 MiB BSON limit: writes will fail",
                        es: "el límite BSON de 16 MiB: las escrituras fallarán",
                        pt: "o limite BSON de 16 MiB: as escritas vão falhar"
                    ),
                ),
                SizeLevel::OverAtlas => (
                    t.doc_atlas_bytes,
                    text!(en: "Atlas' 2 MB flag", es: "el aviso de 2 MB de Atlas", pt: "o alerta de 2 MB do Atlas"),
                ),
                _ => {
                    (t.doc_target_bytes, text!(en: "the 1 MB target", es: "el objetivo de 1 MB", pt: "a meta de 1 MB"))
                }
            };
            let now = size.worst_bytes > limit;
            let when = if now { text!(en: "now", es: "ahora", pt: "agora") } else { size.horizon_label.clone() };
            let name = &entity.name;
            let mut f = Self::finding(
                Place::Entity { id: Id::new(&entity.id) },
                text!(
                    en: "A {name} document reaches {size} {when}, over {what} (average now {avg}, worst case now {worst}).",
                    es: "Un documento de {name} llega a {size} {when} y supera {what} (media actual {avg}, peor caso actual {worst}).",
                    pt: "Um documento de {name} chega a {size} {when} e ultrapassa {what} (média atual {avg}, pior caso atual {worst}).";
                    name, size = bytes(if now { size.worst_bytes } else { size.horizon_bytes }), when, what,
                    avg = bytes(size.avg_bytes), worst = bytes(size.worst_bytes)
                ),
                text!(
                    en: "Large documents are rewritten whole on each update, move megabytes on every read and crowd RAM; past 16 MiB MongoDB refuses the write.",
                    es: "Los documentos grandes se reescriben enteros en cada actualización, mueven megabytes en cada lectura y saturan la RAM; por encima de 16 MiB MongoDB rechaza la escritura.",
                    pt: "Documentos grandes são reescritos inteiros a cada atualização, movem megabytes a cada leitura e lotam a RAM; acima de 16 MiB o MongoDB recusa a escrita."
                ),
                text!(
                    en: "Reference the growing children from their own collection (with a subset in the parent if its view needs a few), use the bucket pattern for events, and cap bounded arrays with maxItems.",
                    es: "Lleva los hijos que crecen a su propia colección y referéncialos (con un subconjunto en el padre si su vista necesita unos pocos), usa el patrón de agrupación (bucket) para los eventos y pon tope a los arrays acotados con maxItems.",
                    pt: "Leve os filhos que crescem para uma coleção própria e referencie-os (com um subconjunto no pai se a tela dele precisar de alguns), use o padrão bucket para eventos e defina o teto dos arrays limitados com maxItems."
                ),
            );
            if size.level == SizeLevel::OverLimit {
                f.severity = Severity::Error;
            }
            if !now {
                let embed =
                    c.growth.and_then(|g| cx.design.relation(g.relation)).filter(|r| r.storage == Storage::Embed);
                if let Some(r) = embed {
                    let (field, rest) = (&r.field, f.fix_hint.clone());
                    f.fix_hint = text!(
                        en: "{field} grows without bound: reference it from its own collection (child points to parent). {rest}",
                        es: "{field} crece sin tope: llévalo a su propia colección y referéncialo (el hijo apunta al padre). {rest}",
                        pt: "{field} cresce sem teto: leve-o para uma coleção própria e referencie-o (o filho aponta para o pai). {rest}";
                        field, rest
                    );
                    f.fix = Some(Fix::SetStorage { relation: Id::new(&r.id), storage: Storage::Reference });
                }
            }
            out.push(f);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{collection, findings, model};
    use crate::advisor::{Fix, Severity};
    use crate::model::{BsonType, Cardinality, Field, Model, Relation, Storage};

    fn post_with_comments(per_day: f64) -> Model {
        let mut m = model();
        let mut c = collection("comment", "comments");
        c.fields.clear();
        let mut body = Field::new("body", BsonType::String);
        body.size.avg_bytes = Some(300);
        c.fields.push(body);
        m.entities.push(c);
        let mut r = Relation::new("r", "c", "comment", Storage::Embed);
        r.field = "comments".into();
        r.cardinality =
            Cardinality { typical: 20.0, max: None, growth_per_day: Some(per_day), ..Cardinality::default() };
        m.relations.push(r);
        m
    }

    #[test]
    fn unbounded_embedded_growth_past_16_mib_is_an_error_with_a_fix() {
        let f = findings(&post_with_comments(40.0), "DS202");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].severity, Severity::Error);
        assert!(f[0].message.contains("in 5 years at 40 comments/day"), "{}", f[0].message);
        assert_eq!(f[0].fix, Some(Fix::SetStorage { relation: "r".into(), storage: Storage::Reference }));
    }

    #[test]
    fn over_one_megabyte_is_a_warning() {
        // 20 + 2 × 1825 = 3,670 comments of ~315 bytes: about 1.2 MB.
        let f = findings(&post_with_comments(2.0), "DS202");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].severity, Severity::Warning);
        assert!(f[0].message.contains("1 MB target"), "{}", f[0].message);
    }

    #[test]
    fn bounded_small_documents_pass() {
        assert!(findings(&model(), "DS202").is_empty());
        assert!(findings(&post_with_comments(0.1), "DS202").is_empty());
    }

    #[test]
    fn the_size_reads_in_spanish_and_portuguese() {
        use crate::i18n::Lang;
        let f = findings(&post_with_comments(2.0), "DS202");
        let es = f[0].message.render(Lang::Es);
        assert!(
            es.starts_with("Un documento de items llega a 1,2 MB ") && es.contains("supera el objetivo de 1 MB"),
            "{es}"
        );
        assert!(es.contains("(media actual 6,4 KB, peor caso actual 6,4 KB)"), "{es}");
        let pt = f[0].fix_hint.render(Lang::Pt);
        assert!(
            pt.starts_with("comments cresce sem teto: leve-o para uma coleção própria e referencie-o")
                && pt.contains("Leve os filhos"),
            "{pt}"
        );
        let f = findings(&post_with_comments(40.0), "DS202");
        assert!(f[0].message.render(Lang::Pt).contains("ultrapassa o limite BSON de 16 MiB"), "{}", f[0].message);
    }
}
