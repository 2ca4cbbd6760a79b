//! Tests of `text.rs`: templates, placeholders, figures per language, nested texts.

use super::*;
use std::sync::Arc;

#[test]
fn braces_that_are_not_placeholders_stay_literal() {
    static TPL: Template = Template {
        forms: [
            "{ $inc: {n} } {unknown} {} {N} a{b}c é{n}ü {{n}} { n } ends with {n",
            "{n}{n}",
            "sin marcadores, más de ocho bytes: {",
        ],
        names: &["n", "b"],
    };
    let t = Text::new(&TPL, [Arg::Int(1440), Arg::Static("B")]);
    assert_eq!(t.render(Lang::En), "{ $inc: 1,440 } {unknown} {} {N} aBc é1,440ü {1,440} { n } ends with {n");
    assert_eq!(t.render(Lang::Es), "1.4401.440");
    assert_eq!(t.render(Lang::Pt), "sin marcadores, más de ocho bytes: {");
    for at in 0..20 {
        let template: &'static str = Box::leak(format!("{}{{n}}{}", "x".repeat(at), "y".repeat(at)).into_boxed_str());
        let tpl: &'static Template =
            Box::leak(Box::new(Template { forms: [template, template, template], names: &["n"] }));
        let t = Text::new(tpl, [Arg::Static("N")]);
        assert_eq!(t.render(Lang::En), format!("{}N{}", "x".repeat(at), "y".repeat(at)));
    }
}

#[test]
fn renders_each_language_with_its_figures() {
    let t = crate::text!(
        en: "{who} has {n} of {m} items ({share}), {size} at {when}",
        es: "{who} tiene {n} de {m} elementos ({share}), {size} a {when}",
        pt: "{who} tem {n} de {m} itens ({share}), {size} em {when}";
        who = "catalogo", n = Arg::Count(14.5), m = Arg::Int(1440), share = Arg::Percent(0.125), size = Arg::Bytes(1_250_000.0),
        when = Arg::Days(1825)
    );
    assert_eq!(t.render(Lang::En), "catalogo has 14.5 of 1,440 items (12.5%), 1.3 MB at 5 years");
    assert_eq!(t.render(Lang::Es), "catalogo tiene 14,5 de 1.440 elementos (12,5%), 1,3 MB a 5 años");
    assert_eq!(t.render(Lang::Pt), "catalogo tem 14,5 de 1.440 itens (12,5%), 1,3 MB em 5 anos");
    assert_eq!(t.to_string(), t.en());
    assert!(t.check().is_ok());
}

#[test]
fn nested_texts_and_lists_follow_the_language() {
    let why = crate::text!(en: "no maximum", es: "sin máximo", pt: "sem máximo");
    let t = crate::text!(
        en: "{items}: {why}", es: "{items}: {why}", pt: "{items}: {why}";
        items = vec!["a".to_string(), "b".to_string(), "c".to_string()], why
    );
    assert_eq!(t.render(Lang::En), "a, b and c: no maximum");
    assert_eq!(t.render(Lang::Pt), "a, b e c: sem máximo");
    assert!(t.check().is_ok(), "a template without words of its own may repeat the English");
}

#[test]
fn literal_braces_stay_and_missing_arguments_are_caught() {
    let t = crate::text!(en: "use { $inc: 1 } on {field}", es: "usa { $inc: 1 } en {field}", pt: "use { $inc: 1 } em {fieldd}"; field = "n");
    assert_eq!(t.render(Lang::En), "use { $inc: 1 } on n");
    assert_eq!(t.render(Lang::Pt), "use { $inc: 1 } em {fieldd}");
    assert!(t.check().unwrap_err().contains("fieldd"));
}

#[test]
fn untranslated_text_is_flagged() {
    assert!(!Text::plain("x embeds y").is_translated());
    let t = crate::text!(en: "{x}", es: "{x}", pt: "{x}"; x = Text::plain("oops"));
    assert!(!t.is_translated());
    let same = crate::text!(en: "Embed it", es: "Embed it", pt: "Incorpore");
    assert!(same.check().unwrap_err().contains("English"));
    assert_eq!(Text::plain("16 MiB").render(Lang::Es), "16 MiB");
}

