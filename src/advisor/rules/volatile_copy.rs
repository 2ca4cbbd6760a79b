use crate::advisor::relations::churn::{volatile_copies, Churn};
use crate::advisor::{Context, Finding, Fix, Rule, RuleMeta};
use crate::declare_rule;
use crate::i18n::{Arg, Text};
use crate::model::{Id, Place, Propagation, Relation};
use crate::text;

declare_rule! {
    /// ## What it does
    /// Judges a copy by its source. For each live field a relation copies from the parent
    /// into its children (extended reference), it takes how often the source field changes
    /// (its `changesPerMinute`, else the update writes whose `changes` name it) times the
    /// children holding the copy (the relation's typical count): the writes a minute that keep
    /// the copies current. It reports the copy when those writes reach 1,000 a minute and
    /// outnumber the reads of the children that show it (reads that project the copy, or
    /// project nothing; analytical reads are not counted). It names the field, the copy and
    /// the writes that change it. Historical and immutable copies (the value as it was) and
    /// copies read again from the source (`re-read`) are never rewritten, and pass.
    ///
    /// ## Why is this bad?
    /// Every change of the source becomes one write per document holding the copy. A stock
    /// price that ticks 120,000 times a minute, copied into 2,500 holdings per stock, asks for
    /// 300 million writes a minute to spare the portfolio page one read. "6 Rules of Thumb for
    /// MongoDB Schema Design": denormalise what is mostly read and seldom updated; for a field
    /// updated often, finding and updating every copy overwhelms the savings. Immediate
    /// propagation is not atomic either, so readers see copies at different ages.
    ///
    /// ## Example
    /// `holdings` copying `stocks.name` and `stocks.last_price` (live, propagated at once),
    /// while `last_price` changes on every tick.
    ///
    /// ## Use instead
    /// Keep in the copy the few fields that seldom change (the name), and read the volatile
    /// one from its source: one `find` with `$in` on the ids the page shows, or a cache. The
    /// one-click fix marks the copy *re-read*. If the copy must keep the value of a moment (a
    /// price at order time), mark it historical: it is then written once and never propagated.
    ///
    /// ## References
    /// MongoDB, "Building with Patterns: The Extended Reference Pattern"; "6 Rules of Thumb for
    /// MongoDB Schema Design" (part 3, denormalisation and the read/write ratio); "Data
    /// Consistency".
    pub VolatileCopy {
        code: "DS109",
        name: "volatile-copy",
        category: Relations,
        severity: Warning,
    }
}

/// The writes that change the source, as `W1 "Price tick"`.
fn writes_arg(c: &Churn) -> Arg {
    let each = c.writes.iter().map(|q| {
        let (id, name) = (&q.id, &q.name);
        Arg::from(text!(en: "{id} \"{name}\"", es: "{id} \"{name}\"", pt: "{id} \"{name}\""; id, name))
    });
    Arg::List(each.collect())
}

/// What is wrong: the copy, its source's rate (with the writes that change it when known)
/// and the copy writes it makes.
fn message(c: &Churn, parent: &str, child: &str) -> Text {
    let (field, target) = (c.copy.field.as_str(), c.copy.target_name());
    let (changes, holders, total) = (Arg::Count(c.changes), Arg::Count(c.holders), Arg::Count(c.copy_writes()));
    if c.writes.is_empty() {
        text!(
            en: "{child}.{target} copies {parent}.{field}, which changes {changes} times a minute: each change is written to ~{holders} {child} documents, ~{total} writes a minute",
            es: "{child}.{target} copia {parent}.{field}, que cambia {changes} veces por minuto: cada cambio se escribe en ~{holders} documentos de {child}, ~{total} escrituras por minuto",
            pt: "{child}.{target} copia {parent}.{field}, que muda {changes} vezes por minuto: cada mudança é gravada em ~{holders} documentos de {child}, ~{total} gravações por minuto";
            child, target, parent, field, changes, holders, total
        )
    } else {
        text!(
            en: "{child}.{target} copies {parent}.{field}, changed {changes} times a minute by {writes}: each change is written to ~{holders} {child} documents, ~{total} writes a minute",
            es: "{child}.{target} copia {parent}.{field}, cambiado {changes} veces por minuto por {writes}: cada cambio se escribe en ~{holders} documentos de {child}, ~{total} escrituras por minuto",
            pt: "{child}.{target} copia {parent}.{field}, alterado {changes} vezes por minuto por {writes}: cada mudança é gravada em ~{holders} documentos de {child}, ~{total} gravações por minuto";
            child, target, parent, field, writes = writes_arg(c), changes, holders, total
        )
    }
}

