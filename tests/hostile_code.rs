//! Hostile names through the generated code (`export::code`): every template with a hostile
//! string in every slot (`hostile/rename.rs`: line breaks of every kind, quotes, `*/`, `\u000a`,
//! `</script>`, `require("fs").writeFileSync(…)`, bidirectional controls, `__proto__`…), then
//! each target read by its own tool, which must parse or compile it and read back each
//! collection's name exactly as the model spells it:
//!
//! - Mongoose and zod modules run under node (`models`, `collections` keyed by the names), the
//!   TypeScript types and zod schemas pass `tsc --strict`;
//! - the Pydantic module is imported (`COLLECTIONS` keyed by the names);
//! - the Rust modules compile in the check crate against `bson` and map each name to its type;
//! - the Java classes compile against the driver's bson.jar and the POJO codec reads every
//!   example back through the class whose `COLLECTION` is the name;
//! - DBML parses with `@dbml/core`, its tables named as the collections; Mermaid parses;
//! - and the file the payloads would write is never written.
//!
//! A tool that is not installed is skipped with a message (`scripts/setup.sh test` installs them).

// Shared with hostile_names.rs, which also maps names back (`Renamer::original`).
#[allow(dead_code)]
#[path = "hostile/rename.rs"]
mod rename;

use docshape::export::code::{generate, Target};
use docshape::export::Builder;
use docshape::i18n::Lang;
use docshape::model::{load, Model};
use rename::{hostile, Renamer, PWNED};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn templates() -> Vec<(String, Model)> {
    let mut all: Vec<(String, Model)> = std::fs::read_dir(root().join("public/templates"))
        .expect("templates")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| {
            let model = load(&std::fs::read_to_string(&p).expect("template")).expect("loads");
            (p.file_stem().unwrap().to_string_lossy().into_owned(), model)
        })
        .collect();
    all.sort_by(|a, b| a.0.cmp(&b.0));
    all
}

/// The collection names of `model`, in the order every target lists them.
fn collections(model: &Model) -> Vec<String> {
    Builder::new(model).lookup.collections().map(|e| e.name.clone()).collect()
}

fn has(tool: &str, arg: &str) -> bool {
    Command::new(tool).arg(arg).output().is_ok_and(|o| o.status.success())
}

fn skip(what: &str) {
    println!("hostile_code: {what} is not installed: that check is skipped (scripts/setup.sh test installs it)");
}

