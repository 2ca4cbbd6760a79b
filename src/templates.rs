//! The template gallery: the reference designs and the anti-pattern examples, each with its
//! title and blurb in English, Spanish and Brazilian Portuguese.

use crate::i18n::{pick, Forms, Lang};

/// One design of the gallery.
pub struct Template {
    /// The file name under `public/templates/` (without `.json`), the same in every language.
    pub id: &'static str,
    titles: Forms,
    blurbs: Forms,
}

impl Template {
    /// The title the gallery shows, in `lang`.
    pub fn title(&self, lang: Lang) -> &'static str {
        pick(lang, self.titles)
    }

    /// The one-line description under the title, in `lang`.
    pub fn blurb(&self, lang: Lang) -> &'static str {
        pick(lang, self.blurbs)
    }

    /// The path of the model file the gallery opens in `lang`, under the app's data folder:
    /// `i18n/templates/en/orders.json` for a design written in each interface language
    /// (its names, patterns and notes: `scripts/translate_templates.py`), else the design as
    /// its course wrote it, `templates/<id>.json`.
    pub fn path(&self, lang: Lang) -> String {
        if TRANSLATED.contains(&self.id) {
            format!("i18n/templates/{}/{}.json", lang.code(), self.id)
        } else {
            format!("templates/{}.json", self.id)
        }
    }

    /// The template's model file. Only the CLI and tests link these texts in; the browser
    /// fetches `templates/<id>.json` from the server, which keeps the bundle small.
    pub fn json(&self) -> &'static str {
        bundled(self.id)
    }
}

fn bundled(id: &str) -> &'static str {
    match id {
        "bibliored" => include_str!("../public/templates/bibliored.json"),
        "book-club" => include_str!("../public/templates/book-club.json"),
        "orders" => include_str!("../public/templates/orders.json"),
        "orders-lookup" => include_str!("../public/templates/orders-lookup.json"),
        "sensor-day" => include_str!("../public/templates/sensor-day.json"),
        "users-outlier" => include_str!("../public/templates/users-outlier.json"),
        "users-versioning" => include_str!("../public/templates/users-versioning.json"),
        "anti-unbounded-array" => include_str!("../public/templates/anti-unbounded-array.json"),
        "anti-bloated-document" => include_str!("../public/templates/anti-bloated-document.json"),
        "anti-tiny-documents" => include_str!("../public/templates/anti-tiny-documents.json"),
        "anti-relational-in-disguise" => include_str!("../public/templates/anti-relational-in-disguise.json"),
        "anti-live-copy" => include_str!("../public/templates/anti-live-copy.json"),
        "anti-copy-decides" => include_str!("../public/templates/anti-copy-decides.json"),
        "anti-no-validation" => include_str!("../public/templates/anti-no-validation.json"),
        "anti-index-per-query" => include_str!("../public/templates/anti-index-per-query.json"),
        "anti-pagination" => include_str!("../public/templates/anti-pagination.json"),
        "anti-outlier-misapplied" => include_str!("../public/templates/anti-outlier-misapplied.json"),
        "anti-storage-disagrees" => include_str!("../public/templates/anti-storage-disagrees.json"),
        _ => "",
    }
}

/// The designs of the gallery written in every interface language, under
/// `public/i18n/templates/<lang>/` (`tests/template_languages.rs` checks each is the same design).
pub const TRANSLATED: &[&str] = &[
    "orders",
    "orders-lookup",
    "sensor-day",
    "users-outlier",
    "users-versioning",
    "book-club",
    "anti-unbounded-array",
    "anti-tiny-documents",
    "anti-storage-disagrees",
    "anti-bloated-document",
    "anti-relational-in-disguise",
    "anti-copy-decides",
    "anti-outlier-misapplied",
    "anti-pagination",
    "anti-no-validation",
    "anti-index-per-query",
    "anti-live-copy",
    "bibliored",
];

