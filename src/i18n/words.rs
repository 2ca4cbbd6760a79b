//! Words of the model that read differently in each language.

use super::Text;
use crate::text;

/// A bucket's period (the model's `hour`, `day`...) as a word of the language shown; any other
/// value as written (it is the designer's own word).
pub fn period_word(period: &str) -> Text {
    match period {
        "minute" => text!(en: "minute", es: "minuto", pt: "minuto"),
        "hour" => text!(en: "hour", es: "hora", pt: "hora"),
        "day" => text!(en: "day", es: "día", pt: "dia"),
        "week" => text!(en: "week", es: "semana", pt: "semana"),
        "month" => text!(en: "month", es: "mes", pt: "mês"),
        "year" => text!(en: "year", es: "año", pt: "ano"),
        "" => text!(en: "period", es: "periodo", pt: "período"),
        other => text!(en: "{word}", es: "{word}", pt: "{word}"; word = other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn known_periods_translate_and_others_stay() {
        assert_eq!(period_word("day").render(Lang::Es), "día");
        assert_eq!(period_word("month").render(Lang::Pt), "mês");
        assert_eq!(period_word("").render(Lang::En), "period");
        assert_eq!(period_word("turno").render(Lang::Pt), "turno");
        assert!(period_word("turno").is_translated());
    }
}
