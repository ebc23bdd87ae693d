//! The library's map: each top-level module's tier, computed from its imports, and the table of
//! docs/ARCHITECTURE.md kept equal to it. A module that imports no other module of the crate is
//! in tier 0; any other is one tier above the highest module it imports (the longest path of
//! imports below it), so an import always goes down. A circle of imports fails, naming it; so
//! does a module the doc's table leaves out or puts in another tier than its imports do, and an
//! import the rules below forbid. `cargo test --test judge -- tiers:: --nocapture` prints the
//! computed table.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Test-only helpers any module's unit tests may use; they import no other module, and they
/// have no tier (they are not part of the library).
const TEST_HELPERS: &[&str] = &["test_folders", "test_skips"];

/// The commands, which stand side by side: none imports another.
const COMMANDS: &[&str] = &["judge", "play", "validate", "stress", "verify", "merge"];

/// Each top-level module and the modules of the crate it imports (itself and the test helpers
/// left out).
type Imports = BTreeMap<String, BTreeSet<String>>;

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

/// What the rules forbid in `module` importing `used` (another module of the crate): a test
/// helper importing the library, a command importing another command, a library module
/// importing a command, anything but `app` importing `cli`, anything importing `app`. The tiers
/// alone cannot forbid these: an import only raises the importer's tier.
fn forbidden_import(module: &str, used: &str) -> Option<String> {
    let command = |name: &str| COMMANDS.contains(&name);
    let why = if TEST_HELPERS.contains(&used) {
        return None;
    } else if TEST_HELPERS.contains(&module) {
        "a test helper imports no module of the library"
    } else if used == "app" {
        "nothing imports `app`, the top"
    } else if used == "cli" && module != "app" {
        "only `app` imports `cli`"
    } else if command(module) && command(used) {
        "the commands never import one another"
    } else if command(used) && !matches!(module, "cli" | "app") {
        "only `cli` and `app` import a command"
    } else {
        return None;
    };
    Some(format!("{module} uses {used}: {why}"))
}

/// Each module's tier, the longest path of imports below it; or the first circle met, as
/// `a -> b -> a`.
fn tiers(imports: &Imports) -> Result<BTreeMap<String, usize>, String> {
    /// The tier of `module`, with `path` the modules whose tier waits on it.
    fn visit(
        module: &str,
        imports: &Imports,
        path: &mut Vec<String>,
        tiers: &mut BTreeMap<String, usize>,
    ) -> Result<usize, String> {
        if let Some(&tier) = tiers.get(module) {
            return Ok(tier);
        }
        if let Some(start) = path.iter().position(|m| m == module) {
            let mut circle = path[start..].to_vec();
            circle.push(module.to_string());
            return Err(circle.join(" -> "));
        }
        path.push(module.to_string());
        let mut tier = 0;
        for used in imports.get(module).into_iter().flatten() {
            tier = tier.max(visit(used, imports, path, tiers)? + 1);
        }
        path.pop();
        tiers.insert(module.to_string(), tier);
        Ok(tier)
    }
    let mut tiers = BTreeMap::new();
    for module in imports.keys() {
        visit(module, imports, &mut Vec::new(), &mut tiers)
            .map_err(|circle| format!("a circle of imports: {circle}"))?;
    }
    Ok(tiers)
}

/// One row of the doc's table: its tier and its modules, as written (`process/` for a folder).
#[derive(Debug, PartialEq)]
struct Row {
    tier: usize,
    modules: Vec<String>,
}

/// The rows of the table under `## The tiers` in a page: lines `| TIER | `a`, `b/` | ... |`.
fn doc_rows(page: &str) -> Vec<Row> {
    let section = page
        .split("\n## ")
        .find(|section| section.starts_with("The tiers\n"))
        .unwrap_or_default();
    let mut rows = Vec::new();
    for line in section.lines() {
        let mut cells = line.split('|').skip(1).map(str::trim);
        let (Some(tier), Some(modules)) = (cells.next(), cells.next()) else {
            continue;
        };
        let Ok(tier) = tier.parse() else {
            continue;
        };
        let modules = modules
            .split(',')
            .map(|module| module.trim().trim_matches('`').to_string())
            .collect();
        rows.push(Row { tier, modules });
    }
    rows
}

