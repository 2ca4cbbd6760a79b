//! The sharding part of the mongosh script (issue 35): for each collection the scale advice
//! shards, `sh.shardCollection` on its key (the design's stated key when it is valid, else the
//! recommended one, hashed or ranged as advised), after one `sh.enableSharding`; and the zone
//! commands (`sh.addShardToZone`, `sh.updateZoneKeyRange`) where the design names a region or
//! tenant field and the key starts with it. Each command is commented with the advice's reason
//! in the export's language.
//!
//! The commands need a sharded cluster (mongosh connected to a mongos), and the zones need the
//! team's shard names, so both are defined as functions and not called, like the write
//! functions of the script: `shard_cluster()` and `zone_shards()`. Names and values go through
//! the script's escaping (`js_string`, `key_doc`'s keys, `push_comment`).
//!
//! Sources (MongoDB's pages, by title): "sh.shardCollection()", "sh.enableSharding()",
//! "Zones", "Manage Shard Zones", "sh.updateZoneKeyRange()".

use super::shell::js_string;
use crate::advisor::scale::texts::{advice_summary, key_summary, limit, when};
use crate::advisor::scale::{key_doc, CollectionScale, ShardAdvice, Zones};
use crate::escape::js::push_comment;
use crate::i18n::{Lang, Text};
use crate::model::{FieldRole, Model, ShardKey};
use crate::text;
use std::fmt::Write;

/// One collection to shard: its name, the key and why.
struct Sharded<'a> {
    name: &'a str,
    /// `None`: only a refused stated key brought the collection here, and nothing is run.
    key: Option<&'a ShardKey>,
    reason: Text,
    /// A stated key `shardCollection` would refuse, with its problems (commented out).
    refused: Option<(&'a ShardKey, Vec<Text>)>,
    zones: Option<&'a Zones>,
}

/// Appends the sharding section of the script: nothing when no collection is sharded.
pub(super) fn push_sharding(out: &mut String, model: &Model, scale: &[CollectionScale], lang: Lang) {
    let sharded: Vec<Sharded> = scale.iter().filter_map(|s| sharded(model, s)).collect();
    if sharded.is_empty() {
        return;
    }
    out.push('\n');
    push_comment(out, &format!("// ── sharding {}", "─".repeat(52)));
    push_comment(out, &intro().render(lang));
    out.push_str("function shard_cluster() {\n");
    push_comment(
        out,
        &text!(
            en: "  // MongoDB 6.0 and later enable sharding on the first shardCollection; older servers need this line.",
            es: "  // MongoDB 6.0 y posteriores habilitan el sharding con el primer shardCollection; los servidores anteriores necesitan esta línea.",
            pt: "  // O MongoDB 6.0 e posteriores habilitam o sharding no primeiro shardCollection; servidores anteriores precisam desta linha."
        )
        .render(lang),
    );
    out.push_str("  sh.enableSharding(db.getName());\n");
    for s in &sharded {
        let ns = namespace(s.name);
        if let Some((key, problems)) = &s.refused {
            let refused = text!(
                en: "  // {name}: the design's shard key {key} would be refused:",
                es: "  // {name}: la clave de shard del diseño {key} sería rechazada:",
                pt: "  // {name}: a chave de shard do design {key} seria recusada:";
                name = s.name, key = key_doc(key)
            );
            push_comment(out, &refused.render(lang));
            for p in problems {
                push_comment(out, &format!("  //   - {}", p.render(lang)));
            }
            push_comment(out, &format!("  // sh.shardCollection({ns}, {});", key_doc(key)));
        }
        let Some(key) = s.key else { continue };
        push_comment(out, &format!("  // {}: {}", s.name, s.reason.render(lang)));
        let options = if key.unique { ", { unique: true }" } else { "" };
        let _ = writeln!(out, "  sh.shardCollection({ns}, {}{options});", key_doc(key));
    }
    out.push_str("}\n");
    zone_section(out, &sharded, lang);
}

/// `db.getName() + ".orders"`: the collection's namespace in the database the script runs on.
fn namespace(name: &str) -> String {
    format!("db.getName() + {}", js_string(&format!(".{name}")))
}

