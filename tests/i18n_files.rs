//! The browser's Spanish and Portuguese texts, `public/i18n/<lang>.json` (see `i18n::fetched`):
//! every interface message by name and every `text!` sentence template by the key of its
//! English form, as the sources say. The files are generated; this test fails when they are not current.
//! To rewrite them after changing a text: `UPDATE_I18N=1 cargo test --test i18n_files`.

use docshape::i18n::{text_key, Lang, Msg};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The (English, Spanish, Portuguese) forms of every `text!` in `src/`.
fn sentences() -> Vec<(String, String, String, String)> {
    let mut out = Vec::new();
    let mut files = Vec::new();
    rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut files);
    for file in files {
        for at in calls(&file) {
            let source = std::fs::read_to_string(&file).unwrap();
            let mut rest = &source[at..];
            let mut forms = Vec::new();
            for lang in ["en:", "es:", "pt:"] {
                let Some(after) = rest.trim_start().strip_prefix(lang) else { break };
                let (form, tail) = literal(after.trim_start())
                    .unwrap_or_else(|| panic!("{}: a text! form is not a plain string", file.display()));
                forms.push(form);
                rest = tail.trim_start().strip_prefix(',').unwrap_or(tail);
            }
            let [en, es, pt] = &forms[..] else { panic!("{}: a text! without its three forms", file.display()) };
            out.push((file.display().to_string(), en.clone(), es.clone(), pt.clone()));
        }
    }
    out
}

/// Where the arguments of each `text!(en: ...` of `file` start, leaving out comments and the
/// tests (after `#[cfg(test)]`), whose sentences the app never shows.
fn calls(file: &Path) -> Vec<usize> {
    let source = std::fs::read_to_string(file).unwrap();
    let code = source.split("#[cfg(test)]").next().unwrap_or_default();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find("text!(") {
        let start = from + at + "text!(".len();
        from = start;
        let line = &code[code[..start].rfind('\n').map_or(0, |i| i + 1)..start];
        if !line.trim_start().starts_with("//") && code[start..].trim_start().starts_with("en:") {
            out.push(start);
        }
    }
    out
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The Rust string literal at the start of `s` (the escapes the texts use: `\"`, `\\`, `\n`,
/// `\t` and a line continuation) and what follows it.
fn literal(s: &str) -> Option<(String, &str)> {
    let body = s.strip_prefix('"')?;
    let mut out = String::new();
    let mut chars = body.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Some((out, &body[i + 1..])),
            '\\' => match chars.next()?.1 {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                '"' => out.push('"'),
                '\\' => out.push('\\'),
                '\n' => {
                    // A continuation: the next line's leading whitespace is not part of the text.
                    let rest = &body[i + 2..];
                    let skip = rest.len() - rest.trim_start().len();
                    for _ in rest[..skip].chars() {
                        chars.next();
                    }
                }
                other => panic!("escape \\{other} in a text! form"),
            },
            c => out.push(c),
        }
    }
    None
}

fn file_for(lang: Lang) -> String {
    let at = if lang == Lang::Es { 2 } else { 3 };
    let msg: BTreeMap<String, &str> = Msg::ALL.iter().map(|m| (format!("{m:?}"), m.text(lang))).collect();
    let mut text: BTreeMap<String, String> = BTreeMap::new();
    let mut english: BTreeMap<String, String> = BTreeMap::new();
    for s in sentences() {
        let forms = [&s.0, &s.1, &s.2, &s.3];
        let key = text_key(forms[1]);
        if let Some(before) = english.insert(key.clone(), forms[1].clone()) {
            assert_eq!(&before, forms[1], "two sentences have the key {key}");
        }
        if let Some(before) = text.insert(key, forms[at].clone()) {
            assert_eq!(&before, forms[at], "{}: {:?} is translated two ways", forms[0], forms[1]);
        }
    }
    let mut json = serde_json::to_string_pretty(&serde_json::json!({ "msg": msg, "text": text })).unwrap();
    json.push('\n');
    json
}

#[test]
fn the_browser_texts_files_are_current() {
    for lang in [Lang::Es, Lang::Pt] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("public/i18n/{}.json", lang.code()));
        let want = file_for(lang);
        if std::env::var_os("UPDATE_I18N").is_some() {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &want).unwrap();
        }
        let have = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(have == want, "{} is not current: UPDATE_I18N=1 cargo test --test i18n_files", path.display());
    }
}

/// The reader finds every sentence the sources have, and reads them as the compiler does.
#[test]
fn the_reader_reads_the_sentences_as_written() {
    let all = sentences();
    assert!(all.len() > 500, "{} sentences read", all.len());
    let fits = all.iter().find(|s| s.1 == "the attribute pattern fits: {change}").expect("a known sentence");
    assert_eq!(
        (fits.2.as_str(), fits.3.as_str()),
        ("encaja el patrón de atributos: {change}", "o padrão de atributos se encaixa: {change}")
    );
    let quoted =
        all.iter().find(|s| s.1.contains('"') && s.1.contains('\n')).expect("a sentence with quotes and a line break");
    assert!(!quoted.1.contains("\\n") && !quoted.1.contains("\\\""), "{:?}", quoted.1);
}