/// Where the doc's rows differ from the computed tiers: a module in another tier, left out,
/// named twice or not in `src/`, a folder module written without its `/` (or a file with one),
/// rows out of tier order.
fn table_differences(
    rows: &[Row],
    imports: &Imports,
    tiers: &BTreeMap<String, usize>,
    folders: &BTreeSet<String>,
) -> Vec<String> {
    let mut differences = Vec::new();
    let mut seen = BTreeSet::new();
    let mut last_tier = 0;
    for row in rows {
        if row.tier < last_tier {
            differences.push(format!(
                "the row of tier {} comes after one of tier {last_tier}",
                row.tier
            ));
        }
        last_tier = row.tier;
        for written in &row.modules {
            let module = written.trim_end_matches('/');
            if !seen.insert(module.to_string()) {
                differences.push(format!("`{module}` is in two rows"));
            }
            let Some(&tier) = tiers.get(module) else {
                differences.push(format!("`{module}` is no module of src/"));
                continue;
            };
            if tier != row.tier {
                differences.push(format!(
                    "`{module}` is in tier {}, its imports put it in tier {tier}{}",
                    row.tier,
                    tier_set_by(module, imports, tiers)
                ));
            }
            let folder = folders.contains(module);
            if folder != written.ends_with('/') {
                let shown = if folder {
                    format!("{module}/")
                } else {
                    module.to_string()
                };
                differences.push(format!("`{written}` should be written `{shown}`"));
            }
        }
    }
    for (module, tier) in tiers {
        if !seen.contains(module) {
            differences.push(format!("`{module}` (tier {tier}) is in no row"));
        }
    }
    differences
}

/// Which import sets the tier of `module`: ` (it imports `NAME`, tier N)`, empty in tier 0.
fn tier_set_by(module: &str, imports: &Imports, tiers: &BTreeMap<String, usize>) -> String {
    let highest = imports
        .get(module)
        .into_iter()
        .flatten()
        .filter_map(|used| Some((tiers.get(used)?, used)))
        .max();
    match highest {
        Some((tier, used)) => format!(" (it imports `{used}`, tier {tier})"),
        None => String::new(),
    }
}

/// The computed table, a line per module in tier order: its tier, its name, what it imports.
fn table(imports: &Imports, tiers: &BTreeMap<String, usize>) -> String {
    let mut modules: Vec<_> = tiers.iter().collect();
    modules.sort_by_key(|&(module, tier)| (tier, module));
    let mut lines = vec![format!("{:>4}  {:<12} imports", "tier", "module")];
    for (module, tier) in modules {
        let used: Vec<_> = imports[module].iter().map(String::as_str).collect();
        let line = format!("{tier:>4}  {module:<12} {}", used.join(", "));
        lines.push(line.trim_end().to_string());
    }
    lines.join("\n")
}