fn intro() -> Text {
    text!(
        en: "// These collections outgrow one replica set (or the design states their shard key): the\n\
             // advisor's reasons are above each command. On a sharded cluster (mongosh connected to a\n\
             // mongos), once the collections and indexes above exist, call shard_cluster(). Check the\n\
             // keys first with docshape shard MODEL.json.",
        es: "// Estas colecciones superan un replica set (o el diseño indica su clave de shard): las\n\
             // razones del asesor están encima de cada orden. En un clúster fragmentado (mongosh conectado\n\
             // a un mongos), una vez creadas las colecciones y los índices de arriba, llama a shard_cluster().\n\
             // Comprueba antes las claves con docshape shard MODELO.json.",
        pt: "// Estas coleções superam um replica set (ou o design indica sua chave de shard): as razões\n\
             // do assistente estão acima de cada comando. Em um cluster fragmentado (mongosh conectado a um\n\
             // mongos), depois de criadas as coleções e os índices acima, chame shard_cluster(). Verifique\n\
             // antes as chaves com docshape shard MODELO.json."
    )
}

/// The collection's key and reason, when the advice shards it.
fn sharded<'a>(model: &'a Model, s: &'a CollectionScale) -> Option<Sharded<'a>> {
    let advice = s.shard.as_ref()?;
    let entity = model.entity(&s.entity)?;
    let name = entity.name.as_str();
    let t = &model.thresholds;
    let stated_key = entity.collection.shard_key.as_ref();
    let refused = stated_key.filter(|_| !advice.problems.is_empty()).map(|k| (k, problems(advice)));
    let need = text!(
        en: "needs-sharding (DS205): it outgrows one replica set {when}: {what}",
        es: "needs-sharding (DS205): supera un replica set {when}: {what}",
        pt: "needs-sharding (DS205): supera um replica set {when}: {what}";
        when = when(&s.figures), what = limit(&s.figures, t)
    );
    let (key, reason) = match advice.stated_option() {
        Some(stated) => {
            let why = if advice.needed {
                need
            } else {
                text!(
                    en: "the design states this key (one replica set would hold the collection)",
                    es: "el diseño indica esta clave (un replica set bastaría para la colección)",
                    pt: "o design indica esta chave (um replica set bastaria para a coleção)"
                )
            };
            let mut reason = join(why, key_summary(stated));
            if advice.stated_is_worse() {
                if let Some(r) = advice.recommended_option() {
                    let better = text!(
                        en: "shard-key-weak (DS207): the advisor recommends {key} instead",
                        es: "shard-key-weak (DS207): el asesor recomienda {key} en su lugar",
                        pt: "shard-key-weak (DS207): o assistente recomenda {key} em seu lugar";
                        key = key_doc(&r.key)
                    );
                    reason = join(reason, better);
                }
            }
            (&stated.key, reason)
        }
        None if advice.needed => (&advice.recommended_option()?.key, join(need, advice_summary(advice))),
        None => {
            // Only a refused stated key brought the collection here: nothing to run.
            refused.as_ref()?;
            return Some(Sharded { name, key: None, reason: Text::empty(), refused, zones: None });
        }
    };
    Some(Sharded { name, key: Some(key), reason, refused, zones: advice.zones.as_ref() })
}

fn problems(advice: &ShardAdvice) -> Vec<Text> {
    advice.problems.iter().map(|p| p.message.clone()).collect()
}

fn join(a: Text, b: Text) -> Text {
    if b.is_empty() {
        return a;
    }
    text!(en: "{a}; {b}", es: "{a}; {b}", pt: "{a}; {b}"; a, b)
}

