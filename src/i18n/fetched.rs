//! The Spanish and Portuguese texts of the browser modules, read from a data file instead of
//! compiled in.
//!
//! Natively (the CLI, the tests) the three languages are compiled in: `es.rs`, `pt.rs` and the
//! `es:`/`pt:` forms of every [`text!`](crate::text). In the browser only English is: the page
//! fetches `data/i18n/<lang>.json` for the language it starts in (web/start.js, in parallel with
//! the wasm) or switches to, and passes it to the export worker with its requests; that keeps
//! two languages out of the page's wasm. The file is written from the sources by
//! `tests/i18n_files.rs` (`UPDATE_I18N=1 cargo test --test i18n_files`):
//!
//! ```json
//! {"msg": {"Tools": "Herramientas", ...}, "text": {"5f0c8a3e19": "{name} incrusta {n} {child}", ...}}
//! ```
//!
//! `msg` holds each [`Msg`] by its name, `text` each sentence template by the [`key`] of its
//! English form (a hash: the English itself would double the file). A file that is not that
//! shape, misses a message, or changes a message's arguments is refused whole ([`install`] says
//! why), and the language stays unavailable: the interface keeps to English rather than showing
//! half a language. A sentence whose translation changes the English form's placeholders is
//! shown in English, never with a figure missing.

use super::lang::Lang;
use super::msg::{self, Msg};
use super::placeholder::placeholders;
use serde::Deserialize;
use std::cell::RefCell;
use std::collections::HashMap;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    msg: HashMap<String, String>,
    text: HashMap<String, String>,
}

/// One language's texts, leaked once: they live as long as the page, like compiled-in text.
struct Texts {
    msg: HashMap<Msg, &'static str>,
    text: HashMap<u64, &'static str>,
}

thread_local! {
    static LOADED: RefCell<[Option<&'static Texts>; 2]> = const { RefCell::new([None, None]) };
}

fn slot(lang: Lang) -> Option<usize> {
    match lang {
        Lang::En => None,
        Lang::Es => Some(0),
        Lang::Pt => Some(1),
    }
}

/// Reads `json` (a `data/i18n/<lang>.json` file) as `lang`'s texts and uses them from now on.
/// English needs none. Installing a language twice keeps the first.
pub fn install(lang: Lang, json: &str) -> Result<(), String> {
    let Some(at) = slot(lang) else { return Ok(()) };
    if has_texts(lang) {
        return Ok(());
    }
    let texts = parse(json)?;
    let texts: &'static Texts = Box::leak(Box::new(texts));
    LOADED.with(|l| l.borrow_mut()[at] = Some(texts));
    Ok(())
}

/// Whether `lang`'s texts are there (English always is).
pub fn has_texts(lang: Lang) -> bool {
    match slot(lang) {
        None => true,
        Some(at) => LOADED.with(|l| l.borrow()[at].is_some()),
    }
}

fn loaded(lang: Lang) -> Option<&'static Texts> {
    slot(lang).and_then(|at| LOADED.with(|l| l.borrow()[at]))
}

/// `m` in `lang`, or its English text when `lang`'s texts are not loaded.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub fn msg(lang: Lang, m: Msg) -> &'static str {
    loaded(lang).and_then(|t| t.msg.get(&m).copied()).unwrap_or_else(|| super::en::text(m))
}

/// The `lang` form of the sentence template whose English form is `en`, or `en` itself when
/// `lang`'s texts are not loaded or do not have it. A translation that does not have the English form's placeholders (a broken or hostile file)
/// is not used: the sentence is shown in English, with its figures.
pub fn form(lang: Lang, en: &'static str) -> &'static str {
    let found = loaded(lang).and_then(|t| t.text.get(&hash(en)).copied());
    found.filter(|text| same_placeholders(en, text)).unwrap_or(en)
}

fn same_placeholders(a: &str, b: &str) -> bool {
    let (mut a, mut b) = (placeholders(a), placeholders(b));
    a.sort_unstable();
    a.dedup();
    b.sort_unstable();
    b.dedup();
    a == b
}

/// The key of a sentence template in the texts file: the top 40 bits of the FNV-1a hash of its
/// English form, in 10 hexadecimal digits (enough for the ~600 sentences: tests/i18n_files.rs
/// checks that no two share one; each digit more costs ~300 bytes of gzip per file).
pub fn key(en: &str) -> String {
    format!("{:010x}", hash(en))
}

fn hash(en: &str) -> u64 {
    en.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)) >> 24
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