#[test]
fn the_tiers_come_from_the_imports_and_the_doc_shows_them() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let src = root.join("src");
    let mut modules = Vec::new();
    let mut folders = BTreeSet::new();
    for entry in fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if matches!(name.as_str(), "bin" | "lib" | "main") {
            continue;
        }
        if path.is_dir() {
            folders.insert(name.clone());
        }
        modules.push(name);
    }
    modules.sort();
    modules.dedup();
    let mut problems = Vec::new();
    let mut imports = Imports::new();
    // Where each import is first written, to name the files of a circle.
    let mut written_in: BTreeMap<(String, String), PathBuf> = BTreeMap::new();
    let mut count = 0;
    for module in &modules {
        let mut module_imports = BTreeSet::new();
        for file in files_of(&src, module) {
            let source = fs::read_to_string(&file).unwrap();
            for used in used_modules(&source) {
                count += 1;
                if used == *module {
                    continue;
                }
                if !modules.contains(&used) {
                    problems.push(format!(
                        "{}: {module} uses {used}, which is no module of src/",
                        file.display()
                    ));
                } else if let Some(problem) = forbidden_import(module, &used) {
                    problems.push(format!("{}: {problem}", file.display()));
                } else if !TEST_HELPERS.contains(&used.as_str()) {
                    written_in
                        .entry((module.clone(), used.clone()))
                        .or_insert_with(|| file.clone());
                    module_imports.insert(used);
                }
            }
        }
        if !TEST_HELPERS.contains(&module.as_str()) {
            imports.insert(module.clone(), module_imports);
        }
    }
    problems.dedup();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // The check saw imports at all.
    assert!(count > 50, "only {count} imports found under src/");
    let tiers = tiers(&imports).unwrap_or_else(|circle| {
        let names: Vec<&str> = circle
            .rsplit(": ")
            .next()
            .unwrap_or("")
            .split(" -> ")
            .collect();
        let files: Vec<String> = names
            .windows(2)
            .filter_map(|pair| {
                let file = written_in.get(&(pair[0].to_string(), pair[1].to_string()))?;
                Some(format!("{}: {} uses {}", file.display(), pair[0], pair[1]))
            })
            .collect();
        panic!("{circle}\n{}", files.join("\n"))
    });
    let table = table(&imports, &tiers);
    println!("{table}");
    let page = fs::read_to_string(root.join("docs/ARCHITECTURE.md")).unwrap();
    let rows = doc_rows(&page);
    assert!(
        !rows.is_empty(),
        "docs/ARCHITECTURE.md has no table under `## The tiers`"
    );
    let differences = table_differences(&rows, &imports, &tiers, &folders);
    assert!(
        differences.is_empty(),
        "the table of docs/ARCHITECTURE.md differs from the tiers the imports give (printed \
         above):\n{}\nThe first line is the lowest tier that moved, most likely the cause: if its \
         import is meant, write the printed tiers into the table of docs/ARCHITECTURE.md (`## The \
         tiers`); if not, move the code that needs it.",
        differences.join("\n")
    );
}

#[test]
fn the_imports_are_read_from_code_not_comments() {
    let uses = used_modules(
        "use crate::app::run; // crate::cli in a comment\nlet x = crate::grade::judge_case(); a_crate::x",
    );
    assert_eq!(uses, ["app", "grade"]);
}

/// A made-up graph of imports, from each module and the modules it imports.
fn small_graph(edges: &[(&str, &[&str])]) -> Imports {
    edges
        .iter()
        .map(|(module, used)| {
            let used = used.iter().map(|m| m.to_string()).collect();
            (module.to_string(), used)
        })
        .collect()
}

#[test]
fn a_tier_is_the_longest_path_of_imports_below() {
    // By hand: text and limits import nothing (0), process limits (1), cases process (2), grade
    // cases (3); text below cases and grade does not lower them.
    let imports = small_graph(&[
        ("text", &[]),
        ("limits", &[]),
        ("process", &["limits"]),
        ("cases", &["process", "text"]),
        ("grade", &["cases", "text"]),
    ]);
    let tiers = tiers(&imports).unwrap();
    let got: Vec<_> = tiers.iter().map(|(m, t)| (m.as_str(), *t)).collect();
    assert_eq!(
        got,
        [
            ("cases", 2),
            ("grade", 3),
            ("limits", 0),
            ("process", 1),
            ("text", 0)
        ]
    );
}

