//! The CLI never destroys a good file, refuses what it cannot read with the reason, and reads
//! back whatever it writes: `--help` everywhere, outputs that are inputs, failed writes, files
//! that are too large, not UTF-8 or endless, deep samples, and links too large to open.

use std::path::{Path, PathBuf};
use std::process::Command;

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("docshape-safety-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn docshape(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_docshape")).args(args).output().expect("run docshape");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code().unwrap_or(-1), text(&out.stdout), text(&out.stderr))
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

fn bibliored_in(dir: &Path) -> PathBuf {
    let path = dir.join("bibliored.json");
    std::fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join("public/templates/bibliored.json"), &path).unwrap();
    path
}

/// Every command, with its options and their values as `--help` should list them.
const COMMANDS: [(&str, &[&str]); 11] = [
    ("check", &["--format", "--lang", "human, json"]),
    ("rules", &["--format", "--lang", "markdown, json"]),
    ("infer", &["--name", "--format", "--out", "auto, ndjson, ejson, shell"]),
    ("export", &["--what", "--collection", "--lang", "ejson-canonical", "dbml"]),
    ("generate", &["--collection", "-n, --count", "--seed", "--out", "relaxed, canonical"]),
    ("report", &["--out", "--svg", "--theme", "--base", "--lang", "light, dark"]),
    ("share", &["--base", "--decode"]),
    ("diff", &["--format", "--fail-on", "--lang", "--out", "new-errors, any-finding"]),
    ("versions", &["--format", "text, json"]),
    ("synth", &["--entities", "--seed"]),
    ("completions", &["bash", "zsh", "fish"]),
];

