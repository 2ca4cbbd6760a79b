//! The comments above the mongosh write snippets, in English, Spanish and Portuguese: what each
//! function does and when to call it. The code under them is the same in every language.

use crate::i18n::Text;
use crate::model::{BucketSpec, Subset};
use crate::text;

/// Above `refresh_<collection>_<field>`: the subset copy and how to refresh it.
pub fn subset(collection: &str, subset: &Subset, child: &str) -> Text {
    let count = match &subset.count_field {
        Some(c) => {
            text!(en: " The total stays in {c}.", es: " El total se guarda en {c}.", pt: " O total fica em {c}."; c)
        }
        None => Text::empty(),
    };
    let which = if subset.order_by.is_empty() {
        text!(en: "the last {n}", es: "los últimos {n}", pt: "os últimos {n}"; n = subset.size.to_string())
    } else {
        text!(
            en: "the first {n} by {order}", es: "los primeros {n} por {order}", pt: "os primeiros {n} por {order}";
            n = subset.size.to_string(), order = &subset.order_by
        )
    };
    text!(
        en: "// {coll_name}.{field}: subset of {child} ({which}).{count}\n\
             // Refresh lazily (a background pass every few minutes is fine): drop the item if present,\n\
             // then push it back in order and keep the first {size}.\n",
        es: "// {coll_name}.{field}: subconjunto de {child} ({which}).{count}\n\
             // Refréscalo sin prisa (basta una pasada en segundo plano cada pocos minutos): quita el elemento\n\
             // si está y vuelve a insertarlo en orden, conservando los {size} primeros.\n",
        pt: "// {coll_name}.{field}: subconjunto de {child} ({which}).{count}\n\
             // Atualize sem pressa (uma passada em segundo plano a cada poucos minutos basta): remova o item\n\
             // se estiver presente e insira-o de novo na ordem, mantendo os {size} primeiros.\n";
        coll_name = collection, field = &subset.field, child, which, count, size = subset.size.to_string()
    )
}

/// Above `upgrade_<collection>`: the version-conditional update.
pub fn version(collection: &str, v: &str) -> Text {
    text!(
        en: "// {name}: conditional update on the schema version ({v}). Readers handle the old and the\n\
             // new shape; this moves one document forward only if nobody changed its version since it was\n\
             // read (the filter includes the version read), so concurrent migrators never apply it twice.\n",
        es: "// {name}: actualización condicionada a la versión del esquema ({v}). Los lectores manejan la forma\n\
             // antigua y la nueva; esto avanza un documento solo si nadie cambió su versión desde que se leyó\n\
             // (el filtro incluye la versión leída), así que dos migradores a la vez nunca la aplican dos veces.\n",
        pt: "// {name}: atualização condicionada à versão do schema ({v}). Os leitores lidam com a forma antiga\n\
             // e a nova; isto avança um documento só se ninguém mudou sua versão desde a leitura\n\
             // (o filtro inclui a versão lida), então migradores concorrentes nunca a aplicam duas vezes.\n";
        name = collection, v
    )
}

/// Above `record_<collection>`: the bucket upsert, the writes it serves and the retention.
pub fn bucket(collection: &str, per: &str, b: &BucketSpec, writes: &[String]) -> Text {
    let serves = if writes.is_empty() {
        Text::empty()
    } else {
        text!(en: " Serves {list}.", es: " Atiende {list}.", pt: " Atende {list}."; list = writes.join("; "))
    };
    let ttl = match b.ttl_seconds {
        Some(s) => text!(
            en: " Old buckets expire through the TTL index ({s} s).",
            es: " Los contenedores antiguos caducan por el índice TTL ({s} s).",
            pt: " Os buckets antigos expiram pelo índice TTL ({s} s).";
            s = s.to_string()
        ),
        None => Text::empty(),
    };
    text!(
        en: "// {name}: bucket upsert, one document per {per} and {period}, at most {cap} {events}.{serves}\n\
             // When a bucket is full the filter stops matching, the upsert collides on _id (E11000) and\n\
             // the event goes to the next bucket (…-2, …-3).{ttl}\n",
        es: "// {name}: upsert del contenedor, un documento por {per} y {period}, como máximo {cap} {events}.{serves}\n\
             // Cuando un contenedor está lleno el filtro deja de coincidir, el upsert choca en _id (E11000) y\n\
             // el evento pasa al contenedor siguiente (…-2, …-3).{ttl}\n",
        pt: "// {name}: upsert do bucket, um documento por {per} e {period}, no máximo {cap} {events}.{serves}\n\
             // Quando um bucket está cheio o filtro deixa de casar, o upsert colide no _id (E11000) e\n\
             // o evento vai para o bucket seguinte (…-2, …-3).{ttl}\n";
        name = collection, per, period = &b.period, cap = b.cap.to_string(), events = &b.array_field, serves, ttl
    )
}

