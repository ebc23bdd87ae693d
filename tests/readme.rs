//! The sample sessions of README.md and of every `docs/*.md` page are real: every fenced block
//! that starts with a `$ ` line is run and its output compared with the lines shown under it.
//!
//! - `cargo run --release --` and `cargo run --release` stand for the `judge` binary and
//!   `cargo run -q --release --bin NAME` for that solver's binary (the ones cargo built for this
//!   test); the line runs through `sh -c` with stdout and stderr together and `NO_COLOR` set.
//! - Each page runs in a scratch folder of its own (so one page's `--save` cannot change what
//!   another shows), and its sessions run in order: the folder holds `cases` (a link to the real
//!   ones), `tests/fixtures/always_takahashi.py` and `ninth_move_bug.py` (copies),
//!   `tests/fixtures/interactive`, `tests/fixtures/kattis`, `tests/fixtures/polygon`,
//!   `tests/fixtures/domjudge` and
//!   `examples` (links: the folders a reader has in a clone) and `target/release/` (a link to
//!   the folder of the binaries cargo built for this test).
//! - Times and memory figures are not compared: a number before ` ms` or ` MiB` (and the spaces
//!   before it) or after `"time_ms":` or `"memory_mib":` is the same wherever it is, and so is
//!   the case named after `slowest … ms` and `largest … MiB` in a summary, and the word after a
//!   figure in ms and two spaces (the slowest case in a table of `judge verify`). A note of how long a
//!   case waited for a CPU (`(waited 1.2 s for a CPU)`, or that as a line or in a JSON detail)
//!   comes with a busy machine: it is left out of what the judge printed. The sandbox's banner
//!   line (`sandbox: on (…)`) is compared as `sandbox: …`: whether it is on depends on the
//!   machine.
//! - A block with a `...` line shows the first lines of the output above it and the last below
//!   it; in such a block the summary's counts are not compared (cases get added), but the count
//!   of cases it prints must be the number of case lines in the output.
//! - Every failure names the page and the command; all of them are reported at once.
//!
//! Every link of these pages must also lead to a file of the project (never out of it), and a
//! link with `#anchor` to a heading of that file. No page is over 800 lines, and the quick
//! start, `docs/QUICKSTART.md`, is at most 150.
//!
//! Running the sessions takes minutes: that test is in the slow tier (`--features slow-tests`);
//! the checks of pages, links and the figures' rule are fast.
#![cfg_attr(not(feature = "slow-tests"), allow(dead_code, unused_imports))]

use std::fs;
use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One `$ COMMAND` of a page and the lines shown under it.
#[derive(Debug)]
struct Session {
    command: String,
    shown: Vec<String>,
}

/// Every `$ ` command in a fenced block of `markdown`, with the lines up to the next command or
/// the end of the block.
fn sessions(markdown: &str) -> Vec<Session> {
    let mut sessions: Vec<Session> = Vec::new();
    let mut in_block = false;
    let mut in_session = false;
    for line in markdown.lines() {
        if line.starts_with("```") {
            in_block = !in_block;
            in_session = false;
            continue;
        }
        if !in_block {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            sessions.push(Session {
                command: command.to_string(),
                shown: Vec::new(),
            });
            in_session = true;
        } else if in_session {
            if let Some(session) = sessions.last_mut() {
                session.shown.push(line.to_string());
            }
        }
    }
    sessions
}