/// The zone commands of every sharded collection whose key starts with its region or tenant
/// field, in a function to call once each placeholder names a shard.
fn zone_section(out: &mut String, sharded: &[Sharded], lang: Lang) {
    let zoned: Vec<(&Sharded, &ShardKey, &Zones)> = sharded
        .iter()
        .filter_map(|s| Some((s, s.key?, s.zones?)))
        .filter(|(_, key, z)| key.fields.first().is_some_and(|f| f.field == z.field && !f.hashed))
        .collect();
    if zoned.is_empty() {
        return;
    }
    out.push('\n');
    push_comment(
        out,
        &text!(
            en: "// Zones pin ranges of a key to chosen shards (\"Zones\"). Every \"REPLACE_shard_for_…\" below is a\n\
                 // placeholder: replace it with the name of one of your shards (sh.status() lists them),\n\
                 // then call zone_shards() once.",
            es: "// Las zonas fijan rangos de una clave a shards elegidos (\"Zones\"). Cada \"REPLACE_shard_for_…\" de\n\
                 // abajo es un marcador: sustitúyelo por el nombre de uno de tus shards (sh.status() los lista)\n\
                 // y llama una vez a zone_shards().",
            pt: "// As zonas fixam intervalos de uma chave em shards escolhidos (\"Zones\"). Cada \"REPLACE_shard_for_…\"\n\
                 // abaixo é um marcador: substitua-o pelo nome de um dos seus shards (sh.status() os lista)\n\
                 // e chame zone_shards() uma vez."
        )
        .render(lang),
    );
    out.push_str("function zone_shards() {\n");
    for (s, key, z) in zoned {
        let why = match z.role {
            FieldRole::Region => text!(
                en: "  // {name}: its key starts with the region field {field}: each region's documents stay on shards in that region",
                es: "  // {name}: su clave empieza por el campo de región {field}: los documentos de cada región se quedan en shards de esa región",
                pt: "  // {name}: sua chave começa pelo campo de região {field}: os documentos de cada região ficam em shards dessa região";
                name = s.name, field = z.field.as_str()
            ),
            FieldRole::Tenant => text!(
                en: "  // {name}: its key starts with the tenant field {field}: a large tenant's documents can have shards of their own",
                es: "  // {name}: su clave empieza por el campo de cliente {field}: los documentos de un cliente grande pueden tener shards propios",
                pt: "  // {name}: sua chave começa pelo campo de cliente {field}: os documentos de um cliente grande podem ter shards próprios";
                name = s.name, field = z.field.as_str()
            ),
        };
        push_comment(out, &why.render(lang));
        if z.values.is_empty() {
            let none = text!(
                en: "  // The design lists no values of {field} (an enum would): one zone per value, for example:",
                es: "  // El diseño no lista los valores de {field} (un enum lo haría): una zona por valor, por ejemplo:",
                pt: "  // O design não lista os valores de {field} (um enum o faria): uma zona por valor, por exemplo:";
                field = z.field.as_str()
            );
            push_comment(out, &none.render(lang));
            let [add, range] = zone_commands(s.name, key, "VALUE", None);
            push_comment(out, &format!("  // {add}"));
            push_comment(out, &format!("  // {range}"));
            continue;
        }
        let mut values: Vec<&str> = z.values.iter().map(String::as_str).collect();
        values.sort_unstable();
        values.dedup();
        for (i, v) in values.iter().enumerate() {
            for line in zone_commands(s.name, key, v, values.get(i + 1).copied()) {
                let _ = writeln!(out, "  {line}");
            }
        }
    }
    out.push_str("}\n");
}

/// `sh.addShardToZone` and `sh.updateZoneKeyRange` for the zone of one value of the key's
/// first field. With more key fields the range is that value with the others from `MinKey` to
/// `MaxKey`; with one field it runs to the next listed value (or `MaxKey`), since a range's
/// upper bound is excluded.
fn zone_commands(name: &str, key: &ShardKey, value: &str, next: Option<&str>) -> [String; 2] {
    let zone = js_string(value);
    let shard = js_string(&format!("REPLACE_shard_for_{value}"));
    let add = format!("sh.addShardToZone({shard}, {zone});");
    let bound = |first: String, rest: &str| {
        let mut parts = Vec::with_capacity(key.fields.len());
        for (i, f) in key.fields.iter().enumerate() {
            let v = if i == 0 { first.clone() } else { rest.to_string() };
            parts.push(format!("{}: {v}", crate::escape::js::key(&f.field)));
        }
        format!("{{ {} }}", parts.join(", "))
    };
    let (min, max) = if key.fields.len() > 1 {
        (bound(zone.clone(), "MinKey"), bound(zone.clone(), "MaxKey"))
    } else {
        (bound(zone.clone(), ""), bound(next.map_or_else(|| "MaxKey".to_string(), js_string), ""))
    };
    let range = format!("sh.updateZoneKeyRange({}, {min}, {max}, {zone});", namespace(name));
    [add, range]
}

#[cfg(test)]
mod tests {
    use crate::advisor::analyze;
    use crate::export::mongosh::script;
    use crate::i18n::Lang;
    use crate::model::{load, Model};

