//! The pieces several solvers repeat (each must be one submittable file) are written once, in
//! `solver_blocks/NAME.rs`, and copied into the solvers between `// ---- shared: NAME …` and
//! `// ---- end shared: NAME ----`, so a fix is made in one place and cannot be forgotten in
//! another.
//!
//! This test fails while a copy differs from its source, and shows where. Run with `BLESS=1`
//! (`BLESS=1 cargo test --test solvers shared_code`, as trybuild and insta do), it first writes
//! every source into its copies, and says on stderr what it replaced.

use std::collections::BTreeMap;
use std::env;
use std::fs;
use std::io::{self, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Once;

use crate::common::fresh_folder;

/// The folder of the blocks' sources, in a checkout.
const SOURCES: &str = "solver_blocks";
/// The folder of the solvers, in a checkout.
const SOLVERS: &str = "src/bin";
/// The command that writes the sources into the solvers.
const BLESS_COMMAND: &str = "BLESS=1 cargo test --test solvers shared_code";
/// The opening marker of a copy, followed by the block's name and an optional note.
const OPENING: &str = "// ---- shared: ";
/// How many lines of each side a difference shows at most.
const SHOWN_LINES: usize = 8;

/// A block's copy in a solver file: the block's name, where its text (the lines between the two
/// markers) lies in the file, and the line number of that text's first line.
struct BlockCopy {
    name: String,
    text: Range<usize>,
    first_line: usize,
}

/// The copies of blocks in a solver's source, in the order of the file.
fn copies(source: &str) -> Result<Vec<BlockCopy>, String> {
    let mut copies: Vec<BlockCopy> = Vec::new();
    // The open block: its name, the start of its text and the line number there.
    let mut open: Option<(String, usize, usize)> = None;
    let mut offset = 0;
    for (index, line) in source.split_inclusive('\n').enumerate() {
        let number = index + 1;
        let start = offset;
        offset += line.len();
        let line = line.trim_end_matches('\n');
        if let Some((name, text_start, first_line)) = &open {
            if line == format!("// ---- end shared: {name} ----") {
                copies.push(BlockCopy {
                    name: name.clone(),
                    text: *text_start..start,
                    first_line: *first_line,
                });
                open = None;
            } else if line.starts_with(OPENING) {
                return Err(format!(
                    "line {number}: a block opens inside the block {name}, which is not closed"
                ));
            }
        } else if let Some(header) = line.strip_prefix(OPENING) {
            let name = header
                .split([' ', '('])
                .next()
                .unwrap_or_default()
                .to_string();
            if name.is_empty() {
                return Err(format!("line {number}: a block without a name"));
            }
            if copies.iter().any(|copy| copy.name == name) {
                return Err(format!("line {number}: the block {name} a second time"));
            }
            open = Some((name, offset, number + 1));
        }
    }
    match open {
        Some((name, ..)) => Err(format!("the block {name} is never closed")),
        None => Ok(copies),
    }
}

/// A block's source file: its `//!` lines (what the block is, which solvers carry it), one
/// blank line, then the block's text.
struct Source {
    header: String,
    text: String,
    /// The line number of the text's first line in the source file.
    first_line: usize,
}

impl Source {
    fn parse(file: &str) -> Result<Source, String> {
        let header_lines = file
            .lines()
            .take_while(|line| line.starts_with("//!"))
            .count();
        let mut parts = file.splitn(header_lines + 2, '\n');
        let header: Vec<&str> = parts.by_ref().take(header_lines).collect();
        let blank = parts.next();
        let text = parts.next().unwrap_or_default();
        if header_lines == 0 || blank != Some("") || text.is_empty() || !text.ends_with('\n') {
            return Err(
                "must be `//!` lines saying what the block is and which solvers carry it, one \
                 blank line, then the block's text ending with a line end"
                    .to_string(),
            );
        }
        Ok(Source {
            header: header.join("\n"),
            text: text.to_string(),
            first_line: header_lines + 2,
        })
    }
}

/// A checkout's solver files and block sources as read, each by its file name.
struct Checkout {
    root: PathBuf,
    solvers: BTreeMap<String, String>,
    sources: BTreeMap<String, String>,
}

impl Checkout {
    fn read(root: &Path) -> Checkout {
        Checkout {
            root: root.to_path_buf(),
            solvers: rust_files(&root.join(SOLVERS)),
            sources: rust_files(&root.join(SOURCES)),
        }
    }
}

/// The `.rs` files of a folder, by file name.
fn rust_files(dir: &Path) -> BTreeMap<String, String> {
    let mut files = BTreeMap::new();
    for entry in fs::read_dir(dir).unwrap_or_else(|error| panic!("{}: {error}", dir.display())) {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|extension| extension == "rs") {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            files.insert(name, fs::read_to_string(&path).unwrap());
        }
    }
    files
}