/// Why: the writes against the reads the copy spares.
fn why(c: &Churn, child: &str) -> Text {
    let total = Arg::Count(c.copy_writes());
    if c.reads > 0.0 {
        text!(
            en: "The copy costs more than it saves: ~{total} writes a minute to spare {reads} reads a minute of {child} a second query. A field updated often is the one not to copy; immediate propagation is not atomic either.",
            es: "La copia cuesta más de lo que ahorra: ~{total} escrituras por minuto para ahorrar una segunda consulta a {reads} lecturas por minuto de {child}. Un campo que se actualiza a menudo es justo el que no hay que copiar; la propagación inmediata tampoco es atómica.",
            pt: "A cópia custa mais do que economiza: ~{total} gravações por minuto para poupar uma segunda consulta a {reads} leituras por minuto de {child}. Um campo atualizado com frequência é justamente o que não se deve copiar; a propagação imediata também não é atômica.";
            total, reads = Arg::Count(c.reads), child
        )
    } else {
        text!(
            en: "The copy costs ~{total} writes a minute and no stated read of {child} shows it. A field updated often is the one not to copy; immediate propagation is not atomic either.",
            es: "La copia cuesta ~{total} escrituras por minuto y ninguna lectura declarada de {child} la muestra. Un campo que se actualiza a menudo es justo el que no hay que copiar; la propagación inmediata tampoco es atómica.",
            pt: "A cópia custa ~{total} gravações por minuto e nenhuma leitura declarada de {child} a exibe. Um campo atualizado com frequência é justamente o que não se deve copiar; a propagação imediata também não é atômica.";
            total, child
        )
    }
}

/// What to do: read the field from its source, keep the stable copies.
fn hint(rel: &Relation, c: &Churn, parent: &str, child: &str, volatile: &[Churn]) -> Text {
    let field = c.copy.field.as_str();
    let stable: Vec<&str> = rel
        .extended
        .iter()
        .filter(|x| !volatile.iter().any(|v| std::ptr::eq(v.copy, *x)))
        .map(|x| x.field.as_str())
        .collect();
    if stable.is_empty() {
        text!(
            en: "Do not copy {field}: read it from {parent} when {child} are shown (one find with $in on the ids the page holds, or a cache), and mark the copy re-read. If it must keep the value of a moment, mark it historical: it is then never propagated.",
            es: "No copies {field}: léelo de {parent} cuando se muestran los {child} (un find con $in sobre los ids de la página, o una caché), y marca la copia como relectura. Si debe guardar el valor de un momento, márcala como histórica: entonces no se propaga nunca.",
            pt: "Não copie {field}: leia-o de {parent} quando {child} forem exibidos (um find com $in nos ids da página, ou um cache), e marque a cópia como releitura. Se ela precisar guardar o valor de um momento, marque-a como histórica: assim nunca é propagada.";
            field, parent, child
        )
    } else {
        text!(
            en: "Keep {stable} in the copy and do not copy {field}: read it from {parent} when {child} are shown (one find with $in on the ids the page holds, or a cache), and mark the copy re-read. If it must keep the value of a moment, mark it historical: it is then never propagated.",
            es: "Deja {stable} en la copia y no copies {field}: léelo de {parent} cuando se muestran los {child} (un find con $in sobre los ids de la página, o una caché), y marca la copia como relectura. Si debe guardar el valor de un momento, márcala como histórica: entonces no se propaga nunca.",
            pt: "Mantenha {stable} na cópia e não copie {field}: leia-o de {parent} quando {child} forem exibidos (um find com $in nos ids da página, ou um cache), e marque a cópia como releitura. Se ela precisar guardar o valor de um momento, marque-a como histórica: assim nunca é propagada.";
            stable = Arg::list(&stable), field, parent, child
        )
    }
}