#[test]
fn odd_figures_read_as_words() {
    let t = crate::text!(en: "{n}", es: "{n}", pt: "{n}"; n = Arg::Count(f64::NAN));
    assert_eq!(t.render(Lang::Es), "un número desconocido");
    let t = crate::text!(en: "{b}", es: "{b}", pt: "{b}"; b = Arg::Bytes(f64::INFINITY));
    assert_eq!(t.render(Lang::Pt), "um tamanho sem limite");
}

#[test]
fn texts_of_up_to_eight_arguments_render_each_one() {
    let t = crate::text!(
        en: "{a}{b}{c}{d}{e}{f}{g}{h}", es: "{h}{g}{f}{e}{d}{c}{b}{a}", pt: "{a}-{h}";
        a = "1", b = "2", c = "3", d = "4", e = "5", f = "6", g = "7", h = "8"
    );
    assert_eq!(t.render(Lang::En), "12345678");
    assert_eq!(t.render(Lang::Es), "87654321");
    assert!(t.check().unwrap_err().contains("not used"), "Portuguese leaves six out");
    let four =
        crate::text!(en: "{a}{b}{c}{d}", es: "{d}{c}{b}{a}", pt: "{a}{d}{b}{c}"; a = "1", b = "2", c = "3", d = "4");
    assert_eq!(four.render(Lang::Pt), "1423");
    assert_eq!(four.clone(), four);
    assert!(std::mem::size_of::<Text>() <= 104, "{} bytes", std::mem::size_of::<Text>());
}

#[test]
fn fixed_and_shared_arguments_do_not_allocate_but_render() {
    let fixed = crate::text!(en: "no maximum", es: "sin máximo", pt: "sem máximo");
    assert!(matches!(Arg::from(fixed), Arg::Fixed(_)), "a fixed nested text needs no box");
    let name: Arc<str> = Arc::from("resenas");
    let t = crate::text!(
        en: "{child}: {why}", es: "{child}: {why}", pt: "{child}: {why}";
        child = &name, why = crate::text!(en: "no maximum", es: "sin máximo", pt: "sem máximo")
    );
    assert_eq!(t.render(Lang::Es), "resenas: sin máximo");
    assert!(t.is_translated() && t.check().is_ok());
    let bad = crate::text!(en: "{why}", es: "{why}", pt: "{why}"; why = crate::text!(en: "Embed", es: "Embed", pt: "Embutir"));
    assert!(bad.check().is_err(), "a nested fixed text is checked too");
}

#[test]
fn nested_texts_render_in_the_outer_language() {
    let inner = |n: u64| crate::text!(en: "{n} items", es: "{n} elementos", pt: "{n} itens"; n);
    let deep = crate::text!(
        en: "({inner}) in {where}", es: "({inner}) en {where}", pt: "({inner}) em {where}";
        inner = inner(1440), where = "catalogo"
    );
    let t = crate::text!(
        en: "{a}: {deep}; {b}", es: "{a}: {deep}; {b}", pt: "{a}: {deep}; {b}";
        a = inner(2), deep, b = crate::text!(en: "none", es: "ninguno", pt: "nenhum")
    );
    assert_eq!(t.render(Lang::En), "2 items: (1,440 items) in catalogo; none");
    assert_eq!(t.render(Lang::Es), "2 elementos: (1.440 elementos) en catalogo; ninguno");
    assert_eq!(t.to_string(), t.en());
    assert!(t.check().is_ok() && t.is_translated());
    let plain = crate::text!(en: "{a}: {b}", es: "{a}: {b}", pt: "{a}: {b}"; a = inner(1), b = Text::plain("x"));
    assert!(!plain.is_translated());
    let bad = crate::text!(en: "{a}", es: "{a}", pt: "{a}"; a = crate::text!(en: "{n} x", es: "{n} x", pt: "{m} y"; n = 1u64));
    assert!(bad.check().unwrap_err().contains("{m}"), "a nested text is checked too");
    assert_eq!(t.clone(), t);
    assert_ne!(t, plain);
}
