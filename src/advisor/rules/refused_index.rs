use crate::advisor::design::Design;
use crate::advisor::paths::{resolve, Layout};
use crate::advisor::{Context, Finding, Rule, RuleMeta};
use crate::i18n::{Arg, Text};
use crate::model::{Entity, Id, IndexSpec, KeyKind, Place};
use crate::{declare_rule, text};

declare_rule! {
    /// ## What it does
    /// Flags each declared index that MongoDB refuses to build, so the design cannot be
    /// created as drawn:
    /// - a compound index whose ordinary (ascending or descending) keys name two different
    ///   arrays of the documents, such as `{ tags: 1, sizes: 1 }` when `tags` and `sizes` are
    ///   both arrays ("cannot index parallel arrays"). Keys inside one array of embedded
    ///   documents (`{ "variants.size": 1, "variants.color": 1 }`) name one array and pass, as
    ///   does one array among scalar fields;
    /// - a hashed key on an array (a hashed index cannot be multikey);
    /// - a unique hashed index (a hashed index cannot be unique);
    /// - a second text index on a collection (a collection has at most one; one text index
    ///   may name several fields);
    /// - a TTL index on a capped collection (a capped collection cannot delete documents).
    ///
    /// ## Why is this bad?
    /// `createIndex` fails, and the script stops at that line; where the index exists before
    /// the data breaks its rule (a hashed or compound index, then an array written into it),
    /// the write fails instead. A multikey index holds one entry per element of the array it
    /// indexes: over two arrays it would hold one per pair, and a hashed key holds one hash
    /// per value, never per element.
    ///
    /// ## Example
    /// Products with `tags` and available `sizes`, both arrays, and `{ tags: 1, sizes: 1 }`
    /// declared for "products with this tag in this size"; `{ email: "hashed" }` declared
    /// unique to keep addresses apart.
    ///
    /// ## Use instead
    /// Index one of the arrays (with the scalar fields the query matches) and let the fetch
    /// filter the other, or hold the pairs as one array of embedded documents
    /// (`variants: [{ size, color }]`) and index two fields of it; the advisor derives indexes
    /// this way. Keep uniqueness on an ordinary index (`{ email: 1 }`, unique) and a hashed
    /// key for sharding only; a hashed key on a scalar field. Put every text field in one
    /// text index. Bound a capped collection by its size, or make it an ordinary collection
    /// to expire its documents by date.
    ///
    /// ## References
    /// MongoDB manual, "Multikey Indexes" (Limitations: compound multikey indexes), "Hashed
    /// Indexes" (restrictions), "Text Indexes" (one text index per collection), "TTL Indexes"
    /// (Restrictions: capped collections) and "Capped Collections".
    pub RefusedIndex {
        code: "DS315",
        name: "refused-index",
        category: Indexes,
        severity: Error,
    }
}

/// Why MongoDB refuses a declared index.
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal<'m> {
    /// Keys in two different arrays: `first` (kept) and `other`; `kept` is the index without
    /// the keys on other arrays.
    ParallelArrays { first: &'m str, other: &'m str, kept: IndexSpec },
    /// A hashed key on an array path.
    HashedArray { path: &'m str },
    /// A hashed index declared unique.
    HashedUnique,
    /// A text index after the collection's first one (`first`).
    SecondText { first: &'m IndexSpec },
    /// A TTL index on a capped collection.
    TtlOnCapped,
}

/// A declared index MongoDB refuses to build, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct RefusedIndexOf<'m> {
    pub entity: &'m Entity,
    pub index: &'m IndexSpec,
    pub why: Refusal<'m>,
}

/// Every declared index of the design that MongoDB refuses to build, in model order (one
/// reason each: the first that applies).
pub fn refused_indexes<'m>(design: &Design<'m>) -> Vec<RefusedIndexOf<'m>> {
    let layout = design.layout();
    let mut out = Vec::new();
    for c in design.collections() {
        let e = c.entity;
        let mut first_text = None;
        for index in &e.collection.indexes {
            if let Some(why) = refusal_of(layout, e, index, &mut first_text) {
                out.push(RefusedIndexOf { entity: e, index, why });
            }
        }
    }
    out
}

