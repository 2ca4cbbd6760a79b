//! Every shipped template loads and is structurally clean, with no member the loader ignores
//! (the command line warns about those; a template must not teach one).
use docshape::model::{check_structure, load, load_reporting};

#[test]
fn every_template_loads_cleanly() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("public/templates");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let model = load(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let problems = check_structure(&model);
        assert!(problems.is_empty(), "{}: {problems:?}", path.display());
        let (_, unknown) = load_reporting(&text).unwrap();
        assert!(unknown.is_empty(), "{}: {unknown:?}", path.display());
        count += 1;
    }
    assert!(count >= 1);
}