impl Rule for VolatileCopy {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for rel in &cx.model.relations {
            let volatile = volatile_copies(cx.design.usage(), rel);
            if volatile.is_empty() {
                continue;
            }
            let (parent, child) = cx.design.end_names(rel);
            for c in &volatile {
                let mut f = Self::finding(
                    Place::Relation { id: Id::new(&rel.id) },
                    message(c, parent, child),
                    why(c, child),
                    hint(rel, c, parent, child, &volatile),
                );
                f.fix = Some(Fix::SetPropagation {
                    relation: Id::new(&rel.id),
                    field: Id::new(&c.copy.field),
                    propagation: Propagation::Reread,
                });
                out.push(f);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::advisor::rules::relation_fixtures::{findings, parent_child, read, write};
    use crate::i18n::Lang;
    use crate::model::{BsonType, CopiedField, CopyCategory, Field, Model, Propagation, Storage, Volatility};

    /// Posts whose `title` and `score` are copied, live and propagated at once, into 500
    /// comments each; `V` "Vote" changes the score `votes` times a minute; the comment page
    /// reads comments 1,000 times a minute.
    fn scored(votes: f64) -> Model {
        let mut m = parent_child(Storage::Reference, 500.0, None);
        m.entities[0].fields.push(Field::new("score", BsonType::Int));
        let live = |field: &str| CopiedField {
            field: field.into(),
            as_field: None,
            category: Some(CopyCategory::Live),
            propagation: Some(Propagation::Immediate),
            used_to_decide: false,
        };
        m.relations[0].extended = vec![live("title"), live("score")];
        let mut vote = write("V", "post", &["score"]);
        vote.name = "Vote".into();
        vote.per_minute = votes;
        m.queries.extend([vote, read("R", "comment", &[], 1_000.0)]);
        m
    }

    #[test]
    fn a_copy_whose_source_changes_often_is_named_with_its_write() {
        let m = scored(100.0);
        let f = findings(&m, "DS109");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].place, crate::model::Place::Relation { id: "r".into() });
        assert_eq!(
            f[0].message.en(),
            "comments.score copies posts.score, changed 100 times a minute by V \"Vote\": each change is written \
             to ~500 comments documents, ~50,000 writes a minute"
        );
        assert!(f[0].why.en().contains("~50,000 writes a minute to spare 1,000 reads a minute"), "{}", f[0].why);
        assert!(f[0].fix_hint.en().starts_with("Keep title in the copy and do not copy score"), "{}", f[0].fix_hint);
        // The one-click fix marks the copy re-read: nothing left to propagate.
        let mut fixed = m.clone();
        assert!(f[0].fix.as_ref().is_some_and(|fix| fix.apply(&mut fixed)));
        assert_eq!(fixed.relations[0].extended[1].propagation, Some(Propagation::Reread));
        assert!(findings(&fixed, "DS109").is_empty());
    }

    #[test]
    fn a_stated_change_rate_is_enough() {
        let mut m = scored(0.0);
        m.queries.remove(0);
        m.entities[0].fields[2].changes_per_minute = Some(30.0);
        let f = findings(&m, "DS109");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.en().contains("posts.score, which changes 30 times a minute"), "{}", f[0].message);
    }

    #[test]
    fn near_misses_stay_silent() {
        // A field that seldom changes: 1 change a minute × 500 comments.
        assert!(findings(&scored(1.0), "DS109").is_empty());
        // Reads that show the copy outnumber its writes: the copy pays.
        let mut busy = scored(100.0);
        busy.queries[1].per_minute = 60_000.0;
        assert!(findings(&busy, "DS109").is_empty());
        // A copy of the value at the time (historical), or in children written once.
        let mut frozen = scored(100.0);
        frozen.relations[0].extended[1].category = Some(CopyCategory::Historical);
        assert!(findings(&frozen, "DS109").is_empty());
        let mut once = scored(100.0);
        once.relations[0].child_changes = Volatility::Never;
        once.relations[0].extended.iter_mut().for_each(|c| c.category = None);
        assert!(findings(&once, "DS109").is_empty());
    }

    #[test]
    fn the_finding_reads_in_spanish_and_portuguese() {
        let mut m = scored(0.0);
        m.queries.remove(0);
        m.queries[0].per_minute = 1_440.0;
        m.entities[0].fields[2].changes_per_minute = Some(4.5);
        let f = findings(&m, "DS109");
        assert_eq!(
            f[0].message.render(Lang::Es),
            "comments.score copia posts.score, que cambia 4,5 veces por minuto: cada cambio se escribe en ~500 \
             documentos de comments, ~2.250 escrituras por minuto"
        );
        assert!(f[0].why.render(Lang::Pt).contains("poupar uma segunda consulta a 1.440 leituras por minuto"));
        assert!(f[0].fix_hint.render(Lang::Es).starts_with("Deja title en la copia y no copies score"));
        assert!(f[0].message.is_translated() && f[0].why.check().is_ok());
    }
}
