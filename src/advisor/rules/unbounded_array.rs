use crate::advisor::relations::expected_storage;
use crate::advisor::{Context, Finding, Fix, Rule, RuleMeta, Severity};
use crate::declare_rule;
use crate::i18n::{Arg, Labelled, Text};
use crate::model::{Entity, Id, Place, Relation, Storage};
use crate::text;

declare_rule! {
    /// ## What it does
    /// Finds arrays that can grow without a stated maximum: a relation that embeds a child
    /// with no maximum (or whose "maximum" a real share of parents overflows), a bucket with
    /// no cap, a parent that keeps the ids of unboundedly many children, and an array field
    /// with neither a `maxItems` constraint nor a maximum in its size hint.
    ///
    /// Embedded relations, buckets and id lists are errors; a plain array field with no
    /// stated maximum is a warning (the designer may simply not have written it down yet).
    ///
    /// ## Why is this bad?
    /// The BiblioRed lesson on document modelling calls it the anti-pattern number one: the
    /// document grows toward the 16 MiB limit, every `$push` rewrites an ever larger document (200
    /// bytes appended to an 8 MB document cost an 8 MB rewrite), reads move megabytes to use two
    /// fields, the multikey index balloons, and one day a write fails with `BSONObjectTooLarge`
    /// with no quick fix. "If you cannot state the maximum number of elements, do not embed it."
    ///
    /// ## Example
    /// `comentarios: []` inside a post that can go viral; a bucket of events with no cap.
    ///
    /// ## Use instead
    /// Reference the children from their own collection (reference from the child only, or
    /// reference + subset when the parent's view shows the first N), group small events in
    /// capped buckets, or state the cap with `maxItems` so the server enforces it.
    ///
    /// ## References
    /// The BiblioRed lesson on document modelling, "La decisión central: embeber o referenciar"
    /// (criterion 5) and "Anti-patrones que hay que reconocer"; "Modelagem de Documentos", "Como
    /// isso falha em produção" ("Array sem teto"); MongoDB, "Avoid Unbounded Arrays" (Atlas flags
    /// arrays over 10,000 entries); "6 Rules of Thumb for MongoDB Schema Design".
    pub UnboundedArray {
        code: "DS101",
        name: "unbounded-array",
        category: AntiPattern,
        severity: Error,
    }
}

/// Why an embedding relation has no bound that holds, if it has none (shared with DS102,
/// which stays silent where this rule speaks).
pub(crate) fn embeds_unbounded(cx: &Context, rel: &Relation) -> Option<Text> {
    if rel.storage != Storage::Embed {
        return None;
    }
    let c = &rel.cardinality;
    let t = &cx.model.thresholds;
    match (c.max, &c.outliers) {
        (None, _) => Some(match c.growth_per_day.filter(|g| g.is_finite() && *g > 0.0) {
            Some(g) => text!(
                en: "{typical} typical, no stated maximum, growing {growth} a day (~{reached} in {horizon})",
                es: "habitualmente {typical}, sin máximo declarado, crece {growth} al día (~{reached} en {horizon})",
                pt: "normalmente {typical}, sem máximo declarado, crescendo {growth} por dia (~{reached} em {horizon})";
                typical = Arg::Count(c.typical),
                growth = Arg::Count(g),
                reached = Arg::Count((c.typical.max(0.0) + g * t.horizon_days as f64).round()),
                horizon = Arg::Days(t.horizon_days)
            ),
            None => text!(
                en: "{typical} typical, no stated maximum",
                es: "habitualmente {typical}, sin máximo declarado",
                pt: "normalmente {typical}, sem máximo declarado";
                typical = Arg::Count(c.typical)
            ),
        }),
        (Some(_), Some(o)) if o.share.is_finite() && o.share > t.outlier_share && rel.outlier.is_none() => {
            // A whole percent, rounded like `{:.0}` (ties to even).
            Some(text!(
                en: "its stated maximum does not hold: {pct}% of parents reach {max}",
                es: "su máximo declarado no se cumple: el {pct}% de los padres llega a {max}",
                pt: "seu máximo declarado não se sustenta: {pct}% dos pais chegam a {max}";
                pct = Arg::Count((o.share * 100.0).round_ties_even()),
                max = o.max
            ))
        }
        _ => None,
    }
}

