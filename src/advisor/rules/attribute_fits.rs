use crate::advisor::{Context, Finding, PatternKind, Rule, RuleMeta};
use crate::declare_rule;
use crate::text;

declare_rule! {
    /// ## What it does
    /// Suggests the attribute pattern where it fits and is not used yet: a collection with
    /// at least 6 optional scalar fields that only some documents have (characteristics that
    /// depend on the kind of item), and access patterns filtering on at least 3 of them.
    ///
    /// ## Why is this bad?
    /// Each characteristic a search filters on needs an index of its own: the collection
    /// heads for the index budget, every insert updates each of those indexes, and every new
    /// characteristic (a new product type) needs another index and a deployment.
    ///
    /// ## Example
    /// `products` with `color`, `size`, `voltage`, `capacity`, `wattage`, `author` and `pages`,
    /// each present on some products only, and searches by `color`, by `voltage` and by
    /// `author`.
    ///
    /// ## Use instead
    /// Move the characteristics into an array of `{k, v}` pairs (`attrs: [{k: "color", v:
    /// "red"}, …]`) with one compound index `{"attrs.k": 1, "attrs.v": 1}` that serves a search
    /// on any of them, today's and the ones added later.
    ///
    /// ## References
    /// MongoDB, "Building with Patterns: The Attribute Pattern".
    pub AttributeFits {
        code: "DS505",
        name: "attribute-fits",
        category: Pattern,
        severity: Info,
    }
}

impl Rule for AttributeFits {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for p in cx.report.patterns.iter().filter(|p| p.pattern == PatternKind::Attribute && !p.in_use) {
            out.push(Self::finding(
                p.place.clone(),
                text!(
                    en: "the attribute pattern fits: {change}",
                    es: "encaja el patrón de atributos: {change}",
                    pt: "o padrão de atributos se encaixa: {change}";
                    change = p.change.clone()
                ),
                text!(
                    en: "Every characteristic a search filters on needs its own index: the indexes multiply with the kinds of item, and every write updates them all.",
                    es: "Cada característica por la que filtra una búsqueda necesita su propio índice: los índices se multiplican con los tipos de artículo y cada escritura los actualiza todos.",
                    pt: "Cada característica pela qual uma busca filtra precisa de um índice próprio: os índices se multiplicam com os tipos de item e cada escrita atualiza todos eles."
                ),
                text!(
                    en: "Keep the optional characteristics as {k, v} pairs in one array with one compound index on its k and v.",
                    es: "Guarda las características opcionales como pares {k, v} en un array con un solo índice compuesto sobre su k y su v.",
                    pt: "Guarde as características opcionais como pares {k, v} em um array com um só índice composto sobre seu k e seu v."
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::advisor::rules::collection_fixtures::{collection, findings, model, query};
    use crate::i18n::Lang;
    use crate::model::{BsonType, Field, Model, Place};

    /// Products with seven optional characteristics, three of them searched.
    fn catalogue() -> Model {
        let mut m = model();
        let mut p = collection("p", "products");
        for name in ["color", "size", "voltage", "capacity", "wattage", "author", "pages"] {
            p.fields.push(Field::new(name, BsonType::String));
        }
        m.entities.push(p);
        for (id, field) in [("S1", "color"), ("S2", "voltage"), ("S3", "author")] {
            m.queries.push(query(id, "p", &[field], &[]));
        }
        m
    }

    #[test]
    fn searches_on_many_optional_characteristics_want_the_attribute_pattern() {
        let f = findings(&catalogue(), "DS505");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].place, Place::Entity { id: "p".into() });
        let message = f[0].message.en();
        assert!(message.starts_with("the attribute pattern fits: products has 7 optional"), "{message}");
        assert!(message.contains("S1, S2 and S3 filter on color, voltage and author"), "{message}");
        assert!(f[0].fix_hint.en().contains("{k, v} pairs"));
    }

    #[test]
    fn few_searched_characteristics_or_the_pattern_in_use_pass() {
        let mut m = catalogue();
        m.queries.pop();
        assert!(findings(&m, "DS505").is_empty(), "two searched fields are two indexes: no pattern needed");
        let mut m = catalogue();
        let mut attrs = Field::new("attrs", BsonType::Array);
        attrs.items = Some(BsonType::Object);
        attrs.fields = vec![Field::new("k", BsonType::String), Field::new("v", BsonType::String)];
        m.entities[1].fields.truncate(2);
        m.entities[1].fields.push(attrs);
        assert!(findings(&m, "DS505").is_empty(), "the pattern in use");
    }

    #[test]
    fn the_finding_reads_in_spanish_and_portuguese() {
        let f = &findings(&catalogue(), "DS505")[0];
        let es = f.message.render(Lang::Es);
        assert!(es.starts_with("encaja el patrón de atributos: products tiene 7 campos opcionales"), "{es}");
        let pt = f.message.render(Lang::Pt);
        assert!(pt.starts_with("o padrão de atributos se encaixa: products tem 7 campos opcionais"), "{pt}");
        assert!(f.why.render(Lang::Pt).starts_with("Cada característica"));
        assert!(f.fix_hint.render(Lang::Es).contains("pares {k, v}"));
    }
}