/// Why MongoDB refuses `index`, the next of `e`'s declared indexes taken in order, if it does;
/// `first_text` keeps the collection's first text index from one call to the next.
pub(crate) fn refusal_of<'m>(
    layout: &Layout,
    e: &'m Entity,
    index: &'m IndexSpec,
    first_text: &mut Option<&'m IndexSpec>,
) -> Option<Refusal<'m>> {
    let why = refusal(layout, e, index, *first_text);
    if first_text.is_none() && index.keys.iter().any(|k| k.kind == Some(KeyKind::Text)) {
        *first_text = Some(index);
    }
    why
}

fn refusal<'m>(
    layout: &Layout,
    e: &'m Entity,
    index: &'m IndexSpec,
    first_text: Option<&'m IndexSpec>,
) -> Option<Refusal<'m>> {
    let is_array = |path: &str| resolve(layout, e, path).is_some_and(|r| r.array);
    let hashed = index.keys.iter().find(|k| k.kind == Some(KeyKind::Hashed));
    if let Some(k) = hashed.filter(|k| is_array(k.field.as_str())) {
        return Some(Refusal::HashedArray { path: k.field.as_str() });
    }
    if hashed.is_some() && index.unique {
        return Some(Refusal::HashedUnique);
    }
    if let Some(first) = first_text.filter(|_| index.keys.iter().any(|k| k.kind == Some(KeyKind::Text))) {
        return Some(Refusal::SecondText { first });
    }
    if index.ttl_seconds.is_some() && e.collection.capped.is_some() {
        return Some(Refusal::TtlOnCapped);
    }
    let arrays = array_keys(layout, e, index);
    let &(first, first_top) = arrays.first()?;
    let &(other, _) = arrays.iter().find(|(_, top)| *top != first_top)?;
    let mut kept = index.clone();
    kept.keys.retain(|k| !arrays.iter().any(|(path, top)| *path == k.field.as_str() && *top != first_top));
    Some(Refusal::ParallelArrays { first, other, kept })
}

/// The array paths of `index`'s ordinary keys, each with the first field of its path (one
/// array per first field), in key order.
fn array_keys<'i>(layout: &Layout, e: &Entity, index: &'i IndexSpec) -> Vec<(&'i str, &'i str)> {
    index
        .keys
        .iter()
        .filter(|k| k.kind.is_none())
        .map(|k| k.field.as_str())
        .filter(|path| resolve(layout, e, path).is_some_and(|r| r.array))
        .map(|path| (path, path.split('.').next().unwrap_or(path)))
        .collect()
}