impl Rule for UnboundedArray {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for rel in &cx.model.relations {
            // The ends' names are looked up only for a finding: most relations have none.
            let place = || Place::Relation { id: Id::new(&rel.id) };
            if let Some(why) = embeds_unbounded(cx, rel) {
                let (parent, child) = cx.design.end_names(rel);
                let to = cx.advice(&rel.id).map(|a| expected_storage(a.recommendation)).unwrap_or(Storage::Reference);
                let to = if to == Storage::Embed { Storage::Reference } else { to };
                let mut f = Self::finding(
                    place(),
                    text!(
                        en: "{parent} embeds {child} with no bound that holds: {why}",
                        es: "{parent} embebe {child} sin un tope que se cumpla: {why}",
                        pt: "{parent} embute {child} sem um teto que se sustente: {why}";
                        parent, child, why
                    ),
                    text!(
                        en: "An array with no maximum grows toward the 16 MiB limit, and every $push rewrites the whole, ever larger document.",
                        es: "Un array sin máximo crece hacia el límite de 16 MiB, y cada $push reescribe el documento entero, cada vez mayor.",
                        pt: "Um array sem máximo cresce rumo ao limite de 16 MiB, e cada $push reescreve o documento inteiro, cada vez maior."
                    ),
                    text!(
                        en: "Move {child} to its own collection ({storage}), or state a cap (maxItems) the application enforces.",
                        es: "Mueve {child} a su propia colección con el almacenamiento «{storage}», o declara un tope (maxItems) que la aplicación haga cumplir.",
                        pt: "Mova {child} para uma coleção própria com o armazenamento \"{storage}\", ou declare um teto (maxItems) que a aplicação garanta.";
                        child, storage = to.msg()
                    ),
                );
                f.fix = Some(Fix::SetStorage { relation: Id::new(&rel.id), storage: to });
                out.push(f);
            } else if rel.storage == Storage::Bucket && rel.bucket.as_ref().is_none_or(|b| b.cap == 0) {
                let (parent, child) = cx.design.end_names(rel);
                out.push(Self::finding(
                    place(),
                    text!(
                        en: "the {child} buckets of each {parent} document have no cap",
                        es: "los contenedores de {child} de cada documento de {parent} no tienen tope",
                        pt: "os buckets de {child} de cada documento de {parent} não têm teto";
                        child, parent
                    ),
                    text!(
                        en: "A bucket without a cap is an unbounded array: a heavy parent fills one document without limit.",
                        es: "Un contenedor sin tope es un array ilimitado: un padre muy activo llena un solo documento sin límite.",
                        pt: "Um bucket sem teto é um array ilimitado: um pai muito ativo enche um único documento sem limite."
                    ),
                    text!(
                        en: "Set the bucket's cap (e.g. 500 events) and open the next bucket (`…-2`) when it is full.",
                        es: "Fija el tope del contenedor (p. ej. 500 eventos) y abre el siguiente (`…-2`) cuando se llene.",
                        pt: "Defina o teto do bucket (p. ex. 500 eventos) e abra o próximo bucket (`…-2`) quando ele encher."
                    ),
                ));
            }
            if let (Some(pf), None) = (&rel.reference.parent_field, rel.cardinality.max) {
                let (parent, child) = cx.design.end_names(rel);
                out.push(Self::finding(
                    Place::Field { entity: Id::new(&rel.parent), path: Id::new(pf) },
                    text!(
                        en: "{parent}.{pf} keeps the ids of its {child}, which have no stated maximum",
                        es: "{parent}.{pf} guarda los ids de sus {child}, que no tienen máximo declarado",
                        pt: "{parent}.{pf} guarda os ids de seus {child}, que não têm máximo declarado";
                        parent, pf, child
                    ),
                    text!(
                        en: "A list of ids is still an array: with no bound it grows without end (40,000 ids that grow every day).",
                        es: "Una lista de ids sigue siendo un array: sin tope crece sin fin (40.000 ids que crecen cada día).",
                        pt: "Uma lista de ids continua sendo um array: sem teto cresce sem fim (40.000 ids que crescem todo dia)."
                    ),
                    text!(
                        en: "Keep the reference in {child} only, pointing to {parent}; drop {pf}.",
                        es: "Guarda la referencia solo en {child}, apuntando a {parent}; elimina {pf}.",
                        pt: "Mantenha a referência só em {child}, apontando para {parent}; remova {pf}.";
                        child, parent, pf
                    ),
                ));
            }
        }
        self.check_fields(cx, out);
    }
}

