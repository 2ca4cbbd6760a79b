//! Figures and counted nouns outside the advisor's sentences, as those sentences write them:
//! `2,000` / `2.000`, `12.5` / `12,5`, and "1 collection" but "3 collections" ("1 colección",
//! "3 colecciones").

use super::figures::{figure, Count};
use super::lang::Lang;

/// A count or rate in `lang`'s notation (thousands separators, decimal comma in es and pt).
pub fn number(lang: Lang, value: f64) -> String {
    let mut out = String::new();
    let _ = figure(lang, Count(value), &mut out);
    out
}

/// The things the interface counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Noun {
    Collection,
    Box,
    Relation,
    AccessPattern,
}

/// `n` and the noun, singular for exactly one.
pub fn counted(lang: Lang, n: usize, noun: Noun) -> String {
    let [one, many] = match (lang, noun) {
        (Lang::En, Noun::Collection) => ["collection", "collections"],
        (Lang::En, Noun::Box) => ["box", "boxes"],
        (Lang::En, Noun::Relation) => ["relation", "relations"],
        (Lang::En, Noun::AccessPattern) => ["access pattern", "access patterns"],
        (Lang::Es, Noun::Collection) => ["colección", "colecciones"],
        (Lang::Es, Noun::Box) => ["caja", "cajas"],
        (Lang::Es, Noun::Relation) => ["relación", "relaciones"],
        (Lang::Es, Noun::AccessPattern) => ["patrón de acceso", "patrones de acceso"],
        (Lang::Pt, Noun::Collection) => ["coleção", "coleções"],
        (Lang::Pt, Noun::Box) => ["caixa", "caixas"],
        (Lang::Pt, Noun::Relation) => ["relação", "relações"],
        (Lang::Pt, Noun::AccessPattern) => ["padrão de acesso", "padrões de acesso"],
    };
    format!("{} {}", number(lang, n as f64), if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_figures_follow_the_language() {
        assert_eq!(counted(Lang::Es, 1, Noun::Collection), "1 colección");
        assert_eq!(counted(Lang::Es, 3, Noun::Collection), "3 colecciones");
        assert_eq!(counted(Lang::Pt, 1, Noun::AccessPattern), "1 padrão de acesso");
        assert_eq!(counted(Lang::En, 0, Noun::Box), "0 boxes");
        assert_eq!(counted(Lang::Es, 2000, Noun::Box), "2.000 cajas");
        assert_eq!(number(Lang::En, 2000.0), "2,000");
        assert_eq!(number(Lang::Pt, 12.5), "12,5");
        assert_eq!(number(Lang::Es, 1000.0), "1.000");
    }
}