fn run(cmd: &mut Command, label: &str) -> String {
    let out = cmd.output().unwrap_or_else(|e| panic!("{label}: {e}"));
    assert!(
        out.status.success(),
        "{label} failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn json_line(out: &str) -> Value {
    serde_json::from_str(out.lines().last().unwrap_or("{}")).expect("a JSON line")
}

#[test]
fn hostile_names_in_generated_code() {
    let _ = std::fs::remove_file(PWNED);
    let dir = root().join("tests/output/hostile-code");
    let _ = std::fs::remove_dir_all(&dir);
    let check = root().join("tests/codegen/check.mjs");
    let node = has("node", "--version");
    let mongoose = node && root().join("node_modules/mongoose").is_dir();
    let tsc = root().join("node_modules/.bin/tsc");
    let python = [root().join(".venv/bin/python"), PathBuf::from("python3")]
        .into_iter()
        .find(|p| Command::new(p).args(["-c", "import pydantic, bson"]).output().is_ok_and(|o| o.status.success()));
    let mut models = Vec::new();
    let mut ts_files = Vec::new();
    let mut files = Vec::new();
    for (stem, model) in templates() {
        let bad = hostile(&Renamer::new(), &model);
        let names = collections(&bad);
        assert!(names.iter().all(|n| !collections(&model).contains(n)), "{stem}: the names were not made hostile");
        let folder = dir.join(&stem);
        std::fs::create_dir_all(&folder).unwrap();
        let write = |file: &str, target: Target| {
            let path = folder.join(file);
            std::fs::write(&path, generate(&bad, target, Lang::Pt)).unwrap();
            path
        };
        let mjs = write("model.mjs", Target::Mongoose);
        ts_files.push(write("types.ts", Target::TypeScript));
        ts_files.push(write("zod.ts", Target::Zod));
        let py = write("models.py", Target::Pydantic);
        write("documents.rs", Target::Rust);
        write("Documents.java", Target::Java);
        let mmd = write("diagram.mmd", Target::Mermaid);
        let dbml = write("diagram.dbml", Target::Dbml);
        files.push((mjs, dbml, mmd));
        if let Some(python) = &python {
            let script = "import importlib.util, json, sys\n\
                          spec = importlib.util.spec_from_file_location('m', sys.argv[1])\n\
                          m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)\n\
                          print(json.dumps(list(m.COLLECTIONS)))";
            let out = run(Command::new(python).args(["-c", script]).arg(&py), &stem);
            assert_eq!(json_line(&out), serde_json::json!(names), "{stem}: Pydantic's COLLECTIONS");
        }
        models.push((stem, bad, names));
    }
    if mongoose {
        let ask = |what: &str, option: Option<&str>, paths: Vec<&PathBuf>| {
            let mut cmd = Command::new("node");
            cmd.arg(&check).arg(what).args(option).args(paths);
            json_line(&run(&mut cmd, what))
        };
        let keys = ask("keys", Some("--export=models"), files.iter().map(|f| &f.0).collect());
        let dbml = ask("dbml", None, files.iter().map(|f| &f.1).collect());
        let mermaid = ask("mermaid", None, files.iter().map(|f| &f.2).collect());
        for ((stem, _, names), (mjs, dbml_file, mmd)) in models.iter().zip(&files) {
            let at = |answers: &Value, path: &PathBuf| answers[path.to_str().unwrap()].clone();
            assert_eq!(at(&keys, mjs)["keys"], serde_json::json!(names), "{stem}: Mongoose's models");
            let parsed = at(&dbml, dbml_file);
            assert!(parsed.get("error").is_none(), "{stem}: DBML: {}", parsed["error"]);
            let tables: Vec<&str> =
                parsed["tables"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
            assert_eq!(
                tables[..names.len()],
                names.iter().map(String::as_str).collect::<Vec<_>>()[..],
                "{stem}: DBML tables"
            );
            let parsed = at(&mermaid, mmd);
            assert!(parsed.get("error").is_none(), "{stem}: Mermaid: {}", parsed["error"]);
        }
    } else {
        skip("node with mongoose, mermaid and @dbml/core");
    }
    if python.is_none() {
        skip("python with pydantic and pymongo");
    }
    if tsc.exists() {
        run(
            Command::new(&tsc)
                .args(["--strict", "--skipLibCheck", "--target", "es2022", "--module", "esnext"])
                .args(["--moduleResolution", "bundler"])
                .args(&ts_files),
            "tsc on the hostile TypeScript and zod",
        );
        let zods: Vec<PathBuf> = models.iter().map(|(stem, _, _)| dir.join(stem).join("zod.js")).collect();
        let keys =
            json_line(&run(Command::new("node").arg(&check).args(["keys", "--export=collections"]).args(&zods), "zod"));
        for ((stem, _, names), js) in models.iter().zip(&zods) {
            assert_eq!(keys[js.to_str().unwrap()]["keys"], serde_json::json!(names), "{stem}: zod's collections");
        }
    } else {
        skip("typescript");
    }
    java(&dir, &models);
    rust(&dir, &models);
    assert!(!Path::new(PWNED).exists(), "a payload wrote {PWNED}");
}

/// javac over the hostile classes; the POJO codec reads each collection's examples back through
/// the class whose COLLECTION is its hostile name.
fn java(dir: &Path, models: &[(String, Model, Vec<String>)]) {
    let jar = Path::new("/usr/share/java/bson.jar");
    if !has("javac", "-version") || !jar.exists() {
        return skip("javac with Debian's libmongodb-java");
    }
    let mut sources = vec![root().join("tests/codegen/java/Check.java")];
    let (mut outers, mut cases) = (Vec::new(), Vec::new());
    for (i, (stem, model, _)) in models.iter().enumerate() {
        let code = std::fs::read_to_string(dir.join(stem).join("Documents.java")).unwrap();
        let outer = docshape::export::code::java::class_name(&model.name);
        let package = dir.join(format!("t{i}"));
        std::fs::create_dir_all(&package).unwrap();
        std::fs::write(package.join(format!("{outer}.java")), format!("package t{i};\n{code}")).unwrap();
        sources.push(package.join(format!("{outer}.java")));
        outers.push(format!("t{i}.{outer}"));
        let examples = docshape::export::examples(model);
        for c in &examples {
            for e in &c.examples {
                let mut doc = String::new();
                docshape::export::ejson::write_doc_line(&mut doc, &e.doc, docshape::export::Flavor::Canonical);
                cases.push(format!(
                    "{{\"outer\": \"t{i}.{outer}\", \"collection\": {}, \"doc\": {doc}}}",
                    docshape::escape::js::string(&c.collection)
                ));
            }
        }
    }
    std::fs::write(dir.join("cases.json"), format!("{{\"cases\": [{}]}}", cases.join(",\n"))).unwrap();
    let classes = dir.join("classes");
    run(Command::new("javac").args(["-nowarn", "-cp"]).arg(jar).arg("-d").arg(&classes).args(&sources), "javac");
    let out = run(
        Command::new("java")
            .arg("-cp")
            .arg(format!("{}:{}", jar.display(), classes.display()))
            .arg("Check")
            .arg(dir.join("cases.json"))
            .args(&outers),
        "java Check",
    );
    let verdicts: Vec<&str> = out.lines().collect();
    assert_eq!(verdicts.len(), cases.len());
    for (verdict, case) in verdicts.iter().zip(&cases) {
        assert_eq!(*verdict, "same", "{}", &case[..case.len().min(300)]);
    }
}

/// The hostile Rust modules compiled in the check crate; each collection's name finds its type.
fn rust(dir: &Path, models: &[(String, Model, Vec<String>)]) {
    let crate_dir = dir.join("rust");
    std::fs::create_dir_all(crate_dir.join("src")).unwrap();
    for file in ["Cargo.toml", "Cargo.lock"] {
        std::fs::copy(root().join("tests/codegen/rust").join(file), crate_dir.join(file)).unwrap();
    }
    let mut main = String::from("fn main() {\n    let mut names: Vec<&str> = Vec::new();\n");
    let mut mods = String::new();
    for (i, (stem, _, _)) in models.iter().enumerate() {
        let code = std::fs::read_to_string(dir.join(stem).join("documents.rs")).unwrap();
        std::fs::write(crate_dir.join("src").join(format!("t{i}.rs")), &code).unwrap();
        mods.push_str(&format!("mod t{i};\n"));
        for line in code.lines().filter_map(|l| l.strip_prefix("impl ")).filter_map(|l| l.strip_suffix(" {")) {
            main.push_str(&format!("    names.push(t{i}::{line}::COLLECTION);\n"));
        }
    }
    main.push_str("    println!(\"{}\", serde_json::to_string(&names).unwrap());\n}\n");
    std::fs::write(crate_dir.join("src/main.rs"), format!("{mods}{main}")).unwrap();
    let out = run(
        Command::new("cargo")
            .args(["run", "--quiet", "--locked"])
            .current_dir(&crate_dir)
            .env("CARGO_TARGET_DIR", root().join("target/codegen-check")),
        "the hostile Rust in the check crate",
    );
    let all: Vec<&String> = models.iter().flat_map(|(_, _, names)| names).collect();
    assert_eq!(json_line(&out), serde_json::json!(all), "Rust's COLLECTION constants");
}