impl UnboundedArray {
    /// Array fields no relation accounts for, with no maximum in either constraint or hint.
    fn check_fields(&self, cx: &Context, out: &mut Vec<Finding>) {
        let cap = cx.model.thresholds.array_warn;
        for array in cx.design.array_fields() {
            let (e, path, field) = (array.entity, &*array.path, array.field);
            if field.constraints.max_items.is_some() || field.size.max_items.is_some() {
                continue;
            }
            if backed(cx, e, path) {
                continue;
            }
            let name = &e.name;
            let (entity, path_id) = (Id::new(&e.id), Id::new(path));
            // Written in one piece (no finding built, then changed, then moved into the list).
            out.push(Finding {
                severity: Severity::Warning,
                fix: Some(Fix::SetArrayCap { entity: entity.clone(), path: path_id.clone(), max_items: cap }),
                ..Self::finding(
                    Place::Field { entity, path: path_id.clone() },
                    text!(
                        en: "{name}.{path} is an array with no stated maximum",
                        es: "{name}.{path} es un array sin máximo declarado",
                        pt: "{name}.{path} é um array sem máximo declarado";
                        name, path = &path_id
                    ),
                    text!(
                        en: "If you cannot state the maximum number of elements, do not embed it: an array with no cap grows toward the 16 MiB limit.",
                        es: "Si no puedes declarar el número máximo de elementos, no lo embebas: un array sin tope crece hacia el límite de 16 MiB.",
                        pt: "Se não for possível declarar o número máximo de elementos, não embuta: um array sem teto cresce rumo ao limite de 16 MiB."
                    ),
                    // Written for each finding: one figure costs less to write than a text to copy.
                    text!(
                        en: "State its maximum (maxItems; arrays over ~{n} elements already hurt), or move the elements to their own collection.",
                        es: "Declara su máximo (maxItems; los arrays de más de ~{n} elementos ya penalizan), o mueve los elementos a su propia colección.",
                        pt: "Declare o máximo (maxItems; arrays com mais de ~{n} elementos já pesam), ou mova os elementos para uma coleção própria.";
                        n = cap
                    ),
                )
            });
        }
    }
}

/// Whether a relation accounts for the array at `path` of `e`: the field a relation from `e`
/// fills (its `field`, subset or id array, whatever its storage), or a bucket's event array
/// when `e` is the bucket.
fn backed(cx: &Context, e: &Entity, path: &str) -> bool {
    let fills = |r: &&Relation| {
        r.field == path
            || r.subset.as_ref().is_some_and(|s| s.field == path)
            || r.reference.parent_field.as_deref() == Some(path)
    };
    cx.design.children(&e.id).iter().any(fills)
        || cx.design.parents(&e.id).iter().any(|r| r.bucket.as_ref().is_some_and(|b| b.array_field == path))
}

#[cfg(test)]
mod tests {
    use crate::advisor::rules::relation_fixtures::{findings, parent_child};
    use crate::advisor::{Fix, Severity};
    use crate::model::{BsonType, Field, Place, Storage};