/// Inside `add_…`: an average with no stored sum and count.
pub fn no_sum(path: &str, child: &str) -> Text {
    text!(
        en: "  // {path} has no stored sum and count: recompute it from {child} (no $inc possible).\n",
        es: "  // {path} no tiene suma ni recuento guardados: recalcúlalo desde {child} (no se puede usar $inc).\n",
        pt: "  // {path} não tem soma nem contagem guardadas: recalcule-o a partir de {child} (não dá para usar $inc).\n";
        path, child
    )
}

/// Above `add_<child>_to_<collection>`: the computed fields and how they stay right.
pub fn computed(collection: &str, fields: &[&str], child: &str, source: &str, averaged: bool) -> Text {
    let how = if averaged {
        text!(
            en: "Sum and count are stored, so each change updates them with $inc\n// and the average is recomputed from them",
            es: "La suma y el recuento se guardan, así que cada cambio los actualiza con $inc\n// y la media se recalcula a partir de ellos",
            pt: "A soma e a contagem ficam guardadas, então cada mudança as atualiza com $inc\n// e a média é recalculada a partir delas"
        )
    } else {
        text!(
            en: "Each change is applied with $inc ($min/$max)",
            es: "Cada cambio se aplica con $inc ($min/$max)",
            pt: "Cada mudança é aplicada com $inc ($min/$max)"
        )
    };
    text!(
        en: "// {name}.{fields}: computed from {child}.{source}. {how};\n\
             // a periodic full recompute corrects any drift. Call after inserting into {child}\n\
             // (with negative values after a delete).\n",
        es: "// {name}.{fields}: calculado a partir de {child}.{source}. {how};\n\
             // un recálculo completo periódico corrige cualquier desviación. Llámala después de insertar en {child}\n\
             // (con valores negativos después de un borrado).\n",
        pt: "// {name}.{fields}: calculado a partir de {child}.{source}. {how};\n\
             // um recálculo completo periódico corrige qualquer desvio. Chame-a depois de inserir em {child}\n\
             // (com valores negativos depois de uma exclusão).\n";
        name = collection, fields = fields.join(", "), child, source, how
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn comments_in_each_language() {
        let b = BucketSpec {
            array_field: "lecturas".into(),
            period: "day".into(),
            cap: 1440,
            count_field: None,
            period_field: None,
            ttl_seconds: Some(86_400),
            id_scheme: String::new(),
        };
        let c = bucket("mediciones", "sensor_id", &b, &["W1 Registrar".to_string()]);
        assert!(c.en().starts_with("// mediciones: bucket upsert, one document per sensor_id and day, at most 1440 lecturas. Serves W1 Registrar.\n"));
        assert!(c.render(Lang::Es).contains("como máximo 1440 lecturas. Atiende W1 Registrar.\n"));
        assert!(c.render(Lang::Pt).ends_with(" Os buckets antigos expiram pelo índice TTL (86400 s).\n"));
        let averaged = computed("catalogo", &["valoracion"], "resenas", "puntuacion", true);
        assert!(averaged.render(Lang::Pt).contains("calculado a partir de resenas.puntuacion. A soma"));
        for t in [c, averaged, version("users", "v"), no_sum("x.media", "resenas")] {
            assert!(t.check().is_ok(), "{:?}", t.check());
        }
    }
}