pub static TEMPLATES: &[Template] = &[
    Template {
        id: "bibliored",
        titles: [
            "BiblioRed",
            "BiblioRed (red de bibliotecas)",
            "BiblioRed (rede de bibliotecas)",
        ],
        blurbs: [
            "The BiblioRed lesson: catalogue with embedded tags, reviews by reference plus a subset, member activity in day buckets.",
            "La lección de BiblioRed: catálogo con etiquetas embebidas, reseñas por referencia más un subconjunto, actividad de los socios en contenedores por día.",
            "A lição do BiblioRed: catálogo com etiquetas embutidas, resenhas por referência mais um subconjunto, atividade dos sócios em buckets por dia.",
        ],
    },
    Template {
        id: "book-club",
        titles: [
            "Book clubs (exercise)",
            "Clubes de lectura (ejercicio)",
            "Clubes do livro (exercício)",
        ],
        blurbs: [
            "The BiblioRed lesson, exercise 1: members embedded, monthly books embedded but watched, comments referenced with the last 3.",
            "Lección de BiblioRed, ejercicio 1: miembros embebidos, libros del mes embebidos pero vigilados, comentarios referenciados con los 3 últimos.",
            "Lição do BiblioRed, exercício 1: membros embutidos, livros do mês embutidos mas vigiados, comentários referenciados com os 3 últimos.",
        ],
    },
    Template {
        id: "orders",
        titles: [
            "Orders",
            "Pedidos",
            "Pedidos",
        ],
        blurbs: [
            "\"Modelagem de Documentos\": items embedded with a cap, customer as extended reference, computed total, schema version.",
            "\"Modelagem de Documentos\": artículos embebidos con un tope, cliente como referencia extendida, total calculado, versión de esquema.",
            "\"Modelagem de Documentos\": itens embutidos com um teto, cliente como referência estendida, total calculado, versão do schema.",
        ],
    },
    Template {
        id: "orders-lookup",
        titles: [
            "Orders, relational in disguise",
            "Pedidos, relacional disfrazado",
            "Pedidos, relacional disfarçado",
        ],
        blurbs: [
            "The wrong model of \"Modelagem de Documentos\": three collections stitched with $lookup on the main screen.",
            "El modelo equivocado de \"Modelagem de Documentos\": tres colecciones unidas con $lookup en la pantalla principal.",
            "O modelo errado de \"Modelagem de Documentos\": três coleções costuradas com $lookup na tela principal.",
        ],
    },
    Template {
        id: "sensor-day",
        titles: [
            "Sensor readings per day",
            "Lecturas de sensor por día",
            "Leituras de sensor por dia",
        ],
        blurbs: [
            "\"Modelagem de Documentos\": 1,440 readings a day become one bucket document with min, max and average.",
            "\"Modelagem de Documentos\": 1.440 lecturas al día se convierten en un documento contenedor con mínimo, máximo y media.",
            "\"Modelagem de Documentos\": 1.440 leituras por dia viram um documento bucket com mínimo, máximo e média.",
        ],
    },
    Template {
        id: "users-outlier",
        titles: [
            "Followers with outliers",
            "Seguidores con valores atípicos",
            "Seguidores com outliers",
        ],
        blurbs: [
            "\"Patrones de Diseño de Esquema en MongoDB\": followers embedded for normal users, a flag and an overflow for celebrities.",
            "\"Patrones de Diseño de Esquema en MongoDB\": seguidores embebidos para los usuarios normales, un indicador y un desbordamiento para las celebridades.",
            "\"Patrones de Diseño de Esquema en MongoDB\": seguidores embutidos para usuários comuns, uma flag e um excedente para celebridades.",
        ],
    },
    Template {
        id: "users-versioning",
        titles: [
            "Schema versioning",
            "Versionado de esquema",
            "Versionamento de schema",
        ],
        blurbs: [
            "\"Patrones de Diseño de Esquema en MongoDB\": schema_version 2 splits the name; readers handle both versions.",
            "\"Patrones de Diseño de Esquema en MongoDB\": version_esquema 2 divide el nombre; los lectores manejan ambas versiones.",
            "\"Patrones de Diseño de Esquema en MongoDB\": versao_schema 2 divide o nome; os leitores lidam com as duas versões.",
        ],
    },
    Template {
        id: "anti-unbounded-array",
        titles: [
            "Anti-pattern: unbounded array",
            "Antipatrón: array sin límite",
            "Antipadrão: array sem limite",
        ],
        blurbs: [
            "\"Modelagem de Documentos\" / \"Patrones de Diseño de Esquema en MongoDB\": comments pushed into a viral post with no maximum, on the way to BSONObjectTooLarge (DS101).",
            "\"Modelagem de Documentos\" / \"Patrones de Diseño de Esquema en MongoDB\": comentarios añadidos a una publicación viral sin máximo, camino de BSONObjectTooLarge (DS101).",
            "\"Modelagem de Documentos\" / \"Patrones de Diseño de Esquema en MongoDB\": comentários inseridos em um post viral sem máximo, a caminho do BSONObjectTooLarge (DS101).",
        ],
    },
    Template {
        id: "anti-bloated-document",
        titles: [
            "Anti-pattern: bloated document",
            "Antipatrón: documento inflado",
            "Antipadrão: documento inchado",
        ],
        blurbs: [
            "The BiblioRed lesson, \"Anti-patrones que hay que reconocer\": cover in base64, the PDF's full text and the change history inside the catalogue card (DS201, DS202).",
            "Lección de BiblioRed, \"Anti-patrones que hay que reconocer\": la portada en base64, el texto completo del PDF y el histórico de cambios dentro de la ficha del catálogo (DS201, DS202).",
            "Lição do BiblioRed, \"Anti-patrones que hay que reconocer\": a capa em base64, o texto completo do PDF e o histórico de mudanças dentro da ficha do catálogo (DS201, DS202).",
        ],
    },
    Template {
        id: "anti-tiny-documents",
        titles: [
            "Anti-pattern: flood of tiny documents",
            "Antipatrón: avalancha de documentos diminutos",
            "Antipadrão: enxurrada de documentos minúsculos",
        ],
        blurbs: [
            "The BiblioRed lesson: 17 million activity events of 80 bytes, one document each, instead of day buckets (DS204).",
            "La lección de BiblioRed: 17 millones de eventos de actividad de 80 bytes, un documento cada uno, en lugar de contenedores por día (DS204).",
            "A lição do BiblioRed: 17 milhões de eventos de atividade de 80 bytes, um documento cada, em vez de buckets por dia (DS204).",
        ],
    },
    Template {
        id: "anti-relational-in-disguise",
        titles: [
            "Anti-pattern: relational in disguise",
            "Antipatrón: relacional disfrazado",
            "Antipadrão: relacional disfarçado",
        ],
        blurbs: [
            "The BiblioRed lesson, \"Anti-patrones que hay que reconocer\" / \"Modelagem de Documentos\": a blog post page stitched from posts, authors and comments with $lookup (DS105).",
            "Lección de BiblioRed, \"Anti-patrones que hay que reconocer\" / \"Modelagem de Documentos\": la página de una entrada de blog armada a partir de posts, autores y comentarios con $lookup (DS105).",
            "Lição do BiblioRed, \"Anti-patrones que hay que reconocer\" / \"Modelagem de Documentos\": a página de um post de blog montada a partir de posts, autores e comentarios com $lookup (DS105).",
        ],
    },
    Template {
        id: "anti-live-copy",
        titles: [
            "Anti-pattern: live copy without propagation",
            "Antipatrón: copia viva sin propagación",
            "Antipadrão: cópia viva sem propagação",
        ],
        blurbs: [
            "\"Modelagem de Documentos\": the customer's name in 5 collections, and billing's copy is never updated (DS103).",
            "\"Modelagem de Documentos\": el nombre del cliente en 5 colecciones, y la copia de facturación nunca se actualiza (DS103).",
            "\"Modelagem de Documentos\": o nome do cliente em 5 coleções, e a cópia do faturamento nunca é atualizada (DS103).",
        ],
    },
    Template {
        id: "anti-copy-decides",
        titles: [
            "Anti-pattern: deciding from a copy",
            "Antipatrón: decidir con una copia",
            "Antipadrão: decidir a partir de uma cópia",
        ],
        blurbs: [
            "The golden rule of the BiblioRed lesson: checkout charges the cart's copied price and trusts its copied stock (DS104).",
            "Regla de oro de la lección de BiblioRed: el pago cobra el precio copiado en el carrito y se fía de su stock copiado (DS104).",
            "Regra de ouro da lição do BiblioRed: o checkout cobra o preço copiado no carrinho e confia no estoque copiado (DS104).",
        ],
    },
    Template {
        id: "anti-no-validation",
        titles: [
            "Anti-pattern: no validation, no schema version",
            "Antipatrón: sin validación ni versión de esquema",
            "Antipadrão: sem validação nem versão de schema",
        ],
        blurbs: [
            "\"Modelagem de Documentos\": three phone formats side by side, found in the report (DS401, DS402, measured DS601).",
            "\"Modelagem de Documentos\": tres formatos de teléfono conviviendo, detectados en el informe (DS401, DS402, DS601 medido).",
            "\"Modelagem de Documentos\": três formatos de telefone lado a lado, encontrados no relatório (DS401, DS402, DS601 medido).",
        ],
    },
    Template {
        id: "anti-index-per-query",
        titles: [
            "Anti-pattern: an index for every query",
            "Antipatrón: un índice para cada consulta",
            "Antipadrão: um índice para cada consulta",
        ],
        blurbs: [
            "\"Modelagem de Documentos\" / the course lesson on access patterns: 15 indexes on a write-heavy orders collection, singles instead of a compound, a prefix (DS301-DS303).",
            "\"Modelagem de Documentos\" / la lección del curso sobre access patterns: 15 índices en una colección de pedidos con muchas escrituras, simples en lugar de uno compuesto, un prefijo (DS301-DS303).",
            "\"Modelagem de Documentos\" / a lição do curso sobre access patterns: 15 índices em uma coleção de pedidos com muitas escritas, simples em vez de um composto, um prefixo (DS301-DS303).",
        ],
    },
    Template {
        id: "anti-pagination",
        titles: [
            "Anti-pattern: deep offset and non-unique sort pagination",
            "Antipatrón: paginación con offset profundo y orden no único",
            "Antipadrão: paginação com offset profundo e ordenação não única",
        ],
        blurbs: [
            "The course lesson on access patterns: skip() down to page 800, and a cursor on createdAt with no _id tie-breaker (DS305, DS306).",
            "La lección del curso sobre access patterns: skip() hasta la página 800, y un cursor sobre createdAt sin _id para desempatar (DS305, DS306).",
            "A lição do curso sobre access patterns: skip() até a página 800, e um cursor em createdAt sem _id para desempate (DS305, DS306).",
        ],
    },
    Template {
        id: "anti-outlier-misapplied",
        titles: [
            "Anti-pattern: outlier pattern misapplied",
            "Antipatrón: patrón de valores atípicos mal aplicado",
            "Antipadrão: padrão outlier mal aplicado",
        ],
        blurbs: [
            "The BiblioRed lesson, \"Patrón: valor atípico (outlier)\": a flag and an overflow collection when 20% of the materials overflow (DS107).",
            "Lección de BiblioRed, \"Patrón: valor atípico (outlier)\": un indicador y una colección de desbordamiento cuando se desborda el 20% de los materiales (DS107).",
            "Lição do BiblioRed, \"Patrón: valor atípico (outlier)\": uma flag e uma coleção de excedente quando 20% dos materiais transbordam (DS107).",
        ],
    },
    Template {
        id: "anti-storage-disagrees",
        titles: [
            "Anti-pattern: storage that disagrees with the criteria",
            "Antipatrón: almacenamiento que contradice los criterios",
            "Antipadrão: armazenamento que contradiz os critérios",
        ],
        blurbs: [
            "The BiblioRed lesson, \"La decisión central: embeber o referenciar\": a user's 5 addresses in their own collection, read with the user every time (DS102).",
            "Lección de BiblioRed, \"La decisión central: embeber o referenciar\": las 5 direcciones de un usuario en su propia colección, leídas con el usuario cada vez (DS102).",
            "Lição do BiblioRed, \"La decisión central: embeber o referenciar\": os 5 endereços de um usuário em sua própria coleção, lidos com o usuário toda vez (DS102).",
        ],
    },
];