impl Refusal<'_> {
    /// Why MongoDB refuses `key` on collection `name`, in one sentence.
    pub fn sentence(&self, key: Arg, name: &str) -> Text {
        match self {
            Refusal::ParallelArrays { first, other, .. } => text!(
                en: "MongoDB refuses to build {key} on {name}: {first} and {other} are both arrays, and a compound index may hold one array per document.",
                es: "MongoDB se niega a crear {key} en {name}: {first} y {other} son arrays, y un índice compuesto solo admite un array por documento.",
                pt: "O MongoDB se recusa a criar {key} em {name}: {first} e {other} são arrays, e um índice composto só admite um array por documento.";
                key, name, first = *first, other = *other
            ),
            Refusal::HashedArray { path } => text!(
                en: "MongoDB refuses to build {key} on {name}: {path} is an array, and a hashed key holds one value per document, never an array.",
                es: "MongoDB se niega a crear {key} en {name}: {path} es un array, y una clave hashed guarda un valor por documento, nunca un array.",
                pt: "O MongoDB se recusa a criar {key} em {name}: {path} é um array, e uma chave hashed guarda um valor por documento, nunca um array.";
                key, name, path = *path
            ),
            Refusal::HashedUnique => text!(
                en: "MongoDB refuses to build {key} on {name}: a hashed index cannot be unique.",
                es: "MongoDB se niega a crear {key} en {name}: un índice hashed no puede ser único.",
                pt: "O MongoDB se recusa a criar {key} em {name}: um índice hashed não pode ser único.";
                key, name
            ),
            Refusal::SecondText { first } => text!(
                en: "MongoDB refuses to build {key} on {name}: {name} has a text index already, {first}, and a collection has at most one.",
                es: "MongoDB se niega a crear {key} en {name}: {name} ya tiene un índice de texto, {first}, y una colección admite uno como mucho.",
                pt: "O MongoDB se recusa a criar {key} em {name}: {name} já tem um índice de texto, {first}, e uma coleção admite no máximo um.";
                key, name, first = first.with_key_doc(Arg::str)
            ),
            Refusal::TtlOnCapped => text!(
                en: "MongoDB refuses to build {key} on {name}: {name} is a capped collection, and a capped collection cannot take a TTL index.",
                es: "MongoDB se niega a crear {key} en {name}: {name} es una colección capped, y una colección capped no admite un índice TTL.",
                pt: "O MongoDB se recusa a criar {key} em {name}: {name} é uma coleção capped, e uma coleção capped não admite um índice TTL.";
                key, name
            ),
        }
    }

    /// What to do instead.
    fn fix_hint(&self, name: &str) -> Text {
        match self {
            Refusal::ParallelArrays { other, kept, .. } => text!(
                en: "Index one array ({kept}) and let the fetch filter {other}, or keep the pairs as one array of embedded documents and index two fields of it.",
                es: "Indexa un solo array ({kept}) y deja que la lectura de los documentos filtre {other}, o guarda los pares como un único array de documentos embebidos e indexa dos campos suyos.",
                pt: "Indexe um só array ({kept}) e deixe a leitura dos documentos filtrar {other}, ou guarde os pares como um único array de documentos embutidos e indexe dois campos dele.";
                kept = kept.with_key_doc(Arg::str), other = *other
            ),
            Refusal::HashedArray { path } => text!(
                en: "Index {path} with an ordinary key (multikey), or hash a scalar field.",
                es: "Indexa {path} con una clave ordinaria (multiclave), o aplica hash a un campo escalar.",
                pt: "Indexe {path} com uma chave comum (multichave), ou aplique hash a um campo escalar.";
                path = *path
            ),
            Refusal::HashedUnique => text!(
                en: "Keep the uniqueness on an ordinary index of the same field, and the hashed key for sharding or equality only.",
                es: "Deja la unicidad en un índice ordinario del mismo campo, y la clave hashed solo para fragmentar o para igualdades.",
                pt: "Deixe a unicidade num índice comum do mesmo campo, e a chave hashed só para fragmentar ou para igualdades."
            ),
            Refusal::SecondText { .. } => text!(
                en: "Put every field to search in one text index of {name} (a text index may name several fields, each with a weight).",
                es: "Pon todos los campos que se buscan en un único índice de texto de {name} (un índice de texto puede nombrar varios campos, cada uno con un peso).",
                pt: "Ponha todos os campos buscados num único índice de texto de {name} (um índice de texto pode nomear vários campos, cada um com um peso).";
                name
            ),
            Refusal::TtlOnCapped => text!(
                en: "Bound {name} by its size and count, as a capped collection does, or make it an ordinary collection to expire its documents by date.",
                es: "Limita {name} por tamaño y número de documentos, como hace una colección capped, o conviértela en una colección ordinaria para que sus documentos venzan por fecha.",
                pt: "Limite {name} por tamanho e número de documentos, como faz uma coleção capped, ou torne-a uma coleção comum para que seus documentos vençam por data.";
                name
            ),
        }
    }
}