/// The sources that parse, by block name, and a message for each that does not.
fn sources(checkout: &Checkout) -> (BTreeMap<String, Source>, Vec<String>) {
    let mut sources = BTreeMap::new();
    let mut problems = Vec::new();
    for (file, text) in &checkout.sources {
        match Source::parse(text) {
            Ok(source) => {
                sources.insert(file.trim_end_matches(".rs").to_string(), source);
            }
            Err(message) => problems.push(format!("{SOURCES}/{file}: {message}")),
        }
    }
    (sources, problems)
}

/// Everything wrong between the solvers' copies and the blocks' sources, one message each.
fn problems(checkout: &Checkout) -> Vec<String> {
    let (sources, mut problems) = sources(checkout);
    let mut carriers: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (file, text) in &checkout.solvers {
        let found = match copies(text) {
            Ok(found) => found,
            Err(message) => {
                problems.push(format!("{SOLVERS}/{file}: {message}"));
                continue;
            }
        };
        if !found.iter().any(|copy| copy.name == "error") {
            problems.push(format!(
                "{SOLVERS}/{file} lacks the shared block error (its InputError)"
            ));
        }
        for copy in found {
            let Some((name, source)) = sources.get_key_value(&copy.name) else {
                problems.push(format!(
                    "{SOLVERS}/{file} carries the block {} but there is no {SOURCES}/{}.rs: \
                     move the block's text there",
                    copy.name, copy.name
                ));
                continue;
            };
            carriers.entry(name).or_default().push(file);
            let carried = &text[copy.text.clone()];
            if carried != source.text {
                problems.push(difference(name, source, file, carried, copy.first_line));
            }
        }
    }
    for (name, source) in &sources {
        let files = carriers.get(name.as_str()).cloned().unwrap_or_default();
        match files.as_slice() {
            [] => problems.push(format!(
                "{SOURCES}/{name}.rs is the source of a block no solver carries: copy it between \
                 the markers into the solvers that use it, or remove it"
            )),
            [file] => problems.push(format!("block {name} is in only one file: {file:?}")),
            _ => {}
        }
        for file in checkout.solvers.keys() {
            let named = source.header.contains(file.as_str());
            let carries = files.contains(&file.as_str());
            if named != carries {
                problems.push(format!(
                    "{SOURCES}/{name}.rs: its `//!` lines must name the solvers that carry the \
                     block, and {file} {}",
                    if carries { "carries it" } else { "does not" }
                ));
            }
        }
    }
    problems
}

/// Says where a solver's copy of a block first differs from the block's source, and shows the
/// lines that differ on each side, numbered, the lines both share at the start and at the end
/// left out.
fn difference(name: &str, source: &Source, file: &str, carried: &str, first_line: usize) -> String {
    let wanted: Vec<&str> = source.text.lines().collect();
    let found: Vec<&str> = carried.lines().collect();
    let same_start = wanted
        .iter()
        .zip(&found)
        .take_while(|(wanted, found)| wanted == found)
        .count();
    let same_end = wanted[same_start..]
        .iter()
        .rev()
        .zip(found[same_start..].iter().rev())
        .take_while(|(wanted, found)| wanted == found)
        .count();
    let side = |label: String, lines: &[&str], first: usize| {
        let mut shown = format!("  {label}:\n");
        for (index, line) in lines.iter().take(SHOWN_LINES).enumerate() {
            shown += &format!("  {:>6} | {line}\n", first + index);
        }
        match lines.len() {
            0 => shown += "         (no line)\n",
            count if count > SHOWN_LINES => {
                shown += &format!("         ({} more lines)\n", count - SHOWN_LINES);
            }
            _ => {}
        }
        shown
    };
    format!(
        "{SOLVERS}/{file}: its copy of the block {name} differs from {SOURCES}/{name}.rs, first at \
         line {} (line {} of the source)\n{}{}",
        first_line + same_start,
        source.first_line + same_start,
        side(
            format!("{SOURCES}/{name}.rs (the source)"),
            &wanted[same_start..wanted.len() - same_end],
            source.first_line + same_start,
        ),
        side(
            format!("{SOLVERS}/{file} (the copy)"),
            &found[same_start..found.len() - same_end],
            first_line + same_start,
        ),
    )
}

