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

/// Blocks that given solvers must carry, so that taking a block's markers out of every file but
/// one (or out of all of them) cannot take the code out of the check: the Othello modules of
/// othello_endgame and othello_player, and the judge's lines of the two interactive players.
const REQUIRED_BLOCKS: [(&str, &[&str]); 3] = [
    (
        "othello_endgame.rs",
        &[
            "othello_board",
            "othello_moves",
            "othello_evaluation",
            "othello_search",
        ],
    ),
    (
        "othello_player.rs",
        &[
            "othello_board",
            "othello_moves",
            "othello_evaluation",
            "othello_search",
            "judge_lines",
        ],
    ),
    ("tic_tac_toe_player.rs", &["judge_lines"]),
];

#[test]
fn the_othello_modules_and_the_judges_lines_are_shared_whole() {
    let bin = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/bin");
    for (file, names) in REQUIRED_BLOCKS {
        let blocks = shared_blocks(&fs::read_to_string(bin.join(file)).unwrap());
        for name in names {
            let block = blocks
                .get(*name)
                .unwrap_or_else(|| panic!("{file} lacks the shared block {name}"));
            // An Othello block is one whole inline module: `mod board { … }` for othello_board.
            if let Some(module) = name.strip_prefix("othello_") {
                let opening = format!("\nmod {module} {{\n");
                assert!(
                    block.contains(&opening) && block.trim_end().ends_with("\n}"),
                    "{file}: the block {name} must hold the whole module {module}"
                );
            }
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