/// The template with this id.
pub fn template(id: &str) -> Option<&'static Template> {
    TEMPLATES.iter().find(|t| t.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_template_file_is_in_the_gallery() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("public/templates");
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
            assert!(template(&stem).is_some(), "{stem}.json is not listed in TEMPLATES");
        }
        for t in TEMPLATES {
            crate::model::load(t.json()).unwrap_or_else(|e| panic!("{}: {e}", t.id));
        }
    }

    #[test]
    fn every_template_has_its_title_and_blurb_in_three_languages() {
        for t in TEMPLATES {
            for lang in Lang::ALL {
                assert!(!t.title(lang).trim().is_empty(), "{}: empty title in {lang:?}", t.id);
                assert!(
                    !t.blurb(lang).trim().is_empty() && !t.blurb(lang).contains('\n'),
                    "{}: blurb in {lang:?}",
                    t.id
                );
            }
            let (en, es, pt) = (t.blurb(Lang::En), t.blurb(Lang::Es), t.blurb(Lang::Pt));
            assert!(en != es && en != pt && es != pt, "{}: the three blurbs must differ", t.id);
            // Spanish and Portuguese titles may coincide ("Pedidos"), never with the English one.
            assert!(t.title(Lang::Es) != t.title(Lang::En), "{}: Spanish title is the English one", t.id);
            assert!(t.title(Lang::Pt) != t.title(Lang::En), "{}: Portuguese title is the English one", t.id);
            // The rule codes and figures a blurb cites survive the translation.
            let codes = |s: &str| {
                s.split(|c: char| !c.is_ascii_alphanumeric())
                    .filter(|w| w.starts_with("DS"))
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            };
            assert_eq!(codes(es), codes(en), "{}: Spanish blurb cites other rules", t.id);
            assert_eq!(codes(pt), codes(en), "{}: Portuguese blurb cites other rules", t.id);
        }
        let anti = TEMPLATES.iter().filter(|t| t.id.starts_with("anti-"));
        for t in anti {
            assert!(t.title(Lang::Es).starts_with("Antipatrón: "), "{}", t.id);
            assert!(t.title(Lang::Pt).starts_with("Antipadrão: "), "{}", t.id);
        }
    }
}