#[test]
fn every_command_answers_help() {
    for (command, options) in COMMANDS {
        for flag in ["--help", "-h"] {
            let (code, out, err) = docshape(&[command, flag]);
            assert_eq!(code, 0, "{command} {flag}: {err}");
            assert!(out.contains(&format!("Usage: docshape {command} ")), "{command} {flag}: {out}");
            // The short help lists the options; the long one their values too, one list a line.
            for option in options.iter().filter(|o| flag == "--help" || o.starts_with('-')) {
                assert!(out.contains(option), "{command} {flag} does not list {option}: {out}");
            }
        }
        let (code, out, _) = docshape(&["help", command]);
        assert_eq!((code, out), (0, docshape(&[command, "--help"]).1), "docshape help {command}");
    }
    let (code, out, _) = docshape(&["check", "--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("Languages:") && out.contains("--lang en|es|pt"), "{out}");
    assert!(out.contains("[default: human]"), "{out}");
    // Without a command: the list of commands on stderr, exit 2; asked for, on stdout, exit 0.
    let (code, out, err) = docshape(&[]);
    assert_eq!(code, 2);
    assert!(out.is_empty() && err.contains("Commands:"), "{err}");
    for asked in [&["help"][..], &["--help"], &["-h"]] {
        let (code, out, _) = docshape(asked);
        assert_eq!(code, 0, "{asked:?}");
        for (command, _) in COMMANDS {
            assert!(out.contains(&format!("\n  {command} ")), "{asked:?} does not list {command}: {out}");
        }
    }
}

#[test]
fn a_wrong_flag_or_value_is_named_with_exit_2_and_nothing_on_stdout() {
    let bibliored = concat!(env!("CARGO_MANIFEST_DIR"), "/public/templates/bibliored.json");
    for (args, named) in [
        (&["check", bibliored, "--frobnicate"][..], "unexpected argument '--frobnicate'"),
        (&["export", bibliored, "--wat", "schema"], "unexpected argument '--wat'"),
        (&["diff", bibliored, bibliored, "--fail", "any-finding"], "unexpected argument '--fail'"),
        (&["generate", bibliored, "--collection", "catalogo", "-x", "3"], "unexpected argument '-x'"),
        (&["export", bibliored, "--what", "csv"], "invalid value 'csv' for '--what <WHAT>'"),
        (&["generate", bibliored, "--collection", "catalogo", "-n", "lots"], "invalid value 'lots' for '--count <N>'"),
        (&["synth", "--entities", "0"], "invalid value '0' for '--entities <N>'"),
        (&["report", bibliored, "--theme"], "a value is required for '--theme <THEME>'"),
        (&["generate", bibliored, "-n", "3"], "--collection <NAME>"),
        (&["share", bibliored, "--decode", "#m=x"], "cannot be used with '--decode <LINK>'"),
        (&["chek", bibliored], "unrecognized subcommand 'chek'"),
    ] {
        let (code, out, err) = docshape(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains(named), "{args:?}: {err}");
        assert!(err.contains("For more information, try '--help'."), "{args:?}: {err}");
    }
    // A flag close to one the command takes is suggested.
    let (_, _, err) = docshape(&["check", bibliored, "--formt", "json"]);
    assert!(err.contains("tip: a similar argument exists: '--format'"), "{err}");
    let (_, _, err) = docshape(&["chek", bibliored]);
    assert!(err.contains("tip: a similar subcommand exists: 'check'"), "{err}");
    // An option given twice takes its last value, as it always did.
    let (code, out, _) = docshape(&["check", bibliored, "--format", "human", "--format=json"]);
    assert_eq!(code, 0);
    assert!(out.starts_with('{'), "{out}");
}

#[test]
fn completions_for_bash_zsh_and_fish_know_every_command_option_and_value() {
    for shell in ["bash", "zsh", "fish"] {
        let (code, script, err) = docshape(&["completions", shell]);
        assert_eq!(code, 0, "{shell}: {err}");
        for (command, _) in COMMANDS {
            assert!(script.contains(command), "{shell}: no {command}");
        }
        for word in ["fail-on", "any-finding", "ejson-canonical", "decode", "lang"] {
            assert!(script.contains(word), "{shell}: no {word}");
        }
    }
    // The bash script is valid bash (`bash -n` parses without running).
    let dir = folder("completions");
    let path = dir.join("docshape.bash");
    std::fs::write(&path, docshape(&["completions", "bash"]).1).unwrap();
    let parsed = Command::new("bash").arg("-n").arg(&path).output().expect("run bash");
    assert!(parsed.status.success(), "{}", String::from_utf8_lossy(&parsed.stderr));
    let (code, out, err) = docshape(&["completions", "tcsh"]);
    assert_eq!(code, 2);
    assert!(out.is_empty() && err.contains("invalid value 'tcsh'"), "{err}");
}

#[test]
fn an_output_that_is_the_input_is_refused() {
    let dir = folder("same");
    let model = bibliored_in(&dir);
    let before = std::fs::read(&model).unwrap();
    let link = dir.join("link.json");
    std::os::unix::fs::symlink(&model, &link).unwrap();
    let dotted = format!("{}/./bibliored.json", s(&dir));
    for (input, out) in [(s(&model), s(&model)), (s(&link), s(&model)), (s(&model), dotted.as_str())] {
        let (code, _, err) = docshape(&["report", input, "--out", out]);
        assert_eq!(code, 2, "report {input} --out {out}");
        assert!(err.contains("never writes over its input"), "{err}");
        let (code, _, err) = docshape(&["report", input, "--svg", out]);
        assert_eq!(code, 2, "{err}");
        let (code, _, err) = docshape(&["generate", input, "--collection", "catalogo", "-n", "3", "--out", out]);
        assert_eq!(code, 2, "{err}");
    }
    let samples = dir.join("docs.ndjson");
    std::fs::write(&samples, "{\"a\": 1}\n").unwrap();
    let (code, _, err) = docshape(&["infer", s(&samples), "--out", s(&samples)]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(std::fs::read_to_string(&samples).unwrap(), "{\"a\": 1}\n");
    assert_eq!(std::fs::read(&model).unwrap(), before, "the model was changed");
}

#[test]
fn a_write_that_fails_midway_leaves_the_old_file() {
    let dir = folder("fail");
    let model = bibliored_in(&dir);
    let out = dir.join("docs.ndjson");
    std::fs::write(&out, "the good file\n").unwrap();
    // A 64 KiB file-size limit: generating 20,000 documents fails partway through the write
    // (the shell's `ulimit -f` counts 1 KiB blocks).
    let script = format!(
        "ulimit -f 64; exec {} generate {} --collection catalogo -n 20000 --out {}",
        env!("CARGO_BIN_EXE_docshape"),
        s(&model),
        s(&out)
    );
    let status = Command::new("sh").args(["-c", &script]).output().expect("run sh");
    assert!(!status.status.success(), "the limited write succeeded");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "the good file\n");
    // The same command without the limit replaces it with every document.
    let (code, _, err) =
        docshape(&["generate", s(&model), "--collection", "catalogo", "-n", "20000", "--out", s(&out)]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_to_string(&out).unwrap().lines().count(), 20000);
}

#[test]
fn generate_refuses_an_output_the_disk_cannot_hold_before_writing() {
    let dir = folder("disk");
    let model = bibliored_in(&dir);
    let out = dir.join("docs.ndjson");
    std::fs::write(&out, "the good file\n").unwrap();
    // A quadrillion documents (and the largest count there is) need more than any disk here.
    for n in ["1_000_000_000_000_000", "18446744073709551615"] {
        let started = std::time::Instant::now();
        let (code, stdout, err) =
            docshape(&["generate", s(&model), "--collection", "catalogo", "-n", n, "--out", s(&out)]);
        assert_eq!(code, 2, "{err}");
        assert!(stdout.is_empty());
        assert!(err.contains("docs.ndjson would take about") && err.contains("free: nothing was written"), "{err}");
        assert!(started.elapsed().as_secs() < 30, "refused before writing, not after");
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "the good file\n");
        let left: Vec<_> = std::fs::read_dir(&dir).unwrap().filter_map(|e| e.ok()).map(|e| e.file_name()).collect();
        assert_eq!(left.len(), 2, "no temporary file is left: {left:?}");
    }
    // An ordinary run is not stopped.
    let (code, _, err) = docshape(&["generate", s(&model), "--collection", "catalogo", "-n", "10", "--out", s(&out)]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("may not fit"), "{err}");
}

#[test]
fn files_that_are_too_large_endless_or_not_utf8_are_refused_with_the_reason() {
    let (code, _, err) = docshape(&["check", "/dev/zero"]);
    assert_eq!(code, 2);
    assert!(err.contains("not read further"), "{err}");

    let dir = folder("text");
    let big = dir.join("big.json");
    let file = std::fs::File::create(&big).unwrap();
    file.set_len(3 * 1024 * 1024 * 1024).unwrap(); // sparse: no disk used
    let (code, _, err) = docshape(&["check", s(&big)]);
    assert_eq!(code, 2);
    assert!(err.contains("3221225472 bytes"), "{err}");

    let text = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("public/templates/bibliored.json")).unwrap();
    let bom = dir.join("bom.json");
    std::fs::write(&bom, [b"\xEF\xBB\xBF".as_slice(), &text].concat()).unwrap();
    let (code, _, err) = docshape(&["check", s(&bom), "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("byte-order mark"), "{err}");

    let utf16: Vec<u8> = [0xFF, 0xFE].into_iter().chain(text.iter().flat_map(|b| [*b, 0])).collect();
    let wide = dir.join("utf16.json");
    std::fs::write(&wide, utf16).unwrap();
    let (code, _, err) = docshape(&["check", s(&wide)]);
    assert_eq!(code, 2);
    assert!(err.contains("UTF-16"), "{err}");

    let latin = dir.join("latin1.json");
    std::fs::write(&latin, b"{\"format\":\"docshape\",\n\"formatVersion\":1,\"name\":\"caf\xE9\"}").unwrap();
    let (code, _, err) = docshape(&["check", s(&latin)]);
    assert_eq!(code, 2);
    assert!(err.contains("not UTF-8") && err.contains("line 2"), "{err}");
}

/// A sample document nested `levels` deep: `{"a": {"a": ... 1}}`.
fn nested(levels: usize) -> String {
    (0..levels).fold("1".to_string(), |inner, _| format!("{{\"a\": {inner}}}"))
}

#[test]
fn infer_writes_models_that_check_reads_whatever_the_nesting() {
    let dir = folder("deep");
    for levels in [10, 49, 62, 100] {
        let samples = dir.join(format!("deep{levels}.ndjson"));
        std::fs::write(&samples, format!("{}\n", nested(levels))).unwrap();
        let out = dir.join(format!("deep{levels}.json"));
        let (code, _, err) = docshape(&["infer", s(&samples), "--out", s(&out)]);
        assert_eq!(code, 0, "{levels} levels: {err}");
        let (code, stdout, err) = docshape(&["check", s(&out), "--format", "json"]);
        assert!(code == 0 || code == 1, "{levels} levels: check refused what infer wrote: {err}");
        assert!(stdout.contains("\"findings\""), "{stdout}");
        let written = std::fs::read_to_string(&out).unwrap();
        assert_eq!(written.contains("a model nests at most 50 levels"), levels > 50, "{levels} levels");
    }
}

#[test]
fn share_refuses_a_link_that_would_not_open_and_offers_the_file() {
    let dir = folder("share");
    let big = dir.join("big.json");
    let notes = "x".repeat(9 * 1024 * 1024);
    std::fs::write(
        &big,
        format!("{{\"format\":\"docshape\",\"formatVersion\":1,\"name\":\"big\",\"notes\":\"{notes}\"}}"),
    )
    .unwrap();
    let (code, out, err) = docshape(&["share", s(&big)]);
    assert_eq!(code, 2);
    assert!(out.is_empty(), "a link was printed");
    assert!(err.contains("no share link was made") && err.contains("model file"), "{err}");
}

#[test]
fn every_writer_is_read_back() {
    let dir = folder("roundtrip");
    let model = bibliored_in(&dir);
    let original = docshape::model::load(&std::fs::read_to_string(&model).unwrap()).unwrap();

    // share → share --decode: the same model.
    let (code, link, err) = docshape(&["share", s(&model)]);
    assert_eq!(code, 0, "{err}");
    let (code, json, err) = docshape(&["share", "--decode", link.trim()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(docshape::model::load(&json).unwrap(), original);

    // report --base: the link in the report opens the same model.
    let report = dir.join("review.md");
    let (code, _, err) = docshape(&["report", s(&model), "--out", s(&report), "--base", "https://x.test/"]);
    assert_eq!(code, 0, "{err}");
    let markdown = std::fs::read_to_string(&report).unwrap();
    let at = markdown.find("https://x.test/#m=").expect("a share link in the report");
    let link: String = markdown[at..].chars().take_while(|c| !matches!(c, ')' | ' ' | '\n' | '>')).collect();
    assert_eq!(docshape::share::decode_link(&link).unwrap(), original);
    assert!(std::fs::read_to_string(dir.join("review.svg")).unwrap().starts_with("<svg"));

    // generate → infer: every generated document is read back as a document.
    let docs = dir.join("catalogo.ndjson");
    let (code, _, err) = docshape(&["generate", s(&model), "--collection", "catalogo", "-n", "200", "--out", s(&docs)]);
    assert_eq!(code, 0, "{err}");
    let inferred = dir.join("inferred.json");
    let (code, _, err) = docshape(&["infer", s(&docs), "--out", s(&inferred)]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("200 documents read"), "{err}");
    assert!(!err.contains("malformed"), "{err}");
    let (code, _, err) = docshape(&["check", s(&inferred), "--format", "json"]);
    assert!(code == 0 || code == 1, "{err}");
}

#[test]
fn infer_rejects_bad_extended_json_and_binary_files_with_the_line() {
    let dir = folder("infer-bad");
    let samples = dir.join("bad.ndjson");
    std::fs::write(
        &samples,
        "{\"_id\": {\"$oid\": \"5f1d7a3b9c1e4a0012345678\"}, \"p\": {\"$numberDecimal\": \"12.50\"}}\n\
         {\"_id\": {\"$oid\": \"zzzz\"}}\n\
         {\"p\": {\"$numberDecimal\": \"abc\"}}\n\
         {\"p\": {\"$numberDecimal\": \"-1.5E+3\"}}\n",
    )
    .unwrap();
    let (code, _, err) = docshape(&["infer", s(&samples)]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("2 documents read"), "{err}");
    assert!(err.contains("line 2") && err.contains("$oid must hold 24 hexadecimal digits"), "{err}");
    assert!(err.contains("line 3") && err.contains("$numberDecimal must hold"), "{err}");

    let binary = dir.join("dump.bson");
    let mut bytes = b"{\"a\": 1}\n{\"a\": 2}\n".to_vec();
    bytes.extend_from_slice(&[0x16, 0, 0, 0, 0x02, b'a', 0, 0, 0]);
    std::fs::write(&binary, bytes).unwrap();
    let (code, out, err) = docshape(&["infer", s(&binary)]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty());
    assert!(err.contains("line 3 holds a zero byte") && err.contains("binary"), "{err}");
}

#[test]
fn a_misspelt_member_is_warned_about_with_the_nearest_known_one() {
    let dir = folder("typo");
    let model = dir.join("typo.json");
    std::fs::write(
        &model,
        r#"{"format":"docshape","formatVersion":1,"name":"x",
            "entities":[{"id":"a","name":"orders"},{"id":"b","name":"lines"}],
            "relations":[{"id":"r1","parent":"a","child":"b","storage":"embed","field":"lines","cardinalty":{"typical":20}}]}"#,
    )
    .unwrap();
    let (_, _, err) = docshape(&["check", s(&model)]);
    assert!(err.contains("relations[0] (\"r1\"): unknown member \"cardinalty\""), "{err}");
    assert!(err.contains("did you mean \"cardinality\"?"), "{err}");
}

/// Runs docshape with `input` on its standard input.
fn docshape_with_stdin(args: &[&str], input: &[u8]) -> (i32, String, String) {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_docshape"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run docshape");
    let mut stdin = child.stdin.take().expect("stdin");
    // docshape stops reading past the limit: a broken pipe here is expected.
    let _ = stdin.write_all(input);
    drop(stdin);
    let out = child.wait_with_output().expect("docshape ends");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code().unwrap_or(-1), text(&out.stdout), text(&out.stderr))
}

#[test]
fn odd_options_and_links_on_stdin_get_a_message_that_says_what_is_wrong() {
    let (code, _, err) = docshape(&["check", "m.json", "--frobnicate"]);
    assert_eq!(code, 2);
    assert!(err.contains("unexpected argument '--frobnicate'"), "{err}");
    let (code, _, err) = docshape(&["check", "m.json", "--format"]);
    assert_eq!(code, 2);
    assert!(err.contains("a value is required for '--format <FORMAT>'"), "{err}");
    assert!(err.contains("[possible values: human, json]"), "{err}");

    // A link longer than any docshape opens is not called "2,097,153 characters long".
    let long = format!("#m=v2.{}", "A".repeat(docshape::share::MAX_LINK_CHARS * 2));
    let (code, out, err) = docshape_with_stdin(&["share", "--decode", "-"], long.as_bytes());
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("longer than 2097152 characters") && err.contains("model file"), "{err}");
    let (code, _, err) = docshape_with_stdin(&["share", "--decode", "-"], b"\xff\xfe#m=");
    assert_eq!(code, 2);
    assert!(err.contains("not UTF-8 text"), "{err}");
    // A version number past 64 bits is named as written, not as 18446744073709551615.
    let (code, _, err) = docshape(&["share", "--decode", "#m=v99999999999999999999999.abc"]);
    assert_eq!(code, 2);
    assert!(err.contains("link version 99999999999999999999…;"), "{err}");
}

#[test]
fn infer_says_when_it_reads_the_examples_export_as_one_document() {
    let dir = folder("examples");
    let model = bibliored_in(&dir);
    let examples = dir.join("examples.json");
    let (code, json, err) = docshape(&["export", s(&model), "--what", "ejson"]);
    assert_eq!(code, 0, "{err}");
    std::fs::write(&examples, json).unwrap();
    let (code, _, err) = docshape(&["infer", s(&examples)]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("1 documents read") && err.contains("one array per collection"), "{err}");
    // Ordinary documents with an array of sub-documents get no such note.
    let docs = dir.join("orders.ndjson");
    std::fs::write(&docs, "{\"_id\": 1, \"lines\": [{\"sku\": \"a\"}], \"notes\": [{\"t\": \"x\"}]}\n").unwrap();
    let (_, _, err) = docshape(&["infer", s(&docs)]);
    assert!(!err.contains("one array per collection"), "{err}");
}
