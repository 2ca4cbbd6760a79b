//! The outlier pattern on one relation: design for the common case and move the rare parents
//! with far more children to an overflow, in use or fitting when the outliers are a tiny
//! minority.

use super::{place, push};
use crate::advisor::relations::{Facts, Outliers};
use crate::advisor::{PatternKind, PatternSuggestion, Recommendation};
use crate::i18n::Arg;
use crate::text;

pub(super) fn suggest(f: &Facts, rec: Option<Recommendation>, out: &mut Vec<PatternSuggestion>) {
    let rel = f.rel;
    let (parent, child) = f.names();
    let (parent, child) = (&parent, &child);
    // A figure, or a fixed phrase: neither allocates (made only for the sentences that say it).
    let bound = || -> Arg {
        match f.bound {
            Some(m) => Arg::Count(m as f64),
            None => text!(en: "the common bound", es: "el límite habitual", pt: "o limite comum").into(),
        }
    };
    match (&rel.outlier, f.outliers) {
        (Some(o), Outliers::Minor { share, max }) => {
            let overflow: Arg = if o.overflow_collection.is_empty() {
                text!(en: "an overflow collection", es: "una colección de desbordamiento", pt: "uma coleção de excedentes").into()
            } else {
                Arg::str(&o.overflow_collection)
            };
            let change = text!(
                en: "design for the {common} common case; the {share} of {parent} over {bound} {child} (up to {max}) carry {flag} and overflow to {overflow}",
                es: "diseña para el caso común, el {common}; el {share} de {parent} con más de {bound} {child} (hasta {max}) lleva {flag} y se desborda hacia {overflow}",
                pt: "projete para o caso comum, os {common}; os {share} de {parent} com mais de {bound} {child} (até {max}) levam {flag} e transbordam para {overflow}";
                common = Arg::Percent(1.0 - share), share = Arg::Percent(share), parent, bound = bound(), child,
                max = Arg::Count(max as f64), flag = &o.flag_field, overflow
            );
            push(out, PatternKind::Outlier, place(f), true, change);
        }
        (Some(o), Outliers::Major { share, .. }) => {
            let change = text!(
                en: "{flag} flags the overflow, but {share} of {parent} overflow: that is not a tiny minority, so reference {child} for all",
                es: "{flag} marca el desbordamiento, pero el {share} de {parent} desborda: no es una minoría diminuta, así que referencia {child} para todos",
                pt: "{flag} sinaliza o transbordo, mas {share} de {parent} transbordam: isso não é uma minoria ínfima, então referencie {child} para todos";
                flag = &o.flag_field, share = Arg::Percent(share), parent, child
            );
            push(out, PatternKind::Outlier, place(f), true, change);
        }
        (Some(o), Outliers::None) => {
            let change = text!(
                en: "{flag} flags the {parent} over {bound} {child}; state the share of outliers so the advisor can check it is a tiny minority",
                es: "{flag} marca los {parent} con más de {bound} {child}; indica la proporción de valores atípicos para que el asesor compruebe que son una minoría diminuta",
                pt: "{flag} sinaliza os {parent} com mais de {bound} {child}; informe a proporção de outliers para que o assistente confira que são uma minoria ínfima";
                flag = &o.flag_field, parent, bound = bound(), child
            );
            push(out, PatternKind::Outlier, place(f), true, change);
        }
        (None, Outliers::Minor { share, max })
            if matches!(rec, Some(Recommendation::Embed | Recommendation::EmbedWatchBound)) =>
        {
            let change = text!(
                en: "embed for the {common} of {parent} with at most {bound} {child}, and flag the {share} that reach {max} (e.g. has_extras: true), moving their overflow to a {child}_extra collection",
                es: "embebe para el {common} de {parent}, con {bound} {child} como máximo, y marca el {share} que llega a {max} (p. ej., has_extras: true), moviendo su desbordamiento a una colección {child}_extra",
                pt: "embuta para os {common} de {parent} com no máximo {bound} {child} e sinalize os {share} que chegam a {max} (p. ex., has_extras: true), movendo o excedente para uma coleção {child}_extra";
                common = Arg::Percent(1.0 - share), parent, bound = bound(), child, share = Arg::Percent(share),
                max = Arg::Count(max as f64)
            );
            push(out, PatternKind::Outlier, place(f), false, change);
        }
        _ => {}
    }
}
