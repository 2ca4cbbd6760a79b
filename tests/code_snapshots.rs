//! Snapshot tests of the generated code: every target (Mongoose, TypeScript, zod, Pydantic,
//! Rust, Java, Mermaid, DBML) on every template of the gallery, BiblioRed included, pinned in
//! `tests/snapshots/code/<template>/`. A change fails with the first differing line. What the
//! code does is checked by the real libraries and compilers in `tests/python/test_codegen.py`;
//! this pins what it says.
//!
//! To accept new output after an intended change, rewrite the files and review the diff:
//!
//! ```text
//! UPDATE_SNAPSHOTS=1 cargo test --test code_snapshots
//! git diff tests/snapshots/code/
//! ```

use docshape::export::code::{generate, Target};
use docshape::i18n::Lang;
use docshape::model::load;
use std::path::{Path, PathBuf};

fn file(target: Target) -> &'static str {
    match target {
        Target::Mongoose => "model.mjs",
        Target::TypeScript => "types.ts",
        Target::Zod => "zod.ts",
        Target::Pydantic => "models.py",
        Target::Rust => "documents.rs",
        Target::Java => "Documents.java",
        Target::Mermaid => "diagram.mmd",
        Target::Dbml => "diagram.dbml",
    }
}

#[test]
fn every_target_on_every_template() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let update = std::env::var("UPDATE_SNAPSHOTS").is_ok_and(|v| v == "1");
    let mut templates: Vec<PathBuf> = std::fs::read_dir(root.join("public/templates"))
        .expect("templates")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    templates.sort();
    assert!(templates.iter().any(|p| p.ends_with("bibliored.json")));
    let mut changed = Vec::new();
    for path in &templates {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let model = load(&std::fs::read_to_string(path).expect("template")).expect("template loads");
        for target in Target::ALL {
            let actual = generate(&model, target, Lang::En);
            let pinned = root.join("tests/snapshots/code").join(&stem).join(file(target));
            if update {
                std::fs::create_dir_all(pinned.parent().unwrap()).unwrap();
                std::fs::write(&pinned, &actual).unwrap();
                continue;
            }
            let expected = std::fs::read_to_string(&pinned).unwrap_or_else(|_| {
                panic!("{} is missing: UPDATE_SNAPSHOTS=1 cargo test --test code_snapshots", pinned.display())
            });
            if expected != actual {
                let line = expected.lines().zip(actual.lines()).position(|(a, b)| a != b).unwrap_or(0);
                changed.push(format!(
                    "{stem}/{} changed at line {}:\n  expected: {:?}\n  actual:   {:?}",
                    file(target),
                    line + 1,
                    expected.lines().nth(line).unwrap_or("<end>"),
                    actual.lines().nth(line).unwrap_or("<end>")
                ));
            }
        }
    }
    assert!(changed.is_empty(), "{}\n(UPDATE_SNAPSHOTS=1 to accept)", changed.join("\n"));
}

#[test]
fn bibliored_in_spanish_changes_only_the_diagrams_words() {
    let model = load(include_str!("../public/templates/bibliored.json")).expect("template");
    for target in Target::ALL {
        let (en, es) = (generate(&model, target, Lang::En), generate(&model, target, Lang::Es));
        match target {
            Target::Mermaid | Target::Dbml => assert_ne!(en, es, "{target:?}: the legend follows the language"),
            _ => assert_eq!(en, es, "{target:?}: code is the same in every language"),
        }
    }
}

#[test]
fn the_cli_writes_each_target_and_names_what_it_refuses() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("public/templates/bibliored.json");
    let model = load(&std::fs::read_to_string(&path).unwrap()).unwrap();
    for target in Target::ALL {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_docshape"))
            .args(["export", path.to_str().unwrap(), "--what", target.code(), "--lang", "es"])
            .output()
            .expect("run docshape");
        assert!(out.status.success(), "{target:?}: {}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(String::from_utf8(out.stdout).unwrap(), generate(&model, target, Lang::Es), "{target:?}");
    }
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_docshape"))
        .args(["export", path.to_str().unwrap(), "--what", "zod", "--collection", "resenas"])
        .output()
        .expect("run docshape");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--collection does not apply to --what zod"));
}