/// Writes each block's source over every copy of it that differs, and returns what it replaced:
/// the file, the block and the lines that were there. Solver files that cannot be read as
/// blocks, and blocks without a source, are left as they are (`problems` names them).
fn bless(checkout: &Checkout) -> Vec<String> {
    let (sources, _) = sources(checkout);
    let mut replaced = Vec::new();
    for (file, text) in &checkout.solvers {
        let Ok(found) = copies(text) else { continue };
        let mut written = String::new();
        // The end of what `written` holds of the file, and whether a copy was replaced.
        let (mut last, mut changed) = (0, false);
        for copy in found {
            let carried = &text[copy.text.clone()];
            match sources.get(&copy.name) {
                Some(source) if carried != source.text => {
                    replaced.push(difference(
                        &copy.name,
                        source,
                        file,
                        carried,
                        copy.first_line,
                    ));
                    written += &text[last..copy.text.start];
                    written += &source.text;
                    last = copy.text.end;
                    changed = true;
                }
                _ => {}
            }
        }
        if changed {
            written += &text[last..];
            fs::write(checkout.root.join(SOLVERS).join(file), written).unwrap();
        }
    }
    replaced
}

/// With `BLESS=1`, writes the sources into the checkout's solvers, once a run, before any test
/// of this module reads them.
fn bless_when_asked() {
    static BLESSED: Once = Once::new();
    BLESSED.call_once(|| {
        if env::var_os("BLESS").is_some_and(|value| value == "1") {
            let root = Path::new(env!("CARGO_MANIFEST_DIR"));
            // Straight to stderr, past the test harness's capture: what a copy held is not lost
            // without a word.
            for replaced in bless(&Checkout::read(root)) {
                let _ = writeln!(
                    io::stderr(),
                    "BLESS wrote the source over this copy:\n{replaced}"
                );
            }
        }
    });
}