    #[test]
    fn embedded_children_with_no_maximum_trigger() {
        let mut m = parent_child(Storage::Embed, 40.0, None);
        m.relations[0].cardinality.growth_per_day = Some(2.0);
        m.relations[0].child_bytes = Some(400);
        let f = findings(&m, "DS101");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].place, Place::Relation { id: "r".into() });
        assert_eq!(f[0].severity, Severity::Error);
        assert!(f[0].message.contains("no stated maximum") && f[0].message.contains("2 a day"), "{}", f[0].message);
        assert!(matches!(f[0].fix, Some(Fix::SetStorage { storage: Storage::Reference, .. })));
    }

    #[test]
    fn the_finding_reads_in_spanish_and_portuguese_with_local_figures() {
        use crate::i18n::Lang;
        let mut m = parent_child(Storage::Embed, 40.0, None);
        m.relations[0].cardinality.growth_per_day = Some(2.5);
        let f = findings(&m, "DS101");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(
            f[0].message.en(),
            "posts embeds comments with no bound that holds: 40 typical, no stated maximum, growing 2.5 a day (~4,603 in 5 years)"
        );
        assert_eq!(
            f[0].message.render(Lang::Es),
            "posts embebe comments sin un tope que se cumpla: habitualmente 40, sin máximo declarado, crece 2,5 al día (~4.603 en 5 años)"
        );
        assert_eq!(
            f[0].message.render(Lang::Pt),
            "posts embute comments sem um teto que se sustente: normalmente 40, sem máximo declarado, crescendo 2,5 por dia (~4.603 em 5 anos)"
        );
        assert!(
            f[0].fix_hint
                .render(Lang::Es)
                .starts_with("Mueve comments a su propia colección con el almacenamiento «agrupación (bucket)», o"),
            "{}",
            f[0].fix_hint.render(Lang::Es)
        );
        assert!(f[0].why.render(Lang::Pt).contains("16 MiB"));
        let mut m = parent_child(Storage::Embed, 20.0, Some(50));
        m.relations[0].cardinality.outliers = Some(crate::model::Outliers { share: 0.125, max: 3000 });
        let f = findings(&m, "DS101");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.en().ends_with("its stated maximum does not hold: 12% of parents reach 3,000"));
        assert!(f[0].message.render(Lang::Es).ends_with("el 12% de los padres llega a 3.000"));
        assert!(f[0].message.render(Lang::Pt).ends_with("12% dos pais chegam a 3.000"));
    }

    #[test]
    fn an_uncapped_array_field_reads_in_spanish_and_portuguese() {
        use crate::i18n::Lang;
        let mut m = parent_child(Storage::Reference, 5.0, Some(8));
        m.entities[0].fields.push(Field::new("history", BsonType::Array));
        m.thresholds.array_warn = 2500;
        let f = findings(&m, "DS101");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].message.render(Lang::Es), "posts.history es un array sin máximo declarado");
        assert!(
            f[0].fix_hint.render(Lang::Pt).contains("mais de ~2.500 elementos"),
            "{}",
            f[0].fix_hint.render(Lang::Pt)
        );
        assert!(f[0].fix_hint.en().contains("over ~2,500 elements"));
    }

    #[test]
    fn bounded_embedding_and_capped_arrays_pass() {
        let mut m = parent_child(Storage::Embed, 5.0, Some(8));
        let mut tags = Field::new("tags", BsonType::Array);
        tags.items = Some(BsonType::String);
        tags.constraints.max_items = Some(10);
        m.entities[0].fields.push(tags);
        assert!(findings(&m, "DS101").is_empty());
    }

    #[test]
    fn an_array_field_with_no_maximum_is_a_warning_with_a_cap_fix() {
        let mut m = parent_child(Storage::Reference, 5.0, Some(8));
        let mut log = Field::new("history", BsonType::Array);
        log.size.avg_items = Some(30);
        m.entities[0].fields.push(log);
        let f = findings(&m, "DS101");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].severity, Severity::Warning);
        assert_eq!(f[0].place, Place::Field { entity: "post".into(), path: "history".into() });
        assert!(matches!(f[0].fix, Some(Fix::SetArrayCap { max_items: 1000, .. })));
    }

    #[test]
    fn a_bucket_without_cap_triggers() {
        let mut m = parent_child(Storage::Bucket, 1000.0, None);
        m.relations[0].bucket = Some(crate::model::BucketSpec {
            array_field: "events".into(),
            period: "day".into(),
            cap: 0,
            count_field: None,
            period_field: None,
            ttl_seconds: None,
            id_scheme: String::new(),
        });
        assert!(findings(&m, "DS101").iter().any(|f| f.message.contains("no cap")));
    }
}