impl Rule for RefusedIndex {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for r in refused_indexes(cx.design) {
            let e = r.entity;
            out.push(Self::finding(
                Place::Entity { id: Id::new(&e.id) },
                r.why.sentence(r.index.with_key_doc(Arg::str), &e.name),
                text!(
                    en: "createIndex fails, and the script stops at that line; an index already in place rejects the writes that break its rule instead.",
                    es: "createIndex falla y el script se detiene en esa línea; un índice ya creado rechaza en su lugar las escrituras que rompen su regla.",
                    pt: "O createIndex falha e o script para nessa linha; um índice já criado rejeita em seu lugar as escritas que quebram sua regra."
                ),
                r.why.fix_hint(&e.name),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{findings, model, query};
    use crate::i18n::Lang;
    use crate::model::{BsonType, Field, IndexKey, IndexSpec, KeyKind};

    /// Items with `tags` and `sizes` (arrays of strings), `variants` (an array of documents
    /// with `size` and `color`), `category` (a string), and the declared indexes given.
    fn items(indexes: Vec<IndexSpec>) -> crate::model::Model {
        let mut m = model();
        let array = |name: &str| {
            let mut f = Field::new(name, BsonType::Array);
            f.items = Some(BsonType::String);
            f
        };
        let mut variants = Field::new("variants", BsonType::Array);
        variants.items = Some(BsonType::Object);
        variants.fields = vec![Field::new("size", BsonType::String), Field::new("color", BsonType::String)];
        m.entities[0].fields.extend([
            array("tags"),
            array("sizes"),
            variants,
            Field::new("category", BsonType::String),
        ]);
        m.entities[0].collection.indexes = indexes;
        m
    }

    #[test]
    fn a_compound_index_over_two_arrays_is_an_error_that_names_both_and_the_index_that_can_be_built() {
        let m = items(vec![IndexSpec::new(&[("category", 1), ("tags", 1), ("sizes", 1)])]);
        let f = findings(&m, "DS315");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(
            f[0].message.en(),
            "MongoDB refuses to build { category: 1, tags: 1, sizes: 1 } on items: tags and sizes are both arrays, and a compound index may hold one array per document."
        );
        assert!(f[0]
            .fix_hint
            .en()
            .starts_with("Index one array ({ category: 1, tags: 1 }) and let the fetch filter sizes"));
        assert!(f[0]
            .message
            .render(Lang::Es)
            .starts_with("MongoDB se niega a crear { category: 1, tags: 1, sizes: 1 } en items"));
    }

    #[test]
    fn the_script_keeps_the_refused_index_commented_out_with_the_reason() {
        let m = items(vec![IndexSpec::new(&[("tags", 1), ("sizes", 1)])]);
        let r = crate::advisor::analyze(&m);
        let script = crate::export::mongosh::script(&m, &r.indexes, Lang::En);
        assert!(script.contains("// refused-index (DS315): MongoDB refuses to build { tags: 1, sizes: 1 } on items: tags and sizes are both arrays, and a compound index may hold one array per document."), "{script}");
        assert!(script.contains("// db.items.createIndex({ tags: 1, sizes: 1 });"), "{script}");
        assert!(!script.lines().any(|l| l.starts_with("db.items.createIndex({ tags: 1, sizes: 1 })")), "{script}");
    }

    #[test]
    fn hostile_array_names_stay_inside_the_script_comments() {
        let mut m = items(vec![]);
        // No dot: a dot would make it a path into a sub-document.
        let hostile = "t\nrequire(\"fs\")\u{2028}rmSync(\"/\") //*/";
        if let Some(f) = m.entities[0].fields.iter_mut().find(|f| f.name == "tags") {
            f.name = hostile.into();
        }
        m.entities[0].collection.indexes = vec![IndexSpec::new(&[(hostile, 1), ("sizes", 1)])];
        let r = crate::advisor::analyze(&m);
        assert_eq!(findings(&m, "DS315").len(), 1);
        let script = crate::export::mongosh::script(&m, &r.indexes, Lang::En);
        // Every line that mentions the name is a comment, or quotes it as a string key.
        let mentions: Vec<&str> = script.lines().filter(|l| l.contains("rmSync")).collect();
        assert!(mentions.iter().any(|l| l.contains("refused-index (DS315)")), "{script}");
        for line in mentions {
            let code = line.trim_start();
            assert!(code.starts_with("//") || code.contains("\"t\\nrequire"), "{line}");
        }
        assert!(
            !script.lines().any(|l| l.trim_start().starts_with("require(") || l.trim_start().starts_with("rmSync(")),
            "{script}"
        );
    }

    #[test]
    fn the_advisor_never_derives_an_index_over_two_arrays_and_says_the_fetch_filters_the_second() {
        let mut m = items(Vec::new());
        let mut q = query("Q1", "c", &["category", "tags", "sizes"], &[]);
        q.per_minute = 300.0;
        m.queries.push(q);
        let r = crate::advisor::analyze(&m);
        let derived: Vec<_> = r.indexes.iter().filter(|a| !a.declared).collect();
        assert_eq!(derived.len(), 1, "{derived:?}");
        assert_eq!(derived[0].index.key_doc(), "{ category: 1, tags: 1 }");
        assert!(derived[0].multikey);
        let why = derived[0].reason.en();
        assert!(
            why.contains(
                "sizes is another array: MongoDB refuses a compound index over two arrays, so the fetch filters it."
            ),
            "{why}"
        );
        assert!(findings(&m, "DS315").is_empty(), "derived indexes are never flagged");
        assert!(findings(&m, "DS304").is_empty(), "no declared index is needed: {:?}", findings(&m, "DS304"));
    }

    #[test]
    fn hashed_unique_hashed_arrays_a_second_text_index_and_a_ttl_on_a_capped_collection_are_refused() {
        let key = |field: &str, kind: KeyKind| IndexKey { kind: Some(kind), ..IndexKey::new(field, 1) };
        let one = |k: IndexKey| IndexSpec { keys: vec![k], ..IndexSpec::default() };
        let said =
            |m: &crate::model::Model| -> Vec<String> { findings(m, "DS315").iter().map(|f| f.message.en()).collect() };

        let unique_hashed = IndexSpec { unique: true, ..one(key("category", KeyKind::Hashed)) };
        let m = items(vec![unique_hashed, one(key("tags", KeyKind::Hashed))]);
        assert_eq!(
            said(&m),
            [
                "MongoDB refuses to build { category: \"hashed\" } on items: a hashed index cannot be unique.",
                "MongoDB refuses to build { tags: \"hashed\" } on items: tags is an array, and a hashed key holds one value per document, never an array.",
            ]
        );

        let m = items(vec![one(key("category", KeyKind::Text)), one(key("sizes", KeyKind::Text))]);
        assert_eq!(
            said(&m),
            ["MongoDB refuses to build { sizes: \"text\" } on items: items has a text index already, { category: \"text\" }, and a collection has at most one."]
        );

        let mut m = items(vec![IndexSpec { ttl_seconds: Some(60), ..IndexSpec::new(&[("category", 1)]) }]);
        m.entities[0].collection.capped = Some(crate::model::Capped { size_bytes: 1 << 20, max_documents: None });
        assert_eq!(
            said(&m),
            ["MongoDB refuses to build { category: 1 } on items: items is a capped collection, and a capped collection cannot take a TTL index."]
        );
        // The same TTL on an ordinary collection, a hashed scalar that is not unique, and one
        // text index over two fields are built.
        m.entities[0].collection.capped = None;
        m.entities[0].collection.indexes.push(one(key("category", KeyKind::Hashed)));
        m.entities[0].collection.indexes.push(IndexSpec {
            keys: vec![key("category", KeyKind::Text), key("tags", KeyKind::Text)],
            ..IndexSpec::default()
        });
        assert!(said(&m).is_empty(), "{:?}", said(&m));
    }

    #[test]
    fn one_array_among_scalars_one_array_of_documents_and_unordered_keys_pass() {
        let text = IndexSpec {
            keys: vec![
                IndexKey { kind: Some(KeyKind::Text), ..IndexKey::new("tags", 1) },
                IndexKey { kind: Some(KeyKind::Text), ..IndexKey::new("sizes", 1) },
            ],
            ..IndexSpec::default()
        };
        let m = items(vec![
            IndexSpec::new(&[("category", 1), ("tags", 1)]),
            IndexSpec::new(&[("variants.size", 1), ("variants.color", 1), ("category", 1)]),
            text,
        ]);
        assert!(findings(&m, "DS315").is_empty(), "{:?}", findings(&m, "DS315"));
    }
}
