//! The case folders reject wrong solutions. Each folder of `tests/mutants/<problem>/` holds
//! `base.py`, a Python solution written from the statement, and one `<mutant>.patch` per
//! mistake a contestant makes (its comment says which): the base with a few lines replaced.
//! Every mutant is judged on `cases/<problem>` through the `judge` binary and must get WA on
//! at least one case: for an interactive folder, the built-in opponent's WA (a lost game, too
//! few won, an illegal move). A mutant that only gets TLE, RE or MLE survives: a case that
//! catches it by its mistake is missing. The base must pass (see `Base` for the two folders
//! where it cannot). One test per mutant, `mutants::<problem>::<mutant>`, and one per base.
//!
//! A patch file: one or more `# ` lines saying what the mistake is, then one or more pairs
//!
//! ```text
//! --- replace
//! <lines found exactly once in base.py>
//! --- with
//! <the lines that take their place, none to delete them>
//! ```
//!
//! Each text to replace is looked for in the base as it is (not as the pairs before it left
//! it); a text found no time or more than once, or two texts that overlap, fail the mutant's
//! test with its name and the text.

use crate::common::judge;
use std::fs;
use std::path::{Path, PathBuf};

/// What the base of a folder must do on its cases.
enum Base {
    /// AC on every case.
    Right,
    /// AC on every case but those whose name starts with the prefix, where it gives up (RE):
    /// the othello_endgame base is a plain alpha-beta search that stops past 20000 positions
    /// (exit 1), standing in for the time limit a Python search exceeds on the FFO positions.
    GivesUpOn(&'static str),
    /// Caught itself (WA on some case): no Python Othello player written here wins 90% of
    /// its games within the time limit, so othello_player's base is the one-ply player of a
    /// square table, a mutant of its own.
    Caught,
}

/// One module per problem, with a test for its base and one per mutant; a mutant given a file
/// is that whole program (a fixture kept for other tests), not a patch of the base. A problem
/// marked `#[cfg(feature = "slow-tests")]` is in the slow tier (a judge run per mutant, about
/// 2 s each on two busy cores); board_winner's stay in the fast tier, so that a broken patch
/// or judge shows there.
macro_rules! mutants {
    ($($(#[$tier:meta])? $problem:ident: $base:expr => {
        $($mutant:ident $(= $file:literal)?),* $(,)?
    })*) => {
        $($(#[$tier])? mod $problem {
            use super::Base;

            #[test]
            fn base() {
                super::base_does_what_it_should(stringify!($problem), $base);
            }
            $(
                #[test]
                fn $mutant() {
                    let whole: &[&str] = &[$($file)?];
                    super::mutant_is_caught(stringify!($problem), stringify!($mutant), whole);
                }
            )*
        })*

        /// The mutants listed above, by problem, as (problem, mutants with a patch file).
        fn listed() -> Vec<(&'static str, Vec<&'static str>)> {
            let mut listed = Vec::new();
            $({
                let mut patched = Vec::new();
                $(
                    let whole: &[&str] = &[$($file)?];
                    if whole.is_empty() {
                        patched.push(stringify!($mutant));
                    }
                )*
                listed.push((stringify!($problem), patched));
            })*
            listed
        }

        /// How many wrong programs each problem has: its mutants, and its base when caught.
        fn wrong_programs() -> Vec<(&'static str, usize)> {
            let mut counts = Vec::new();
            $({
                let caught_base = usize::from(matches!($base, Base::Caught));
                counts.push((stringify!($problem), [$(stringify!($mutant)),*].len() + caught_base));
            })*
            counts
        }
    };
}

mutants! {
    board_winner: Base::Right => {
        empty_line_counts,
        first_board_only,
        full_board_is_a_draw,
        loops_stop_one_short,
        missing_anti_diagonal,
        missing_columns,
        missing_main_diagonal,
        winner_by_counts,
    }
    #[cfg(feature = "slow-tests")]
    move_values: Base::Right => {
        misere_ignored,
        misere_is_negated_normal,
        missing_anti_diagonal,
        no_negation,
        one_ply,
        values_for_o,
        won_board_not_over,
        wrong_side_to_move,
    }
    #[cfg(feature = "slow-tests")]
    othello_endgame: Base::GivesUpOn("ffo-") => {
        board_wraps_at_edges,
        empties_not_to_the_winner,
        greedy_playout,
        ignores_one_direction,
        no_pass_ends_the_game,
        pass_keeps_the_sign,
        score_for_black,
        window_not_swapped,
    }
    #[cfg(feature = "slow-tests")]
    othello_player: Base::Caught => {
        board_wraps_at_edges,
        fewest_flips,
        greedy_most_flips,
        ignores_its_colour,
        ignores_one_direction,
        random_moves,
        start_position_swapped,
    }
    #[cfg(feature = "slow-tests")]
    perfect_play: Base::Right => {
        draw_before_win,
        first_move_only,
        full_board_checked_first,
        missing_anti_diagonal,
        no_draws,
        one_ply,
        two_ply,
        wrong_side_to_move,
    }
    #[cfg(feature = "slow-tests")]
    tic_tac_toe_player: Base::Right => {
        blocks_before_winning,
        first_free_cell,
        misses_forks,
        missing_anti_diagonal,
        one_based_cells,
        one_ply,
        plays_for_the_other_mark,
        wins_but_never_blocks,
    }
    #[cfg(feature = "slow-tests")]
    weighted_tic_tac_toe: Base::Right => {
        greedy_largest_cell,
        // The stress tests and the guide use this one as a whole program.
        int32_scores = "tests/fixtures/int32_scores.py",
        lines_checked_only_at_the_end,
        memo_ignores_owner,
        missing_anti_diagonal,
        positive_score_wins,
        score_before_line_on_ninth_move,
        scores_only,
    }
}

/// The project's root.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A patch: what the mistake is, and the (text of the base, its replacement) pairs.
#[derive(Debug, PartialEq)]
struct Patch {
    description: String,
    pairs: Vec<(String, String)>,
}

/// Reads a patch file's text (the format is in this module's comment).
fn parse_patch(text: &str) -> Result<Patch, String> {
    const REPLACE: &str = "--- replace";
    const WITH: &str = "--- with";
    let mut description = Vec::new();
    let mut pairs: Vec<(String, String)> = Vec::new();
    // Where the next line goes: the description, the text to replace, or its replacement.
    let mut in_with = None;
    for (index, line) in text.split_inclusive('\n').enumerate() {
        let number = index + 1;
        let bare = line.strip_suffix('\n').unwrap_or(line);
        if bare == REPLACE {
            if in_with == Some(false) {
                return Err(format!(
                    "line {number}: `{REPLACE}` before the `{WITH}` of the last"
                ));
            }
            pairs.push((String::new(), String::new()));
            in_with = Some(false);
        } else if bare == WITH {
            if in_with != Some(false) {
                return Err(format!(
                    "line {number}: `{WITH}` without a `{REPLACE}` before it"
                ));
            }
            in_with = Some(true);
        } else if bare.starts_with("--- ") {
            return Err(format!(
                "line {number}: {bare:?} is neither `{REPLACE}` nor `{WITH}`"
            ));
        } else {
            match (in_with, pairs.last_mut()) {
                (Some(false), Some((old, _))) => old.push_str(line),
                (Some(true), Some((_, new))) => new.push_str(line),
                _ => match bare.strip_prefix('#') {
                    Some(words) => description.push(words.trim()),
                    None => {
                        return Err(format!(
                            "line {number}: {bare:?} before the first `{REPLACE}` is not a `#` line"
                        ))
                    }
                },
            }
        }
    }
    let description = description.join(" ").trim().to_string();
    if description.is_empty() {
        return Err("no `#` line says what the mistake is".to_string());
    }
    if pairs.is_empty() {
        return Err(format!("no `{REPLACE}` pair"));
    }
    if in_with != Some(true) {
        return Err(format!("the last `{REPLACE}` has no `{WITH}`"));
    }
    if let Some((old, _)) = pairs.iter().find(|(old, _)| old.is_empty()) {
        return Err(format!("an empty text to replace: {old:?}"));
    }
    Ok(Patch { description, pairs })
}

/// Where `part` starts in `text`, overlapping matches included.
fn positions(text: &str, part: &str) -> Vec<usize> {
    (0..text.len())
        .filter(|&at| text.is_char_boundary(at) && text[at..].starts_with(part))
        .collect()
}

/// The base with each pair's text, found exactly once in it, replaced.
fn apply(base: &str, patch: &Patch) -> Result<String, String> {
    let mut spans = Vec::new();
    for (old, new) in &patch.pairs {
        match positions(base, old)[..] {
            [at] => spans.push((at, at + old.len(), new)),
            [] => return Err(format!("text not found in base.py: {old:?}")),
            ref found => {
                return Err(format!(
                    "text found {} times in base.py, not once: {old:?}",
                    found.len()
                ))
            }
        }
    }
    spans.sort();
    let mut program = String::new();
    let mut done = 0;
    for (start, end, new) in spans {
        if start < done {
            return Err(format!("texts overlap in base.py: {:?}", &base[start..end]));
        }
        program.push_str(&base[done..start]);
        program.push_str(new);
        done = end;
    }
    program.push_str(&base[done..]);
    Ok(program)
}

/// The mutant's program, written under the build's target folder: the whole file given, or
/// its patch applied to the base. Panics with the mutant's name and what is wrong with it.
fn program(problem: &str, mutant: &str, whole: &[&str]) -> PathBuf {
    if let [file] = whole {
        return root().join(file);
    }
    let folder = root().join("tests/mutants").join(problem);
    let base = fs::read_to_string(folder.join("base.py")).unwrap();
    let patch_file = folder.join(format!("{mutant}.patch"));
    let text = fs::read_to_string(&patch_file)
        .unwrap_or_else(|error| panic!("mutant {problem}/{mutant}: {error}"));
    let program = parse_patch(&text)
        .and_then(|patch| apply(&base, &patch))
        .unwrap_or_else(|error| {
            panic!(
                "mutant {problem}/{mutant}: {}: {error}",
                patch_file.display()
            )
        });
    let out = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("mutants")
        .join(problem);
    fs::create_dir_all(&out).unwrap();
    let path = out.join(format!("{mutant}.py"));
    fs::write(&path, program).unwrap();
    path
}

/// The verdicts of the case lines of a `--format json` report, as (case, verdict).
fn verdicts(report: &str) -> Vec<(String, String)> {
    let field = |line: &str, key: &str| -> Option<String> {
        let start = line.find(&format!("\"{key}\":\""))? + key.len() + 4;
        let end = start + line[start..].find('"')?;
        Some(line[start..end].to_string())
    };
    report
        .lines()
        .filter(|line| line.starts_with("{\"type\":\"case\""))
        .filter_map(|line| Some((field(line, "case")?, field(line, "verdict")?)))
        .collect()
}

/// Judges a Python program on its problem's folder: the verdict of each case, or what went
/// wrong when no case was judged.
fn judge_program(problem: &str, program: &Path) -> Result<Vec<(String, String)>, String> {
    let command = format!("python3 {}", program.display());
    let output = judge()
        .current_dir(root())
        .args(["--format", "json", "--cmd", &command])
        .arg(format!("cases/{problem}"))
        .output()
        .unwrap();
    let verdicts = verdicts(&String::from_utf8_lossy(&output.stdout));
    if verdicts.is_empty() {
        return Err(format!(
            "no case judged (exit {:?}): {}",
            output.status.code(),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(verdicts)
}

/// `N VERDICT` for each verdict in the order first seen, joined by commas.
fn counts(verdicts: &[(String, String)]) -> String {
    let mut seen: Vec<&str> = Vec::new();
    for (_, verdict) in verdicts {
        if !seen.contains(&verdict.as_str()) {
            seen.push(verdict);
        }
    }
    let counts: Vec<String> = seen
        .iter()
        .map(|verdict| {
            let n = verdicts.iter().filter(|(_, v)| v == verdict).count();
            format!("{n} {verdict}")
        })
        .collect();
    counts.join(", ")
}

/// Panics unless the program gets WA on some case of its folder.
fn assert_caught(problem: &str, name: &str, program: &Path) {
    let verdicts =
        judge_program(problem, program).unwrap_or_else(|error| panic!("{name} SURVIVED: {error}"));
    let wrong: Vec<&str> = verdicts
        .iter()
        .filter(|(_, verdict)| verdict == "WA")
        .map(|(case, _)| case.as_str())
        .collect();
    assert!(
        !wrong.is_empty(),
        "{name} SURVIVED: {} cases: {}, no WA",
        verdicts.len(),
        counts(&verdicts)
    );
    println!("{name} caught: WA on {}", wrong.join(", "));
}

fn mutant_is_caught(problem: &str, mutant: &str, whole: &[&str]) {
    let program = program(problem, mutant, whole);
    assert_caught(problem, &format!("mutant {problem}/{mutant}"), &program);
}

fn base_does_what_it_should(problem: &str, base: Base) {
    let program = root().join("tests/mutants").join(problem).join("base.py");
    let name = format!("base {problem}");
    if let Base::Caught = base {
        return assert_caught(problem, &name, &program);
    }
    let verdicts =
        judge_program(problem, &program).unwrap_or_else(|error| panic!("{name}: {error}"));
    let wrong: Vec<String> = verdicts
        .iter()
        .filter(|(case, verdict)| {
            let expected = match base {
                Base::GivesUpOn(prefix) if case.starts_with(&format!("{problem}/{prefix}")) => "RE",
                _ => "AC",
            };
            verdict != expected
        })
        .map(|(case, verdict)| format!("{case} {verdict}"))
        .collect();
    assert!(
        wrong.is_empty(),
        "{name}: {} cases: {}; not as expected: {}",
        verdicts.len(),
        counts(&verdicts),
        wrong.join(", ")
    );
    println!("{name}: {}", counts(&verdicts));
}

/// Every folder of `tests/mutants` is a problem listed above, with its base and a patch file
/// for each mutant listed and no other file, so a mutant without a test fails here.
#[test]
fn every_patch_file_has_a_test() {
    let listed = listed();
    let mut problems: Vec<String> = fs::read_dir(root().join("tests/mutants"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    problems.sort();
    let names: Vec<&str> = listed.iter().map(|(problem, _)| *problem).collect();
    assert_eq!(
        problems, names,
        "the folders of tests/mutants (left) against the problems of the `mutants!` list in \
         tests/judge/mutants.rs (right): list a new folder's problem there"
    );
    for (problem, patched) in &listed {
        let mut files: Vec<String> = fs::read_dir(root().join("tests/mutants").join(problem))
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        files.sort();
        let mut expected: Vec<String> = patched.iter().map(|m| format!("{m}.patch")).collect();
        expected.push("base.py".to_string());
        expected.sort();
        let unlisted: Vec<&String> = files.iter().filter(|f| !expected.contains(f)).collect();
        let missing: Vec<&String> = expected.iter().filter(|f| !files.contains(f)).collect();
        assert!(
            unlisted.is_empty() && missing.is_empty(),
            "tests/mutants/{problem}: files with no test {unlisted:?}, tests with no file \
             {missing:?}: each NAME.patch needs its NAME in the `mutants!` list of \
             tests/judge/mutants.rs, under {problem}"
        );
    }
    for (problem, count) in wrong_programs() {
        assert!(
            count >= 8,
            "{problem}: at least 8 wrong programs, found {count}"
        );
    }
}

#[test]
fn a_patch_replaces_each_text_found_once() {
    let base = "a = 1\nb = 2\nc = 3\n";
    let patch = parse_patch(
        "# Two changes.\n# On two lines.\n--- replace\nb = 2\n--- with\nb = 20\nb2 = 4\n\
         --- replace\na = 1\n--- with\n",
    )
    .unwrap();
    assert_eq!(patch.description, "Two changes. On two lines.");
    assert_eq!(apply(base, &patch).unwrap(), "b = 20\nb2 = 4\nc = 3\n");
}

#[test]
fn a_patch_whose_text_is_not_found_once_is_refused() {
    let base = "x = 1\nx = 1\ny = 2\ny = 22\n";
    let patch = |old: &str| Patch {
        description: "A mistake.".to_string(),
        pairs: vec![(old.to_string(), String::new())],
    };
    assert_eq!(
        apply(base, &patch("z = 3\n")).unwrap_err(),
        "text not found in base.py: \"z = 3\\n\""
    );
    assert_eq!(
        apply(base, &patch("x = 1\n")).unwrap_err(),
        "text found 2 times in base.py, not once: \"x = 1\\n\""
    );
    // "y = 2" is also the start of "y = 22".
    assert_eq!(
        apply(base, &patch("y = 2")).unwrap_err(),
        "text found 2 times in base.py, not once: \"y = 2\""
    );
    let overlapping = Patch {
        description: "A mistake.".to_string(),
        pairs: vec![
            ("x = 1\ny".to_string(), String::new()),
            ("y = 2\n".to_string(), String::new()),
        ],
    };
    assert_eq!(
        apply(base, &overlapping).unwrap_err(),
        "texts overlap in base.py: \"y = 2\\n\""
    );
}

#[test]
fn a_patch_file_out_of_shape_is_refused() {
    assert_eq!(
        parse_patch("--- replace\na\n--- with\nb\n").unwrap_err(),
        "no `#` line says what the mistake is"
    );
    assert_eq!(
        parse_patch("# A mistake.\n").unwrap_err(),
        "no `--- replace` pair"
    );
    assert_eq!(
        parse_patch("# A mistake.\n--- replace\na\n").unwrap_err(),
        "the last `--- replace` has no `--- with`"
    );
    assert_eq!(
        parse_patch("# A mistake.\n--- with\nb\n").unwrap_err(),
        "line 2: `--- with` without a `--- replace` before it"
    );
    assert_eq!(
        parse_patch("# A mistake.\n--- replace\na\n--- replace\n").unwrap_err(),
        "line 4: `--- replace` before the `--- with` of the last"
    );
    assert_eq!(
        parse_patch("# A mistake.\n--- replace\na\n--- width\n").unwrap_err(),
        "line 4: \"--- width\" is neither `--- replace` nor `--- with`"
    );
    assert_eq!(
        parse_patch("A mistake.\n--- replace\na\n--- with\n").unwrap_err(),
        "line 1: \"A mistake.\" before the first `--- replace` is not a `#` line"
    );
    assert_eq!(
        parse_patch("# A mistake.\n--- replace\n--- with\nb\n").unwrap_err(),
        "an empty text to replace: \"\""
    );
}