    fn fixture(name: &str) -> Model {
        let path = format!("{}/tests/fixtures/scale/{name}", env!("CARGO_MANIFEST_DIR"));
        load(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    fn sharding(model: &Model, lang: Lang) -> String {
        let s = script(model, &analyze(model).indexes, lang);
        s.split_once("// ── sharding").map(|(_, rest)| rest.to_string()).unwrap_or_default()
    }

    #[test]
    fn a_collection_that_outgrows_one_replica_set_is_sharded_on_the_recommended_key_with_its_reason() {
        let m = fixture("marketplace.json");
        let s = sharding(&m, Lang::En);
        assert!(s.contains("sh.enableSharding(db.getName());"), "{s}");
        assert!(s.contains("sh.shardCollection(db.getName() + \".orders\", { customer_id: 1, _id: 1 });"), "{s}");
        assert!(s.contains("// orders: needs-sharding (DS205): it outgrows one replica set already"), "{s}");
        assert!(s.contains("the unique indexes { number: 1 } would have to start with"), "{s}");
        // Only orders is sharded; customers fit one replica set.
        assert_eq!(s.matches("sh.shardCollection(").count(), 1, "{s}");
        // Without a region or tenant field there are no zones.
        assert!(!s.contains("zone_shards"), "{s}");
        let es = sharding(&m, Lang::Es);
        assert!(es.contains("// orders: needs-sharding (DS205): supera un replica set ya"), "{es}");
    }

    #[test]
    fn a_stated_key_is_used_and_its_tenant_field_gets_zones_with_marked_placeholders() {
        let s = sharding(&fixture("tenants.json"), Lang::En);
        assert!(s.contains("sh.shardCollection(db.getName() + \".events\", { tenant: 1 });"), "{s}");
        assert!(s.contains("shard-key-weak (DS207): the advisor recommends { _id: \"hashed\" } instead"), "{s}");
        assert!(s.contains("sh.addShardToZone(\"REPLACE_shard_for_acme\", \"acme\");"), "{s}");
        assert!(
            s.contains("sh.updateZoneKeyRange(db.getName() + \".events\", { tenant: \"acme\" }, { tenant: \"globex\" }, \"acme\");"),
            "{s}"
        );
        assert!(s.contains("{ tenant: \"initech\" }, { tenant: MaxKey }, \"initech\");"), "{s}");
    }

    #[test]
    fn a_compound_key_zone_spans_the_value_from_minkey_to_maxkey() {
        let mut m = fixture("tenants.json");
        let e = m.entities.iter_mut().find(|e| e.id == "event").unwrap();
        e.collection
            .shard_key
            .as_mut()
            .unwrap()
            .fields
            .push(crate::model::ShardKeyField { field: "_id".into(), hashed: false });
        let s = sharding(&m, Lang::En);
        assert!(
            s.contains("{ tenant: \"globex\", _id: MinKey }, { tenant: \"globex\", _id: MaxKey }, \"globex\");"),
            "{s}"
        );
    }

    #[test]
    fn a_hashed_key_gets_no_zones_and_a_refused_key_is_only_commented() {
        let mut m = fixture("tenants.json");
        let e = m.entities.iter_mut().find(|e| e.id == "event").unwrap();
        e.collection.shard_key.as_mut().unwrap().fields[0].hashed = true;
        let s = sharding(&m, Lang::En);
        assert!(s.contains("{ tenant: \"hashed\" }"), "{s}");
        assert!(!s.contains("zone_shards"), "{s}");
        let e = m.entities.iter_mut().find(|e| e.id == "event").unwrap();
        e.collection.shard_key.as_mut().unwrap().fields[0] =
            crate::model::ShardKeyField { field: "nope".into(), hashed: false };
        let s = sharding(&m, Lang::En);
        assert!(s.contains("// sh.shardCollection(db.getName() + \".events\", { nope: 1 });"), "{s}");
        assert!(!s.lines().any(|l| l.trim_start().starts_with("sh.shardCollection")), "{s}");
    }

    #[test]
    fn a_design_one_replica_set_holds_has_no_sharding_section() {
        let m = load(include_str!("../../public/templates/bibliored.json")).unwrap();
        let s = script(&m, &analyze(&m).indexes, Lang::En);
        assert!(!s.contains("sh."), "BiblioRed is sharded");
    }
}