/// A page's command with cargo replaced by the binaries it would run.
fn runnable(command: &str) -> String {
    let bin = |name: &str| assert_cmd::cargo::cargo_bin(name).display().to_string();
    let mut line = command.to_string();
    while let Some(start) = line.find("cargo run -q --release --bin ") {
        let rest = &line[start + "cargo run -q --release --bin ".len()..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        let mut end = start + "cargo run -q --release --bin ".len() + name.len();
        // Cargo's own `--` before the program's arguments is not the program's.
        if line[end..].starts_with(" -- ") {
            end += " --".len();
        }
        line.replace_range(start..end, &bin(&name));
    }
    line = line.replace("cargo run --release --", &bin("judge"));
    line = line.replace("cargo run --release", &bin("judge"));
    assert!(
        !line.contains("cargo"),
        "the sessions test does not know how to run {command:?}"
    );
    line
}

/// The pages whose sessions are run: README.md, then every `docs/*.md` in name order, as paths
/// from the project root.
fn pages(root: &Path) -> Vec<String> {
    let mut docs: Vec<String> = fs::read_dir(root.join("docs"))
        .expect("a docs/ folder")
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    docs.sort();
    assert!(!docs.is_empty(), "no docs/*.md page found");
    let mut pages = vec!["README.md".to_string()];
    pages.extend(docs);
    pages
}

/// A fresh scratch folder for the sessions of `page`.
fn scratch(page: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("readme")
        .join(page.replace('/', "-"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    symlink(root.join("cases"), dir.join("cases")).unwrap();
    fs::create_dir_all(dir.join("tests/fixtures")).unwrap();
    for linked in ["interactive", "kattis", "polygon", "domjudge"] {
        symlink(
            root.join("tests/fixtures").join(linked),
            dir.join("tests/fixtures").join(linked),
        )
        .unwrap();
    }
    for fixture in ["always_takahashi.py", "ninth_move_bug.py"] {
        fs::copy(
            root.join("tests/fixtures").join(fixture),
            dir.join("tests/fixtures").join(fixture),
        )
        .unwrap();
    }
    symlink(root.join("examples"), dir.join("examples")).unwrap();
    // target/release/NAME: the binaries cargo built for this test.
    let binaries = assert_cmd::cargo::cargo_bin("judge");
    fs::create_dir_all(dir.join("target")).unwrap();
    symlink(binaries.parent().unwrap(), dir.join("target/release")).unwrap();
    dir
}

/// `line` with every figure before ` ms` or ` MiB` (and the spaces before it) as ` #`, and the
/// case named by a summary's slowest and largest as `…`.
fn without_figures(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    loop {
        let unit = [" ms", " MiB"]
            .iter()
            .filter_map(|unit| rest.find(unit).map(|at| (at, unit.len())))
            .min();
        let Some((at, length)) = unit else {
            out.push_str(rest);
            break;
        };
        let before = &rest[..at];
        let number = before.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
        let spaces = number.trim_end_matches(' ');
        let has_digit = before[number.len()..].starts_with(|c: char| c.is_ascii_digit());
        if has_digit && spaces.len() < number.len() {
            out.push_str(spaces);
            out.push_str(" #");
        } else {
            out.push_str(before);
        }
        out.push_str(&rest[at..at + length]);
        rest = &rest[at + length..];
    }
    // The run id is made from the cases' contents: a case added or changed changes it.
    for key in [
        "\"time_ms\":",
        "\"memory_mib\":",
        "\"memory_bytes\":",
        "\"run\":",
    ] {
        let mut from = 0;
        while let Some(found) = out[from..].find(key) {
            let start = from + found + key.len();
            let end = out[start..]
                .find([',', '}'])
                .map_or(out.len(), |end| start + end);
            out.replace_range(start..end, "#");
            from = start;
        }
    }
    // A table of `judge verify` names the slowest case after its time (`140 ms  secret/1`):
    // which of two cases of the same time is slowest is chance.
    let mut from = 0;
    while let Some(found) = out[from..].find(" # ms  ") {
        let start = from + found + " # ms  ".len();
        let end = out[start..].find(' ').map_or(out.len(), |end| start + end);
        out.replace_range(start..end, "…");
        from = start;
    }
    for named in ["slowest # ms (", "largest # MiB ("] {
        if let Some(start) = out.find(named) {
            let open = start + named.len();
            if let Some(close) = out[open..].find(')') {
                out.replace_range(open..open + close, "…");
            }
        }
    }
    out
}

/// `line` without the notes of how long a case waited for a CPU, `None` if it was only such a
/// note (a detail line): `  (waited 1.2 s for a CPU)` on a case line, `waited 1.2 s for a CPU`
/// in a JSON detail (with the `\n` before it, if any).
fn without_wait_notes(line: &str) -> Option<String> {
    const NOTE: &str = "waited ";
    const END: &str = " s for a CPU";
    let mut out = line.to_string();
    let mut from = 0;
    while let Some(found) = out[from..].find(NOTE) {
        let start = from + found;
        let figure = &out[start + NOTE.len()..];
        let digits = figure
            .find(|c: char| !c.is_ascii_digit() && c != '.')
            .unwrap_or(figure.len());
        if digits == 0 || !figure[digits..].starts_with(END) {
            from = start + NOTE.len();
            continue;
        }
        let mut end = start + NOTE.len() + digits + END.len();
        let mut start = start;
        if out[..start].ends_with("  (") && out[end..].starts_with(')') {
            start -= 3;
            end += 1;
        } else if out[..start].ends_with("\\n") {
            start -= 2;
        }
        out.replace_range(start..end, "");
        from = start;
    }
    match out.trim().is_empty() && !line.trim().is_empty() {
        true => None,
        false => Some(out),
    }
}

/// The sandbox's banner line as `sandbox: …`: whether it is on depends on the machine (root
/// or not), so a page shows it as on and a reader's run may say off.
fn without_sandbox_state(line: &str) -> String {
    match line.starts_with("sandbox: ") {
        true => "sandbox: …".to_string(),
        false => line.to_string(),
    }
}

/// `line` with every run of digits as `N`.
fn without_numbers(line: &str) -> String {
    let mut out = String::new();
    for c in line.chars() {
        if !c.is_ascii_digit() {
            out.push(c);
        } else if !out.ends_with('N') {
            out.push('N');
        }
    }
    out
}

/// A folder's line of the banner with its count of cases left out
/// (`cases/x: online-judge-tools (NAME.in + NAME.out): 10 cases; …` has `N cases;`): a user
/// who drops a case of their own into `cases/` changes it, and the docs show the folders as
/// they come.
fn without_case_count(line: &str) -> String {
    let Some(at) = line.find(" cases;").or_else(|| line.find(" case;")) else {
        return line.to_string();
    };
    let digits = line[..at].trim_end_matches(|c: char| c.is_ascii_digit());
    if digits.len() == at || !digits.ends_with(' ') {
        return line.to_string();
    }
    format!(
        "{digits}N cases{}",
        &line[at..][line[at..].find(';').unwrap()..]
    )
}

/// Whether a line of the judge's report is a case line (not a detail, not the summary).
fn is_case_line(line: &str) -> bool {
    const VERDICTS: [&str; 9] = [
        "AC", "WA", "RE", "TLE", "MLE", "OLE", "JE", "valid", "invalid:",
    ];
    !line.starts_with(' ')
        && line
            .split_whitespace()
            .nth(1)
            .is_some_and(|verdict| VERDICTS.contains(&verdict))
}

#[test]
fn figures_are_left_out_and_nothing_else() {
    assert_eq!(
        without_figures("p/a  AC      106 ms     15.4 MiB"),
        "p/a  AC # ms # MiB"
    );
    assert_eq!(
        without_figures("2 cases: 1 AC, 1 WA; slowest 112 ms (p/b); largest 15.4 MiB (p/a)"),
        "2 cases: 1 AC, 1 WA; slowest # ms (…); largest # MiB (…)"
    );
    assert_eq!(
        without_figures("p/a  AC  3 ms  0.5 MiB  (787 games: 624 won)"),
        "p/a  AC # ms # MiB  (787 games: 624 won)"
    );
    assert_eq!(without_figures("+18 G8"), "+18 G8");
    assert_eq!(
        without_figures("expected (line 12): \"3 ms\""),
        "expected (line 12): \"3 ms\""
    );
    assert_eq!(without_numbers("59 cases: 59 AC"), "N cases: N AC");
    assert_eq!(
        without_case_count("cases/x: oj (NAME.in + NAME.out): 10 cases; limits 2 s (default)"),
        "cases/x: oj (NAME.in + NAME.out): N cases; limits 2 s (default)"
    );
    assert_eq!(
        without_case_count("cases/x: oj (NAME.in): 1 case; limits"),
        "cases/x: oj (NAME.in): N cases; limits"
    );
    assert_eq!(without_case_count("10 cases: 10 AC"), "10 cases: 10 AC");
    assert_eq!(without_case_count("x cases; y"), "x cases; y");
    assert_eq!(
        without_sandbox_state("sandbox: off (--no-sandbox)"),
        without_sandbox_state("sandbox: on (namespaces, an unprivileged user)")
    );
    assert_eq!(without_sandbox_state("p/sandbox: on"), "p/sandbox: on");
    assert_eq!(
        without_wait_notes("p/a  AC      906 ms      7.6 MiB  (waited 3.1 s for a CPU)"),
        Some("p/a  AC      906 ms      7.6 MiB".to_string())
    );
    assert_eq!(
        without_wait_notes(
            "p/a  AC  3 ms  0.5 MiB  (787 games: 624 won)  (waited 0.2 s for a CPU)"
        ),
        Some("p/a  AC  3 ms  0.5 MiB  (787 games: 624 won)".to_string())
    );
    assert_eq!(without_wait_notes("    waited 12.0 s for a CPU"), None);
    assert_eq!(
        without_wait_notes("\"detail\":\"x\\nwaited 0.3 s for a CPU\"}"),
        Some("\"detail\":\"x\"}".to_string())
    );
    assert_eq!(
        without_wait_notes("\"detail\":\"waited 0.3 s for a CPU\"}"),
        Some("\"detail\":\"\"}".to_string())
    );
    assert_eq!(
        without_wait_notes("he waited 3 days for a CPU"),
        Some("he waited 3 days for a CPU".to_string())
    );
    assert_eq!(without_wait_notes(""), Some(String::new()));
    assert_eq!(
        without_figures("{\"time_ms\":12,\"memory_mib\":0.5,\"detail\":\"\"}"),
        "{\"time_ms\":#,\"memory_mib\":#,\"detail\":\"\"}"
    );
}

/// How many lines of a session a failure shows, of what the page shows and of what was printed.
const SHOWN_LINES: usize = 30;

/// The first `count` lines, and how many more there are.
fn at_most(lines: &[String], count: usize) -> String {
    let mut shown = lines[..lines.len().min(count)].join("\n");
    if lines.len() > count {
        shown += &format!("\n[{} more lines]", lines.len() - count);
    }
    shown
}

/// Where `printed` first leaves what the page shows: its `head`, then (after a `...`) its
/// `tail` at the end.
fn first_difference(head: &[String], tail: &[String], printed: &[String]) -> String {
    let differ = |number: usize, shown: Option<&String>, printed: Option<&String>| {
        let or_end = |line: Option<&String>| {
            line.map_or("(the end)".to_string(), |line| format!("{line:?}"))
        };
        format!(
            "line {number} differs:\n  shown:   {}\n  printed: {}",
            or_end(shown),
            or_end(printed)
        )
    };
    for index in 0..head
        .len()
        .max(if tail.is_empty() { printed.len() } else { 0 })
    {
        if head.get(index) != printed.get(index) {
            return differ(index + 1, head.get(index), printed.get(index));
        }
    }
    if let Some((summary, block)) = tail.split_last() {
        let last = printed.last();
        if last.map(|last| without_numbers(last)) != Some(without_numbers(summary)) {
            return format!(
                "the summary differs:\n  shown:   {summary:?}\n  printed: {:?}",
                last.map_or("(nothing)", String::as_str)
            );
        }
        if let Some(first) = block.first() {
            return format!("the lines shown after the `...`, from {first:?}, are not printed after the head in one block");
        }
    }
    "the lines agree but not the count of lines, or the summary".to_string()
}

/// What is wrong with `printed` as the output of `session` of `page`, if anything.
fn difference(page: &str, session: &Session, printed: &str) -> Option<String> {
    let printed: Vec<String> = printed
        .lines()
        .filter_map(without_wait_notes)
        .map(|line| without_case_count(&without_figures(&without_sandbox_state(&line))))
        .collect();
    let shown: Vec<String> = session
        .shown
        .iter()
        .map(|line| without_case_count(&without_figures(&without_sandbox_state(line))))
        .collect();
    let elided = shown.iter().position(|line| line == "...");
    let (head, tail) = match elided {
        Some(at) => (&shown[..at], &shown[at + 1..]),
        None => (&shown[..], &[][..]),
    };
    // After a `...`, the lines shown before the summary come somewhere after the head, in one
    // block (a user's own cases may sort after them), and the summary ends the output, its
    // counts left out.
    let matches = match tail.split_last() {
        None if elided.is_none() => printed == shown,
        None => printed.starts_with(head),
        Some((summary, block)) => {
            let rest = printed.get(head.len()..).unwrap_or_default();
            printed.starts_with(head)
                && rest.last().map(|last| without_numbers(last)) == Some(without_numbers(summary))
                && (block.is_empty()
                    || rest[..rest.len() - 1]
                        .windows(block.len())
                        .any(|window| window == block))
        }
    };
    if !matches {
        return Some(format!(
            "{}\n--- {page} shows:\n{}\n--- it printed:\n{}",
            first_difference(head, tail, &printed),
            at_most(&shown, SHOWN_LINES),
            at_most(&printed, SHOWN_LINES)
        ));
    }
    if elided.is_some() {
        let cases = printed.iter().filter(|line| is_case_line(line)).count();
        let summary = printed.last().cloned().unwrap_or_default();
        if !summary.starts_with(&format!("{cases} case"))
            && !summary.starts_with(&format!("{cases} file"))
        {
            return Some(format!(
                "{cases} case lines, but the summary is {summary:?}"
            ));
        }
    }
    None
}

#[test]
#[cfg(feature = "slow-tests")]
fn the_sessions_of_the_readme_and_the_docs_print_what_they_show() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut failures = Vec::new();
    let mut total = 0;
    for page in pages(root) {
        let text = fs::read_to_string(root.join(&page)).unwrap();
        let sessions = sessions(&text);
        if page == "README.md" {
            assert!(sessions.len() >= 6, "README.md: found only {sessions:?}");
        }
        eprintln!("{page}: {} sessions", sessions.len());
        total += sessions.len();
        if sessions.is_empty() {
            continue;
        }
        let dir = scratch(&page);
        for session in &sessions {
            let output = Command::new("sh")
                .arg("-c")
                .arg(format!("{{ {}\n}} 2>&1", runnable(&session.command)))
                .current_dir(&dir)
                .env("NO_COLOR", "1")
                // Builds go in the build's target folder, never in the user's own cache.
                .env(
                    "XDG_CACHE_HOME",
                    Path::new(env!("CARGO_TARGET_TMPDIR")).join("cache"),
                )
                .output()
                .unwrap();
            let printed = String::from_utf8_lossy(&output.stdout);
            if let Some(difference) = difference(&page, session, &printed) {
                failures.push(format!("{page}: $ {}\n{difference}", session.command));
            }
        }
    }
    assert!(
        total >= 25,
        "only {total} sessions in README.md and docs/*.md"
    );
    assert!(
        failures.is_empty(),
        "{} of {total} sessions of README.md and docs/*.md differ:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// The most lines a page may have: a longer one is split, so that each page can be read
/// through.
const PAGE_LINES: usize = 800;

/// The most lines the quick start may have: it starts a contestant in a minute.
const QUICKSTART_LINES: usize = 150;

/// What is wrong with the length of `page`, whose text is `text`, if anything.
fn too_long(page: &str, text: &str) -> Option<String> {
    let most = match page {
        "docs/QUICKSTART.md" => QUICKSTART_LINES,
        _ => PAGE_LINES,
    };
    let lines = text.lines().count();
    (lines > most).then(|| format!("{page}: {lines} lines, over {most}"))
}

#[test]
fn a_page_over_its_length_is_named() {
    let lines = |count: usize| "a line\n".repeat(count);
    assert_eq!(too_long("docs/GUIDE.md", &lines(800)), None);
    assert_eq!(
        too_long("docs/GUIDE.md", &lines(801)),
        Some("docs/GUIDE.md: 801 lines, over 800".to_string())
    );
    assert!(too_long("README.md", &lines(801)).is_some());
    assert_eq!(too_long("docs/QUICKSTART.md", &lines(150)), None);
    assert_eq!(
        too_long("docs/QUICKSTART.md", &lines(151)),
        Some("docs/QUICKSTART.md: 151 lines, over 150".to_string())
    );
}

#[test]
fn no_page_is_over_800_lines_and_the_quick_start_over_150() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let pages = pages(root);
    assert!(
        pages.iter().any(|page| page == "docs/QUICKSTART.md"),
        "no docs/QUICKSTART.md among {pages:?}"
    );
    let long: Vec<String> = pages
        .iter()
        .filter_map(|page| too_long(page, &fs::read_to_string(root.join(page)).unwrap()))
        .collect();
    assert!(long.is_empty(), "pages too long:\n{}", long.join("\n"));
}

/// The anchor GitHub gives a heading: lowercase, spaces as `-`, other punctuation but `-` and
/// `_` dropped (`What \`cargo test\` checks` is `what-cargo-test-checks`).
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c.to_ascii_lowercase()),
            _ => None,
        })
        .collect()
}