#[test]
fn a_circle_of_imports_is_named() {
    let imports = small_graph(&[
        ("text", &[]),
        ("cases", &["grade", "text"]),
        ("grade", &["cases"]),
    ]);
    assert_eq!(
        tiers(&imports),
        Err("a circle of imports: cases -> grade -> cases".to_string())
    );
    let longer = small_graph(&[("a", &["b"]), ("b", &["c"]), ("c", &["a"])]);
    assert_eq!(
        tiers(&longer),
        Err("a circle of imports: a -> b -> c -> a".to_string())
    );
    let itself = small_graph(&[("a", &["a"])]);
    assert_eq!(
        tiers(&itself),
        Err("a circle of imports: a -> a".to_string())
    );
}

#[test]
fn the_forbidden_imports_are_caught() {
    assert!(
        forbidden_import("judge", "stress").is_some(),
        "command to command"
    );
    assert!(
        forbidden_import("report", "judge").is_some(),
        "library to command"
    );
    assert!(forbidden_import("report", "cli").is_some());
    assert!(forbidden_import("judge", "cli").is_some());
    assert!(forbidden_import("cli", "app").is_some());
    assert!(forbidden_import("test_skips", "text").is_some());
    assert!(forbidden_import("app", "cli").is_none());
    assert!(forbidden_import("cli", "judge").is_none());
    assert!(forbidden_import("app", "merge").is_none());
    assert!(forbidden_import("judge", "report").is_none());
    assert!(forbidden_import("report", "runner").is_none());
    assert!(forbidden_import("grade", "test_folders").is_none());
    assert!(forbidden_import("test_folders", "test_skips").is_none());
}

#[test]
fn a_doc_table_out_of_step_is_caught() {
    let page = "# Map\n\n## The tiers\n\n| tier | module | what it is for |\n|---|---|---|\n\
                | 0 | `text`, `limits/` | words |\n| 2 | `process/` | runs |\n\
                | 1 | `cases/`, `nowhere` | reads |\n\n## After\n\n| 9 | `app` | not read |\n";
    let rows = doc_rows(page);
    let expected = [
        Row {
            tier: 0,
            modules: vec!["text".into(), "limits/".into()],
        },
        Row {
            tier: 2,
            modules: vec!["process/".into()],
        },
        Row {
            tier: 1,
            modules: vec!["cases/".into(), "nowhere".into()],
        },
    ];
    assert_eq!(rows, expected);
    let tiers: BTreeMap<String, usize> = [
        ("text", 0),
        ("limits", 0),
        ("process", 1),
        ("cases", 2),
        ("grade", 3),
    ]
    .iter()
    .map(|&(m, t)| (m.to_string(), t))
    .collect();
    let folders: BTreeSet<String> = ["process", "cases", "grade"]
        .iter()
        .map(|m| m.to_string())
        .collect();
    let imports = small_graph(&[
        ("text", &[]),
        ("limits", &[]),
        ("process", &["limits", "text"]),
        ("cases", &["process", "text"]),
        ("grade", &["cases"]),
    ]);
    assert_eq!(
        table_differences(&rows, &imports, &tiers, &folders),
        [
            "`limits/` should be written `limits`",
            "`process` is in tier 2, its imports put it in tier 1 (it imports `text`, tier 0)",
            "the row of tier 1 comes after one of tier 2",
            "`cases` is in tier 1, its imports put it in tier 2 (it imports `process`, tier 1)",
            "`nowhere` is no module of src/",
            "`grade` (tier 3) is in no row",
        ]
    );
    let fixed = [
        Row {
            tier: 0,
            modules: vec!["text".into(), "limits".into()],
        },
        Row {
            tier: 1,
            modules: vec!["process/".into()],
        },
        Row {
            tier: 2,
            modules: vec!["cases/".into()],
        },
        Row {
            tier: 3,
            modules: vec!["grade/".into(), "cases/".into()],
        },
    ];
    assert_eq!(
        table_differences(&fixed, &imports, &tiers, &folders),
        [
            "`cases` is in two rows",
            "`cases` is in tier 3, its imports put it in tier 2 (it imports `process`, tier 1)"
        ]
    );
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