fn parse(json: &str) -> Result<Texts, String> {
    let file: File = serde_json::from_str(json).map_err(|e| format!("not a texts file ({e})"))?;
    let mut by_name: HashMap<String, Msg> = Msg::ALL.iter().map(|m| (format!("{m:?}"), *m)).collect();
    let mut msg = Vec::with_capacity(file.msg.len());
    for (name, text) in file.msg {
        let Some(m) = by_name.remove(&name) else { return Err(format!("unknown message {name}")) };
        if msg::placeholders(&text) != msg::placeholders(super::en::text(m)) {
            return Err(format!("message {name} does not take the English text's arguments"));
        }
        msg.push((m, text));
    }
    if let Some(name) = by_name.keys().min() {
        return Err(format!("message {name} is missing"));
    }
    let mut text = Vec::with_capacity(file.text.len());
    for (key, form) in file.text {
        let hash = u64::from_str_radix(&key, 16).map_err(|_| format!("{key:?} is not a sentence key"))?;
        text.push((hash, form));
    }
    // Only a file read whole is kept (leaked): a refused one is dropped.
    Ok(Texts {
        msg: msg.into_iter().map(|(m, t)| (m, leak(t))).collect(),
        text: text.into_iter().map(|(k, t)| (k, leak(t))).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(msg: &[(Msg, &str)], text: &[(&str, &str)]) -> String {
        let mut all: serde_json::Map<String, serde_json::Value> =
            Msg::ALL.iter().map(|m| (format!("{m:?}"), m.text(Lang::Es).into())).collect();
        for (m, t) in msg {
            all.insert(format!("{m:?}"), (*t).into());
        }
        let text: serde_json::Map<String, serde_json::Value> =
            text.iter().map(|(en, t)| (key(en), (*t).into())).collect();
        serde_json::json!({ "msg": all, "text": text }).to_string()
    }

    #[test]
    fn a_whole_file_reads() {
        let texts = parse(&file(&[], &[("{name} embeds {n}", "{name} incrusta {n}")])).unwrap();
        assert_eq!(texts.msg[&Msg::Tools], "Herramientas");
        assert_eq!(texts.text[&hash("{name} embeds {n}")], "{name} incrusta {n}");
    }

    #[test]
    fn a_broken_or_hostile_file_is_refused_with_the_reason() {
        for (json, why) in [
            ("<html>502 Bad Gateway</html>".to_string(), "not a texts file"),
            (r#"{"msg": {}, "text": {}}"#.to_string(), "is missing"),
            (r#"{"msg": {"Nope": "x"}, "text": {}}"#.to_string(), "unknown message Nope"),
            (file(&[(Msg::AdvisorMs, "asesor ms")], &[]), "AdvisorMs does not take"),
            (file(&[], &[]).replace(r#""text":{"#, r#""text":{"<b>":"x""#), "is not a sentence key"),
            (file(&[], &[]).replace(r#""text""#, r#""extra": 1, "text""#), "not a texts file"),
        ] {
            let error = parse(&json).err().unwrap_or_else(|| panic!("{json:.80} was read"));
            assert!(error.contains(why), "{error}");
        }
    }

    #[test]
    fn without_the_file_the_texts_are_english_and_a_bad_sentence_stays_english() {
        // Nothing installed in this test's thread.
        assert!(!has_texts(Lang::Pt));
        assert_eq!(msg(Lang::Pt, Msg::Tools), "Tools");
        assert_eq!(form(Lang::Pt, "{name} embeds {n}"), "{name} embeds {n}");
        assert!(install(Lang::Pt, "{").is_err());
        assert!(!has_texts(Lang::Pt));
        let pt = file(
            &[(Msg::Tools, "Ferramentas")],
            &[("{name} embeds {n}", "{name} incorpora {n}"), ("{a} over {b}", "{a} sobre {c}")],
        );
        install(Lang::Pt, &pt).unwrap();
        assert_eq!(msg(Lang::Pt, Msg::Tools), "Ferramentas");
        assert_eq!(form(Lang::Pt, "{name} embeds {n}"), "{name} incorpora {n}");
        assert_eq!(form(Lang::Pt, "{a} over {b}"), "{a} over {b}");
    }
}