/// The lines of `markdown` outside fenced blocks.
fn prose(markdown: &str) -> Vec<&str> {
    let mut in_block = false;
    let mut lines = Vec::new();
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
        } else if !in_block {
            lines.push(line);
        }
    }
    lines
}

/// The anchors of a page's headings, a repeated one numbered `-1`, `-2` as GitHub does.
fn anchors(markdown: &str) -> Vec<String> {
    let mut anchors: Vec<String> = Vec::new();
    for line in prose(markdown) {
        let Some(heading) = line.strip_prefix('#') else {
            continue;
        };
        let heading = heading.trim_start_matches('#');
        if !heading.starts_with(' ') {
            continue;
        }
        let base = anchor(heading);
        let mut name = base.clone();
        let mut number = 0;
        while anchors.contains(&name) {
            number += 1;
            name = format!("{base}-{number}");
        }
        anchors.push(name);
    }
    anchors
}

/// The targets of a page's links, `[text](target)`.
fn links(markdown: &str) -> Vec<String> {
    let mut links = Vec::new();
    for line in prose(markdown) {
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            if let Some(end) = rest.find(')') {
                links.push(rest[..end].to_string());
                rest = &rest[end..];
            }
        }
    }
    links
}

#[test]
fn anchors_are_made_as_github_makes_them() {
    assert_eq!(
        anchor(" What `cargo test` checks"),
        "what-cargo-test-checks"
    );
    assert_eq!(
        anchor(" othello_player's strength"),
        "othello_players-strength"
    );
    assert_eq!(
        anchors("# A\n```\n# not a heading\n```\n## A\n#40 is no heading\n"),
        ["a", "a-1"]
    );
    assert_eq!(
        links("see [x](docs/A.md#b) and [y](#c)\n```\n[z](no)\n```\n"),
        ["docs/A.md#b", "#c"]
    );
}

#[test]
fn every_link_of_the_readme_and_the_docs_leads_into_the_project() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .canonicalize()
        .unwrap();
    let mut broken = Vec::new();
    for page in pages(&root) {
        let text = fs::read_to_string(root.join(&page)).unwrap();
        let folder = root.join(&page).parent().unwrap().to_path_buf();
        for link in links(&text) {
            if link.starts_with("https://") || link.starts_with("http://") {
                continue;
            }
            let (path, fragment) = match link.split_once('#') {
                Some((path, fragment)) => (path, Some(fragment)),
                None => (link.as_str(), None),
            };
            let target = if path.is_empty() {
                root.join(&page)
            } else {
                folder.join(path)
            };
            let Ok(target) = target.canonicalize() else {
                broken.push(format!("{page}: ({link}): no such file"));
                continue;
            };
            if !target.starts_with(&root) {
                broken.push(format!("{page}: ({link}): outside the project"));
                continue;
            }
            if let Some(fragment) = fragment {
                let anchors = fs::read_to_string(&target)
                    .map(|text| anchors(&text))
                    .unwrap_or_default();
                if !anchors.iter().any(|anchor| anchor == fragment) {
                    broken.push(format!("{page}: ({link}): no heading #{fragment} there"));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}
