//! The small pieces every solver repeats (it must be one submittable file) stay word for word
//! identical, so a fix made in one file cannot be forgotten in another.
//!
//! A shared piece sits between `// ---- shared: NAME …` and `// ---- end shared: NAME ----`.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// Every shared block of a source file, by name.
fn shared_blocks(source: &str) -> BTreeMap<String, String> {
    let mut blocks = BTreeMap::new();
    let mut rest = source;
    while let Some(start) = rest.find("// ---- shared: ") {
        let header = &rest[start + "// ---- shared: ".len()..];
        let name_end = header.find([' ', '(']).expect("a block name");
        let name = header[..name_end].trim().to_string();
        let end_marker = format!("// ---- end shared: {name} ----");
        let end = rest[start..]
            .find(&end_marker)
            .unwrap_or_else(|| panic!("block {name} is closed"));
        blocks.insert(name, rest[start..start + end].to_string());
        rest = &rest[start + end + end_marker.len()..];
    }
    blocks
}

#[test]
fn shared_blocks_are_identical_in_every_solver() {
    let bin = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/bin");
    let mut by_name: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
    let mut solvers = 0;
    for entry in fs::read_dir(&bin).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|extension| extension == "rs") {
            solvers += 1;
            let file = path.file_name().unwrap().to_string_lossy().into_owned();
            let blocks = shared_blocks(&fs::read_to_string(&path).unwrap());
            assert!(
                blocks.contains_key("error"),
                "{file} lacks the shared block error (its InputError)"
            );
            for (name, text) in blocks {
                by_name.entry(name).or_default().push((file.clone(), text));
            }
        }
    }
    assert!(solvers >= 3);
    for (name, copies) in &by_name {
        assert!(
            copies.len() >= 2,
            "block {name} is in only one file: {:?}",
            copies[0].0
        );
        let (first_file, first) = &copies[0];
        for (file, text) in &copies[1..] {
            assert_eq!(
                text, first,
                "shared block {name} differs between {first_file} and {file}"
            );
        }
    }
}

#[test]
fn finds_blocks_and_their_names() {
    let source = "a\n// ---- shared: one (x) ----\nfn f() {}\n// ---- end shared: one ----\n\
                  // ---- shared: two ----\nfn g() {}\n// ---- end shared: two ----\n";
    let blocks = shared_blocks(source);
    assert_eq!(blocks.keys().collect::<Vec<_>>(), ["one", "two"]);
    assert!(blocks["two"].contains("fn g"));
}