#[test]
fn every_copy_of_a_block_is_its_source() {
    bless_when_asked();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let problems = problems(&Checkout::read(root));
    assert!(
        problems.is_empty(),
        "{}\n\nEdit the sources in {SOURCES}/ (move there any change made in a solver's copy), \
         then write them into the solvers with `{BLESS_COMMAND}`.",
        problems.join("\n\n")
    );
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
    let bin = Path::new(env!("CARGO_MANIFEST_DIR")).join(SOLVERS);
    for (file, names) in REQUIRED_BLOCKS {
        let source = fs::read_to_string(bin.join(file)).unwrap();
        let found = copies(&source).unwrap_or_else(|message| panic!("{file}: {message}"));
        for name in names {
            let copy = found
                .iter()
                .find(|copy| copy.name == *name)
                .unwrap_or_else(|| panic!("{file} lacks the shared block {name}"));
            // An Othello block is one whole inline module: `mod board { … }` for othello_board.
            if let Some(module) = name.strip_prefix("othello_") {
                let block = format!("\n{}", &source[copy.text.clone()]);
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
    let found = copies(source).unwrap();
    let names: Vec<&str> = found.iter().map(|copy| copy.name.as_str()).collect();
    assert_eq!(names, ["one", "two"]);
    assert_eq!(&source[found[1].text.clone()], "fn g() {}\n");
    assert_eq!(found[1].first_line, 6);
    let unclosed = "// ---- shared: one ----\nfn f() {}\n";
    assert_eq!(
        copies(unclosed).err().unwrap(),
        "the block one is never closed"
    );
}

/// A scratch checkout holding a copy of every solver and every block source; nothing here
/// writes to the real files.
fn scratch_checkout() -> PathBuf {
    bless_when_asked();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for folder in [SOLVERS, SOURCES] {
        for (file, text) in rust_files(&root.join(folder)) {
            files.push((format!("{folder}/{file}"), text));
        }
    }
    let scratch = fresh_folder("shared-code", "checkout", &files);
    assert!(
        problems(&Checkout::read(&scratch)).is_empty(),
        "the copies must match their sources before a test changes them: see the failure of \
         every_copy_of_a_block_is_its_source"
    );
    scratch
}

/// Replaces the one line `old` of a file by `new`; fails unless `old` is there exactly once.
fn replace_line(path: &Path, old: &str, new: &str) -> String {
    let text = fs::read_to_string(path).unwrap();
    assert_eq!(
        text.matches(old).count(),
        1,
        "{old:?} in {}",
        path.display()
    );
    fs::write(path, text.replacen(old, new, 1)).unwrap();
    text
}

/// A line of the judge_lines block, which othello_player and tic_tac_toe_player carry.
const JUDGE_LINE: &str = "/// The judge's side of the conversation: its next non-blank line, \
                          numbered from 1.\n";
const CHANGED_JUDGE_LINE: &str = "/// The judge's side of the conversation: its next line that \
                                  holds something, numbered from 1.\n";

#[test]
fn bless_writes_a_changed_source_into_the_solvers_that_carry_it() {
    let scratch = scratch_checkout();
    let bin = scratch.join(SOLVERS);
    let before = rust_files(&bin);
    let source = scratch.join(SOURCES).join("judge_lines.rs");
    let source_text = replace_line(&source, JUDGE_LINE, CHANGED_JUDGE_LINE);
    let source_line = source_text
        .lines()
        .take_while(|line| line.starts_with("//!"))
        .count()
        + 2;

    let problems_before = problems(&Checkout::read(&scratch));
    assert_eq!(problems_before.len(), 2, "{problems_before:#?}");
    for (problem, file) in problems_before
        .iter()
        .zip(["othello_player.rs", "tic_tac_toe_player.rs"])
    {
        let line = before[file]
            .lines()
            .position(|line| line == JUDGE_LINE.trim_end())
            .unwrap()
            + 1;
        let opening = format!(
            "src/bin/{file}: its copy of the block judge_lines differs from \
             solver_blocks/judge_lines.rs, first at line {line} (line {source_line} of the source)"
        );
        assert!(problem.starts_with(&opening), "{problem}\n---\n{opening}");
        assert!(problem.contains(CHANGED_JUDGE_LINE.trim_end()), "{problem}");
        assert!(problem.contains(JUDGE_LINE.trim_end()), "{problem}");
    }

    let replaced = bless(&Checkout::read(&scratch));
    assert_eq!(replaced, problems_before);
    assert_eq!(problems(&Checkout::read(&scratch)), Vec::<String>::new());
    let after = rust_files(&bin);
    for (file, text) in &before {
        if file == "othello_player.rs" || file == "tic_tac_toe_player.rs" {
            assert_eq!(
                after[file],
                text.replacen(JUDGE_LINE, CHANGED_JUDGE_LINE, 1)
            );
        } else {
            assert_eq!(&after[file], text, "{file} must be left as it was");
        }
    }
    assert_eq!(
        fs::read_to_string(&source).unwrap(),
        source_text.replacen(JUDGE_LINE, CHANGED_JUDGE_LINE, 1)
    );
}

#[test]
fn a_change_made_in_a_copy_is_shown_for_moving_to_the_source() {
    let scratch = scratch_checkout();
    let player = scratch.join(SOLVERS).join("othello_player.rs");
    replace_line(&player, JUDGE_LINE, CHANGED_JUDGE_LINE);
    let edited = fs::read_to_string(&player).unwrap();
    let problems = problems(&Checkout::read(&scratch));
    assert_eq!(problems.len(), 1, "{problems:#?}");
    let problem = &problems[0];
    assert!(
        problem.starts_with(
            "src/bin/othello_player.rs: its copy of the block judge_lines differs from \
             solver_blocks/judge_lines.rs"
        ),
        "{problem}"
    );
    // Both sides of the change, labelled: the source's line, then the copy's.
    let source_side = problem
        .find("solver_blocks/judge_lines.rs (the source):")
        .unwrap();
    let copy_side = problem
        .find("src/bin/othello_player.rs (the copy):")
        .unwrap();
    let old = problem.find(JUDGE_LINE.trim_end()).unwrap();
    let new = problem.find(CHANGED_JUDGE_LINE.trim_end()).unwrap();
    assert!(
        source_side < old && old < copy_side && copy_side < new,
        "{problem}"
    );
    // Only BLESS writes: the check leaves the edited copy where it is.
    assert_eq!(fs::read_to_string(&player).unwrap(), edited);
}

#[test]
fn a_source_no_solver_carries_and_a_block_without_a_source_fail() {
    let scratch = scratch_checkout();
    let sources = scratch.join(SOURCES);
    fs::write(
        sources.join("unused.rs"),
        "//! A block no solver carries.\n\nfn unused() {}\n",
    )
    .unwrap();
    fs::remove_file(sources.join("main.rs")).unwrap();
    replace_line(&sources.join("lines.rs"), " board_winner.rs,", "");
    let problems = problems(&Checkout::read(&scratch));
    assert_eq!(
        problems,
        [
            "src/bin/move_values.rs carries the block main but there is no solver_blocks/main.rs: \
             move the block's text there",
            "src/bin/weighted_tic_tac_toe.rs carries the block main but there is no \
             solver_blocks/main.rs: move the block's text there",
            "solver_blocks/lines.rs: its `//!` lines must name the solvers that carry the block, \
             and board_winner.rs carries it",
            "solver_blocks/unused.rs is the source of a block no solver carries: copy it between \
             the markers into the solvers that use it, or remove it",
        ],
        "{problems:#?}"
    );
}
