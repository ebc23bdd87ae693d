//! The library's map: its top-level modules in layers, each importing only from the layers
//! above it in `LAYERS`, so there is no circle and a newcomer knows where code goes. A module
//! that is not in the table, or an import that goes back up (or sideways, within a layer), fails.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// The layers, from the bottom (imports nothing of the crate) to the top. Declared once here;
/// docs/ARCHITECTURE.md describes the same map. (This is tests/judge/layers.rs.)
const LAYERS: &[&[&str]] = &[
    &["text", "limits", "random", "outcome", "temp_folder"],
    &["process"],
    &["games", "sources"],
    &["cases"],
    &["compare"],
    &["verdict"],
    &["grade"],
    &["runner"],
    &["report"],
    &["problems"],
    &["judge", "play", "validate", "stress", "verify", "merge"],
    &["cli"],
    &["app"],
];

/// Test-only helpers any module's unit tests may use.
const TEST_HELPERS: &[&str] = &["test_folders", "test_skips"];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

/// Every `.rs` file of a top-level module (`src/NAME.rs`, or all files under `src/NAME/`).
fn files_of(src: &Path, module: &str) -> Vec<PathBuf> {
    let file = src.join(format!("{module}.rs"));
    if file.is_file() {
        return vec![file];
    }
    let mut files = Vec::new();
    let mut folders = vec![src.join(module)];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|extension| extension == "rs") {
                files.push(path);
            }
        }
    }
    files
}

/// The top-level modules of the crate that a source text uses (`crate::NAME`), comments left
/// out.
fn used_modules(source: &str) -> Vec<String> {
    let mut used = Vec::new();
    for line in source.lines() {
        let code = line.split("//").next().unwrap_or_default();
        let mut rest = code;
        while let Some(start) = rest.find("crate::") {
            let before = rest[..start].chars().last();
            let name: String = rest[start + "crate::".len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            // `game_judge::crate::` never occurs; `foo_crate::` is another name.
            if !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') && !name.is_empty() {
                used.push(name);
            }
            rest = &rest[start + "crate::".len()..];
        }
    }
    used
}

/// What is wrong with `module` using `used`: a module not in the table, or not below it.
fn wrong_import(module: &str, used: &str) -> Option<String> {
    if used == module || TEST_HELPERS.contains(&used) {
        return None;
    }
    let (Some(own), Some(other)) = (layer_of(module), layer_of(used)) else {
        return Some(format!("{module} uses {used}, which is in no layer"));
    };
    (other >= own).then(|| {
        format!(
            "{module} (layer {own}) uses {used} (layer {other}): an import must go down a layer"
        )
    })
}

#[test]
fn every_module_has_a_layer_and_imports_only_from_below() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut modules = Vec::new();
    for entry in fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if matches!(name.as_str(), "bin" | "lib" | "main") {
            continue;
        }
        modules.push(name);
    }
    modules.sort();
    let mut problems = Vec::new();
    for module in &modules {
        if layer_of(module).is_none() && !TEST_HELPERS.contains(&module.as_str()) {
            problems.push(format!(
                "src/{module} is in no layer of tests/judge/layers.rs"
            ));
        }
    }
    let mut edges: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for module in &modules {
        for file in files_of(&src, module) {
            let source = fs::read_to_string(&file).unwrap();
            for used in used_modules(&source) {
                if let Some(problem) = wrong_import(module, &used) {
                    problems.push(format!("{}: {problem}", file.display()));
                }
                edges.entry(module.clone()).or_default().push(used);
            }
        }
    }
    problems.dedup();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // The table names only modules that exist, and the check saw imports at all.
    for layer in LAYERS {
        for module in *layer {
            assert!(
                modules.iter().any(|m| m == module),
                "no module src/{module}"
            );
        }
    }
    assert!(edges.values().map(Vec::len).sum::<usize>() > 50);
}

#[test]
fn an_import_going_up_or_sideways_is_caught() {
    let uses = used_modules(
        "use crate::app::run; // crate::cli in a comment\nlet x = crate::grade::judge_case(); a_crate::x",
    );
    assert_eq!(uses, ["app", "grade"]);
    assert!(wrong_import("report", "app").is_some());
    assert!(wrong_import("report", "runner").is_none());
    assert!(wrong_import("judge", "stress").is_some(), "same layer");
    assert!(wrong_import("text", "nowhere").is_some());
    assert!(wrong_import("grade", "test_folders").is_none());
}

/// The places outside `src/cases/package.rs` whose code (tests left out) parses a package's
/// problem file, given every source file's path and text.
fn problem_file_parsers_elsewhere(files: &[(PathBuf, String)]) -> Vec<String> {
    let mut found = Vec::new();
    for (path, text) in files {
        if path.ends_with("cases/package.rs") {
            continue;
        }
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        for (number, line) in code.lines().enumerate() {
            let line = line.split("//").next().unwrap_or_default();
            let parses = ["parse_problem_yaml(", "parse_problem_xml("]
                .iter()
                .any(|call| line.contains(call) && !line.contains(&format!("fn {call}")));
            if parses {
                found.push(format!("{}:{}", path.display(), number + 1));
            }
        }
    }
    found
}

/// A package is read once: its problem file is parsed in `cases::package` alone, whose value
/// every command's reader takes.
#[test]
fn a_package_s_problem_file_is_parsed_in_one_place() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files: Vec<(PathBuf, String)> = files_of(&src, "cases")
        .into_iter()
        .chain(
            ["verify", "validate", "judge", "stress"]
                .iter()
                .flat_map(|m| files_of(&src, m)),
        )
        .map(|path| {
            let text = fs::read_to_string(&path).unwrap();
            (path, text)
        })
        .collect();
    let elsewhere = problem_file_parsers_elsewhere(&files);
    assert!(elsewhere.is_empty(), "{}", elsewhere.join("\n"));
    // The check finds a parse where it is.
    let package = src.join("cases/package.rs");
    let text = fs::read_to_string(&package).unwrap();
    let moved = [(src.join("verify/mod.rs"), text)];
    assert!(!problem_file_parsers_elsewhere(&moved).is_empty());
}
