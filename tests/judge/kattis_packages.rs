//! Kattis problem packages judged by their own rules, through the `judge` binary, on packages
//! of our own in `tests/fixtures/kattis/`: `guess` (legacy problem.yaml, `validation: custom
//! interactive`, a Python output validator as the interactor, `validator_flags` passed on to
//! it) and `quotient` (2023-07 draft, the default output validator with `float_tolerance` and
//! `case_sensitive` from `data/testdata.yaml`, an output limit), `doubling` (2023-07 draft,
//! `type: multi-pass`: its output validator asks for a second pass on 2n + 1 after the program
//! doubled n, counting the passes in its feedback folder) and `echo` (2025-09: each group's
//! `test_group.yaml` and a case's own `.yaml` give the validators' arguments and the program's,
//! a sample's `.out` is shown only) and `lookup` (2025-09: each case's `.files` folder holds
//! the file its input names). Each verdict below is what the
//! package's rules say of the submission, worked out by hand from the answers. Every program
//! started carries a tag and ends within a bounded number of exchanges.

use crate::common::{self, judge_cmd as judge, Tag};
use predicates::prelude::*;
use predicates::str::contains;
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> PathBuf {
    common::fixture(&format!("kattis/{name}"))
}

fn python(package: &str, submission: &str, tag: &Tag) -> String {
    common::python_submission(&format!("kattis/{package}"), submission, tag)
}

/// A copy of the guess package with its own problem.yaml, and its validator in `validator_dir`.
fn guess_copy(problem_yaml: &str, validator_dir: &str) -> PathBuf {
    let source = fixture("guess");
    let mut files = vec![("problem.yaml".to_string(), problem_yaml.to_string())];
    for case in ["01-lowest", "02-highest", "03-middle"] {
        for extension in ["in", "ans"] {
            let name = format!("data/secret/{case}.{extension}");
            files.push((
                name.clone(),
                fs::read_to_string(source.join(&name)).unwrap(),
            ));
        }
    }
    let validator = format!("{validator_dir}/guesser/validate.py");
    let text = fs::read_to_string(source.join("output_validators/guesser/validate.py")).unwrap();
    files.push((validator.clone(), text));
    let dir = common::fresh_folder("kattis", "guess", &files);
    fs::set_permissions(dir.join(&validator), fs::Permissions::from_mode(0o755)).unwrap();
    dir
}

#[test]
fn an_interactive_package_talks_through_its_output_validator() {
    let tag = Tag::new("kattis-guess-right");
    judge(
        &python("guess", "accepted/binary_search.py", &tag),
        &fixture("guess"),
        &[],
    )
    .assert()
    .code(0)
    .stderr(contains(
        "guess: Kattis package (data/sample, data/secret): 4 cases",
    ))
    .stderr(contains(
        "interactor `./validate.py {input} {answer} {feedback} max_guesses 10`",
    ))
    .stderr(contains("warning: not judged: ").and(contains(
        "1.interaction: a sample interaction, shown in the statement only",
    )))
    .stdout(contains("4 cases: 4 AC"));
    tag.assert_none_left();
}

#[test]
fn a_wrong_interactive_submission_gets_the_interactors_reason() {
    let tag = Tag::new("kattis-guess-wrong");
    // Counting up finds 1 at once; 17, 1000 and 500 need more than the 10 guesses allowed.
    judge(
        &python("guess", "wrong_answer/counts_up.py", &tag),
        &fixture("guess"),
        &[],
    )
    .assert()
    .code(1)
    .stdout(contains("guess/secret/01-lowest").and(contains("not found in 10 guesses")))
    .stdout(contains("4 cases: 1 AC, 3 WA"));
    tag.assert_none_left();
}

#[test]
fn validator_flags_reach_the_interactor() {
    // With 3 guesses, halving finds only 500 (its first guess).
    let dir = guess_copy(
        "validation: custom interactive\nvalidator_flags: max_guesses 3\n",
        "output_validators",
    );
    let tag = Tag::new("kattis-guess-flags");
    judge(
        &python("guess", "accepted/binary_search.py", &tag),
        &dir,
        &[],
    )
    .assert()
    .code(1)
    .stdout(contains("not found in 3 guesses"))
    .stdout(contains("3 cases: 1 AC, 2 WA"));
    tag.assert_none_left();
}

#[test]
fn the_2023_draft_says_interactive_in_its_type() {
    let dir = guess_copy(
        "problem_format_version: 2023-07-draft\ntype: interactive\nname:\n  en: Guess\nlimits:\n  time_multipliers:\n    time_limit_to_tle: 4\n",
        "output_validator",
    );
    let tag = Tag::new("kattis-guess-draft");
    judge(&python("guess", "accepted/binary_search.py", &tag), &dir, &[])
        .assert()
        .code(0)
        .stderr(contains("interactor `./validate.py`"))
        .stderr(contains("problem.yaml: line 6: limits time_multipliers set the time limit from the accepted submissions' times"))
        .stdout(contains("3 cases: 3 AC"));
    tag.assert_none_left();
}

#[test]
fn an_interactive_package_without_its_interactor_is_an_error() {
    let dir = common::fresh_folder(
        "kattis",
        "guess",
        &[
            ("problem.yaml", "type: interactive\n"),
            ("data/secret/1.in", "5\n"),
        ],
    );
    judge("cat", &dir, &[])
        .assert()
        .code(2)
        .stderr(contains("problem.yaml: line 1: an interactive problem, but the package has no output validator program in output_validators/ or output_validator/"));
}

#[test]
fn what_the_judge_cannot_do_is_an_error_before_anything_runs() {
    for (yaml, said) in [
        (
            "validation: custom multi-pass\n",
            "problem.yaml: line 1: a multi-pass problem, but the package has no output validator program in output_validators/ or output_validator/",
        ),
        (
            "problem_format_version: 2023-07-draft\ntype: [multi-pass, interactive]\n",
            "problem.yaml: line 2: an interactive problem, but the package has no output validator program",
        ),
        (
            "problem_format_version: 2023-07-draft\ntype: multi-pass\n",
            "problem.yaml: line 2: a multi-pass problem, but the package has no output validator program",
        ),
        (
            "problem_format_version: 2023-07-draft\ntype: submit-answer\n",
            "problem.yaml: line 2: type submit-answer is not supported",
        ),
        (
            "validator_flags: float_tolerance\n",
            "problem.yaml: validator_flags: float_tolerance needs a number",
        ),
        (
            "limits:\n  memory: lots\n",
            "problem.yaml: line 2: memory expects whole MiB, found \"lots\"",
        ),
    ] {
        let dir = common::fresh_folder(
            "kattis",
            "broken",
            &[
                ("problem.yaml", yaml),
                ("data/secret/1.in", "5\n"),
                ("data/secret/1.ans", "5\n"),
            ],
        );
        judge("cat", &dir, &[])
            .assert()
            .code(2)
            .stderr(contains("error: ").and(contains(said)))
            .stdout(predicate::str::is_empty());
    }
}

#[test]
fn the_default_validator_follows_the_packages_flags() {
    let package = fixture("quotient");
    let run = |submission: &str, code: i32, summary: &str| {
        let tag = Tag::new("kattis-quotient");
        judge(&python("quotient", submission, &tag), &package, &[])
            .assert()
            .code(code)
            .stderr(contains(
                "quotient: Kattis package (data/sample, data/secret): 3 cases; limits 2 s (problem.yaml), 1024 MiB (default), output 1 MiB (problem.yaml); default output validator with case_sensitive float_tolerance 0.000001",
            ))
            .stdout(contains(summary));
        tag.assert_none_left();
    };
    run("accepted/twelve_digits.py", 0, "3 cases: 3 AC");
    // Other spacing, exponent form, seven digits: within 1e-6.
    run("accepted/near_enough.py", 0, "3 cases: 3 AC");
    // case_sensitive: "quotient" is not "Quotient".
    run("wrong_answer/lower_case.py", 1, "3 cases: 3 WA");
    // 0.333 against 1/3 is past 1e-6; 0.500 and 333333.333 are within it.
    run("wrong_answer/three_digits.py", 1, "3 cases: 2 AC, 1 WA");
}

/// Issue 42: a 2025-09 package's groups judge by their own test_group.yaml. The words group
/// says `case_sensitive space_change_sensitive`, so "hello  world!" is not "Hello world!"
/// (read as the draft, each got AC); the numbers group's `float_tolerance 0.01` makes 3.142
/// right for 3.14159 (without it, WA); case 2-shout's own `args: [--upper]` reaches the
/// program, which must answer SHOUT; the sample's `.out` (HELLO WORLD!) is neither judged nor
/// warned about: its `.ans` is the answer.
#[test]
fn a_2025_09_package_is_judged_by_its_groups_and_cases_own_settings() {
    let package = fixture("echo");
    let run = |submission: &str, code: i32| {
        let tag = Tag::new("kattis-echo");
        let assert = judge(&python("echo", submission, &tag), &package, &[])
            .assert()
            .code(code)
            .stderr(contains(
                "echo: Kattis package (data/sample, data/secret): 5 cases",
            ))
            .stderr(contains("1.out").not());
        tag.assert_none_left();
        assert
    };
    // Every case right: 3.142 within 0.01 of 3.14159, SHOUT in capitals as --upper asks.
    run("accepted/echo.py", 0)
        .stderr(contains("secret/numbers with float_tolerance 0.01"))
        .stderr(contains(
            "secret/words with case_sensitive space_change_sensitive",
        ))
        .stdout(contains("5 cases: 5 AC"));
    // Right on the sample and the number (neither asks for case or spaces), wrong on each of
    // the three words.
    run("wrong_answer/lower_spaced.py", 1)
        .stdout(contains("echo/secret/words/1-greeting").and(contains("WA")))
        .stdout(contains("5 cases: 2 AC, 3 WA"));
}

/// A test_group.yaml deeper than a group directly under data/secret is read as BAPCtools reads
/// it, with a warning naming it; a case's own output_validator_args beat its group's.
#[test]
fn a_test_group_yaml_where_the_format_allows_none_is_warned_about() {
    let mut files = common::fixture_files("kattis/echo");
    files.push((
        "data/secret/words/deeper/test_group.yaml".to_string(),
        "args: []\n".to_string(),
    ));
    let dir = common::fresh_folder("kattis", "echo", &files);
    judge("true", &dir, &[])
        .assert()
        .stderr(contains("deeper/test_group.yaml: read for every case below it, as BAPCtools reads it: the 2025-09 format allows no test_group.yaml below data/sample or below a test data group"));
    let mut files = common::fixture_files("kattis/echo");
    // 1-greeting's own arguments: compared as the default validator does, case and spaces
    // not counted: "hello  world!" is right there, and only there.
    files.push((
        "data/secret/words/1-greeting.yaml".to_string(),
        "output_validator_args: []\n".to_string(),
    ));
    let dir = common::fresh_folder("kattis", "echo", &files);
    let tag = Tag::new("kattis-echo-case");
    judge(
        &python("echo", "wrong_answer/lower_spaced.py", &tag),
        &dir,
        &[],
    )
    .assert()
    .code(1)
    .stdout(contains("5 cases: 3 AC, 2 WA"));
    tag.assert_none_left();
}

/// problem.yaml and testdata.yaml saved with a byte order mark (as Windows editors do) are read
/// as without it: the limit and the flags apply, and no key is unknown.
#[test]
fn a_byte_order_mark_before_problem_yaml_is_not_read() {
    let dir = common::fresh_folder(
        "kattis",
        "bom",
        &[
            ("problem.yaml", "\u{feff}limits:\n  time_limit: 3\n"),
            (
                "data/testdata.yaml",
                "\u{feff}output_validator_flags: case_sensitive\n",
            ),
            ("data/secret/a.in", ""),
            ("data/secret/a.ans", "Yes\n"),
        ],
    );
    judge("echo yes", &dir, &[])
        .assert()
        .code(1)
        .stderr(contains(
            "bom: Kattis package (data/sample, data/secret): 1 case; limits 3 s (problem.yaml), 1024 MiB (default), output 8 MiB (Kattis's default); default output validator with case_sensitive\n",
        ))
        .stderr(contains("warning").not())
        .stdout(contains("1 case: 1 WA"));
}

/// An output validator that crashes is a judge error that shows why: the last line of its
/// stderr (a traceback's exception), as a problem setter needs it to fix the validator.
#[test]
fn an_output_validator_that_crashes_is_a_judge_error_with_its_exception() {
    let dir = package_with_validator_source(&[(
        "output_validators/near/validate.py",
        "import sys\nflags = sys.argv[4:]\nprint(flags[7])\n",
    )]);
    judge("echo 13", &dir, &[])
        .assert()
        .code(2)
        .stdout(contains("near/secret/1  JE"))
        .stdout(contains(
            "(exit status 1; Kattis validators exit 42 or 43): IndexError: list index out of range",
        ));
}

/// A Kattis package's `include/LANGUAGE/` goes over every submission before it is built, as
/// problemtools does: a submission holding only the function a driver calls is AC, and a
/// submission's own `main.cpp` is replaced by the driver's (so its hard-coded answer is gone:
/// it no longer builds). `judge verify` builds the package's submissions the same way (the
/// accepted one, without a `main`, is AC); a
/// package with no `output` limit gets problemtools' default of 8 MiB.
#[test]
fn a_packages_include_files_go_over_each_submission() {
    let driver = "#include <iostream>\nlong long add(long long, long long);\nint main() { long long a, b; std::cin >> a >> b; std::cout << add(a, b) << \"\\n\"; }\n";
    let add = "long long add(long long a, long long b) { return a + b; }\n";
    let own_main = "#include <cstdio>\nint main() { std::puts(\"5\"); }\n";
    let dir = common::fresh_folder(
        "kattis",
        "add",
        &[
            ("problem.yaml", "name: Add\n"),
            ("data/secret/1.in", "2 3\n"),
            ("data/secret/1.ans", "5\n"),
            ("include/cpp/main.cpp", driver),
            ("submissions/accepted/add.cpp", add),
            ("own/main.cpp", own_main),
        ],
    );
    let add_cpp = dir.join("submissions/accepted/add.cpp");
    let main_cpp = dir.join("own/main.cpp");
    common::judge()
        .arg(&add_cpp)
        .arg(&dir)
        .assert()
        .code(0)
        .stdout(contains("1 case: 1 AC"))
        .stderr(
            contains("include goes over the submission before it is built")
                .and(contains("output 8 MiB (Kattis's default)")),
        );
    common::judge()
        .arg(&main_cpp)
        .arg(&dir)
        .assert()
        .code(1)
        .stderr(contains("undefined reference"));
    // A folder submission with its own build script would leave the driver out: refused, also
    // when a decoy file in another language is beside it.
    for (name, text) in [
        ("own-build/a.py", ""),
        ("own-build/main.cpp", own_main),
        ("own-build/build", "g++ -o sol main.cpp\n"),
        ("own-build/run", "./sol\n"),
    ] {
        fs::create_dir_all(dir.join(name).parent().unwrap()).unwrap();
        fs::write(dir.join(name), text).unwrap();
    }
    judge(&dir.join("own-build").display().to_string(), &dir, &[])
        .assert()
        .code(1)
        .stdout(contains("AC").not().and(contains("WA").not()))
        .stderr(contains("would leave it out: give its source files alone"));
    fs::remove_dir_all(dir.join("own-build")).unwrap();
    common::judge()
        .args(["verify"])
        .arg(&dir)
        .assert()
        .code(0)
        .stdout(contains("accepted/add.cpp  AC        AC"))
        .stdout(contains("1 submission: 1 as expected"));
}

#[test]
fn the_packages_output_limit_is_the_output_cap() {
    let tag = Tag::new("kattis-quotient-yes");
    judge(&format!("yes {tag}"), &fixture("quotient"), &[])
        .assert()
        .code(1)
        .stdout(contains("3 cases: 3 OLE"));
    tag.assert_none_left();
}

#[test]
fn without_flags_words_match_without_case_and_spacing_and_compare_beats_it() {
    let dir = common::fresh_folder(
        "kattis",
        "hello",
        &[
            ("problem.yaml", "name: Hello World!\n"),
            ("data/secret/hello.in", ""),
            ("data/secret/hello.ans", "Hello World!\n"),
        ],
    );
    judge("echo hello   world!", &dir, &[])
        .assert()
        .code(0)
        .stderr(contains(
            "hello: Kattis package (data/sample, data/secret): 1 case; limits 2 s (default), 1024 MiB (default), output 8 MiB (Kattis's default)\n",
        ))
        .stdout(contains("1 case: 1 AC"));
    judge("echo Hello!", &dir, &[])
        .assert()
        .code(1)
        .stdout(contains("1 case: 1 WA"));
    // --compare beats the package's default validator, as -t beats its time limit.
    judge("echo hello world!", &dir, &["--compare", "lines"])
        .assert()
        .code(1)
        .stdout(contains("1 case: 1 WA"));
}

/// A custom output validator that accepts a number within `margin N` (its extra arguments) of
/// the answer.
const MARGIN_VALIDATOR: &str = r#"#!/usr/bin/env python3
import sys
input_file, answer_file, feedback = sys.argv[1:4]
flags = sys.argv[4:]
margin = int(flags[flags.index("margin") + 1])
answer = int(open(answer_file).read())
sys.exit(42 if abs(int(sys.stdin.read()) - answer) <= margin else 43)
"#;

#[test]
fn validator_flags_reach_a_custom_output_validator_after_its_three_arguments() {
    let package = |yaml: &str| {
        let dir = common::fresh_folder(
            "kattis",
            "near",
            &[
                ("problem.yaml", yaml),
                ("data/secret/1.in", "10\n"),
                ("data/secret/1.ans", "10\n"),
                ("output_validators/near/validate.py", MARGIN_VALIDATOR),
            ],
        );
        let validator = dir.join("output_validators/near/validate.py");
        fs::set_permissions(validator, fs::Permissions::from_mode(0o755)).unwrap();
        dir
    };
    let dir = package("validation: custom\nvalidator_flags: margin 3\n");
    judge("echo 13", &dir, &[])
        .assert()
        .code(0)
        .stderr(contains("with validator_flags margin 3"))
        .stdout(contains("1 case: 1 AC"));
    judge("echo 14", &dir, &[])
        .assert()
        .code(1)
        .stdout(contains("1 case: 1 WA"));
    // validation: default leaves the validator out, and says so.
    let dir = package("validation: default\n");
    judge("echo 13", &dir, &[])
        .assert()
        .code(1)
        .stderr(contains(
            "output_validators: not used: problem.yaml says validation: default",
        ))
        .stdout(contains("1 case: 1 WA"));
}

#[test]
fn a_kattis_interactor_rules_only_by_42_and_43() {
    // Exit 0 is testlib's "accepted", but not a Kattis ruling: a judge error, as in problemtools.
    let dir = common::fresh_folder(
        "kattis",
        "zero",
        &[
            ("problem.yaml", "validation: custom interactive\n"),
            ("data/secret/1.in", "5\n"),
            (
                "output_validators/run",
                "#!/bin/sh\nread guess\necho correct\nexit 0\n",
            ),
        ],
    );
    fs::set_permissions(
        dir.join("output_validators/run"),
        fs::Permissions::from_mode(0o755),
    )
    .unwrap();
    let tag = Tag::new("kattis-exit-zero");
    judge(&format!("echo 5; : {tag}"), &dir, &[])
        .assert()
        .code(2)
        .stdout(contains("JE").and(contains(
            "a Kattis output validator exits 42 to accept, 43 to reject",
        )));
    tag.assert_none_left();
}

#[test]
fn output_validator_flags_of_data_and_of_one_group() {
    let package = |testdata: &str, at: &str| {
        common::fresh_folder(
            "kattis",
            "flags",
            &[
                ("problem.yaml", "name: Flags\n"),
                (at, testdata),
                ("data/secret/g1/1.in", "x\n"),
                ("data/secret/g1/1.ans", "Yes\n"),
                ("data/secret/g1/deeper/2.in", "x\n"),
                ("data/secret/g1/deeper/2.ans", "Yes\n"),
                ("data/secret/g2/3.in", "x\n"),
                ("data/secret/g2/3.ans", "Yes\n"),
            ],
        )
    };
    let dir = package(
        "output_validator_flags: case_sensitive\n",
        "data/testdata.yaml",
    );
    judge("echo yes", &dir, &[])
        .assert()
        .code(1)
        .stderr(contains("default output validator with case_sensitive"))
        .stdout(contains("3 cases: 3 WA"));
    let dir = package("output_validator_flags: fuzzy\n", "data/testdata.yaml");
    judge("echo Yes", &dir, &[])
        .assert()
        .code(2)
        .stderr(contains("data/testdata.yaml: output_validator_flags: the default output validator has no flag \"fuzzy\""));
    // A group's own flags judge its cases and the groups below it; the others keep the
    // default (which ignores case): `yes` is wrong only in g1.
    let dir = package(
        "output_validator_flags: case_sensitive\n",
        "data/secret/g1/testdata.yaml",
    );
    judge("echo yes", &dir, &[])
        .assert()
        .code(1)
        .stderr(contains("; data/secret/g1 with case_sensitive"))
        .stdout(contains("flags/secret/g1/1         WA"))
        .stdout(contains("flags/secret/g1/deeper/2  WA"))
        .stdout(contains("flags/secret/g2/3         AC"));
    let dir = package(
        "output_validator_flags: fuzzy\n",
        "data/secret/g1/testdata.yaml",
    );
    judge("echo Yes", &dir, &[])
        .assert()
        .code(2)
        .stderr(contains("g1/testdata.yaml: output_validator_flags: the default output validator has no flag \"fuzzy\""));
}

#[test]
fn judge_validate_reads_a_packages_inputs_in_its_layout() {
    // Valid: two whole numbers on one line, as every input of quotient is.
    let tag = Tag::new("kattis-validate");
    let validator = format!("grep -qxE '[0-9]+ [0-9]+' # {tag}");
    common::judge()
        .args(["validate", "--validator", &validator])
        .arg(fixture("quotient"))
        .assert()
        .code(0)
        .stdout(contains("quotient/sample/1        valid"))
        .stdout(contains("quotient/secret/large/2  valid"))
        .stdout(contains("3 files: 3 valid, 0 invalid"));
    tag.assert_none_left();
}

#[test]
fn space_change_sensitive_wants_the_same_whitespace_and_says_so() {
    let dir = common::fresh_folder(
        "kattis",
        "spaces",
        &[
            ("problem.yaml", "validator_flags: space_change_sensitive\n"),
            ("data/secret/1.in", ""),
            ("data/secret/1.ans", "1 2\n"),
        ],
    );
    judge("printf '1 2\\n'", &dir, &[])
        .assert()
        .code(0)
        .stderr(contains(
            "default output validator with space_change_sensitive",
        ));
    judge("printf '1  2\\n'", &dir, &[])
        .assert()
        .code(1)
        .stdout(contains("expected (line 1, column 3): \"1 2\""))
        .stdout(contains("actual   (line 1, column 3): \"1  2\""))
        .stdout(contains("hint: the tokens match, only the whitespace differs, and the package's validator_flags say space_change_sensitive"));
    // A missing final newline is a difference too.
    judge("printf '1 2'", &dir, &[])
        .assert()
        .code(1)
        .stdout(contains("(no newline at end)"));
}

/// One case of a package, or a pattern of its cases, is judged by the package's rules (its
/// `.ans` answers, its limits): the package is found above the case's folder.
#[test]
fn one_case_or_a_pattern_of_a_package_is_judged_by_its_rules() {
    let package = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/pkg");
    let solver = env!("CARGO_BIN_EXE_weighted_tic_tac_toe");
    let one = package.join("data/sample/1.in");
    judge(solver, &one, &[])
        .assert()
        .success()
        .stdout(contains("pkg/sample/1  AC"))
        .stdout(contains("1 case: 1 AC"))
        .stderr(contains("Kattis package"));
    let pattern = package.join("data/secret/negative/*");
    judge(solver, &pattern, &[])
        .assert()
        .success()
        .stdout(contains("2 cases: 2 AC"));
    let nothing = package.join("data/secret/zz*");
    judge(solver, &nothing, &[])
        .assert()
        .code(2)
        .stderr(contains("matches"));
    // A wrong program on the one case: WA by the package's own answer file.
    judge("echo 0", &one, &[])
        .assert()
        .code(1)
        .stdout(contains("pkg/sample/1  WA"));
}

/// The margin validator in C++, with its header beside it, as Kattis ships validators.
const MARGIN_VALIDATOR_CPP: &str = r#"#include "margin.h"
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
int main(int argc, char **argv) {
    long margin = 0;
    for (int i = 4; i + 1 < argc; i++)
        if (std::strcmp(argv[i], "margin") == 0) margin = std::atol(argv[i + 1]);
    std::ifstream answer_file(argv[2]);
    long answer = 0, output = 0;
    answer_file >> answer;
    if (!(std::cin >> output)) return WRONG;
    return std::labs(output - answer) <= margin ? ACCEPTED : WRONG;
}
"#;

/// A package judged by the margin validator, given as the source files `validator`.
fn package_with_validator_source(validator: &[(&str, &str)]) -> PathBuf {
    let mut files = vec![
        (
            "problem.yaml",
            "validation: custom\nvalidator_flags: margin 3\n",
        ),
        ("data/secret/1.in", "10\n"),
        ("data/secret/1.ans", "10\n"),
    ];
    files.extend_from_slice(validator);
    common::fresh_folder("kattis", "near", &files)
}

#[test]
fn an_output_validator_given_as_source_is_built_by_its_language() {
    // Python that is not executable runs with python3; C++ is built with its header.
    let python =
        package_with_validator_source(&[("output_validators/near/validate.py", MARGIN_VALIDATOR)]);
    let cpp = package_with_validator_source(&[
        ("output_validators/near/validate.cpp", MARGIN_VALIDATOR_CPP),
        (
            "output_validators/near/margin.h",
            "const int ACCEPTED = 42, WRONG = 43;\n",
        ),
    ]);
    for dir in [&python, &cpp] {
        judge("echo 13", dir, &[])
            .assert()
            .code(0)
            .stderr(contains("output validator "))
            .stdout(contains("1 case: 1 AC"));
        judge("echo 14", dir, &[])
            .assert()
            .code(1)
            .stdout(contains("1 case: 1 WA"));
    }
    // Built once, into the cache: the second run takes the same build, not a new one; a
    // change to the source makes another.
    let built = |dir: &Path| -> PathBuf {
        let output = judge("echo 13", dir, &[]).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        let start = stderr.find("output validator ").expect(&stderr) + "output validator ".len();
        let path = stderr[start..].split_whitespace().next().unwrap();
        PathBuf::from(path.trim_end_matches(';'))
    };
    let first = built(&cpp);
    let made = fs::metadata(&first).unwrap().modified().unwrap();
    assert_eq!(built(&cpp), first);
    assert_eq!(fs::metadata(&first).unwrap().modified().unwrap(), made);
    let source = cpp.join("output_validators/near/validate.cpp");
    let text = fs::read_to_string(&source).unwrap();
    fs::write(&source, format!("// changed\n{text}")).unwrap();
    assert_ne!(built(&cpp), first);
}

#[test]
fn an_output_validator_that_does_not_build_is_a_package_error_with_the_compilers_lines() {
    let dir = package_with_validator_source(&[(
        "output_validators/near/validate.cpp",
        "int main() { return undeclared_name; }\n",
    )]);
    judge("echo 13", &dir, &[])
        .assert()
        .code(2)
        .stderr(contains("the output validator"))
        .stderr(contains("does not build (g++ -std=gnu++20 -O2"))
        .stderr(contains("undeclared_name"))
        .stdout("");
    // Sources in two languages are not guessed at.
    let dir = package_with_validator_source(&[
        ("output_validators/near/validate.cpp", MARGIN_VALIDATOR_CPP),
        ("output_validators/near/helper.py", "print(1)\n"),
    ]);
    judge("echo 13", &dir, &[])
        .assert()
        .code(2)
        .stderr(contains(
            "sources in Python 3 and C++: give it a build and a run script",
        ));
}

#[test]
fn a_python_source_judged_on_a_kattis_package_runs_as_problemtools_runs_it() {
    // problemtools runs Python 3 with PyPy: so does `judge sol.py PKG` (where pypy3 is
    // installed; else it says the times differ), as `judge verify` does.
    let package = fixture("quotient");
    let source = package.join("submissions/accepted/near_enough.py");
    judge(source.to_str().unwrap(), &package, &[])
        .assert()
        .code(0)
        .stderr(contains("runs: Python 3 with"))
        .stderr(contains("problemtools runs"));
    // A DOMjudge package (a Kattis layout by DOMjudge's rules) runs Python 3 with python3, as
    // DOMjudge and `judge verify` do.
    let domjudge = common::fixture("domjudge/add");
    let add = domjudge.join("submissions/accepted/add.py");
    judge(add.to_str().unwrap(), &domjudge, &[])
        .assert()
        .code(0)
        .stderr(contains("runs: Python 3").not());
    // A plain folder of cases has no such rule.
    let dir = common::fresh_folder("kattis", "plain", &[("a.in", "6 3\n"), ("a.out", "2\n")]);
    judge(source.to_str().unwrap(), &dir, &[])
        .assert()
        .stderr(contains("runs: Python 3").not());
}

/// A copy of the doubling package with its own problem.yaml.
fn doubling_copy(problem_yaml: &str) -> PathBuf {
    let mut files = common::fixture_files("kattis/doubling");
    files.retain(|(name, _)| name != "problem.yaml");
    files.push(("problem.yaml".to_string(), problem_yaml.to_string()));
    let dir = common::fresh_folder("kattis", "doubling", &files);
    let validator = dir.join("output_validator/validate.py");
    fs::set_permissions(validator, fs::Permissions::from_mode(0o755)).unwrap();
    dir
}

/// Pass 1 doubles each case's input (4, 20); the validator then asks for pass 2 on 2n + 1
/// (9, 41), whose double (18, 82) it accepts without asking for more.
#[test]
fn a_multi_pass_package_runs_the_program_again_on_the_validators_next_input() {
    let tag = Tag::new("kattis-doubling-right");
    judge(
        &python("doubling", "accepted/doubles.py", &tag),
        &fixture("doubling"),
        &[],
    )
    .assert()
    .code(0)
    .stderr(contains(
        "doubling/output_validator/validate.py; multi-pass, at most 2 passes",
    ))
    .stdout(predicate::str::is_match(r"doubling/sample/1 +AC .*\(2 passes\)").unwrap())
    .stdout(predicate::str::is_match(r"doubling/secret/1 +AC .*\(2 passes\)").unwrap())
    .stdout(contains("2 cases: 2 AC"));
    tag.assert_none_left();
}

/// Right on the even inputs of pass 1, wrong on the odd ones of pass 2: 2 * 41 + 1 = 83 where
/// 82 is asked, 2 * 9 + 1 = 19 where 18 is; crashing there is that pass's RE. The report shows
/// each pass with its input.
#[test]
fn a_multi_pass_case_fails_at_its_pass_and_the_report_shows_each_pass() {
    let tag = Tag::new("kattis-doubling-wrong");
    judge(
        &python("doubling", "wrong_answer/odd_plus_one.py", &tag),
        &fixture("doubling"),
        &[],
    )
    .assert()
    .code(1)
    .stdout(contains("doubling/secret/1  WA"))
    .stdout(contains("pass 2: expected 82, got '83'"))
    .stdout(contains("pass 2: expected 18, got '19'"))
    .stdout(contains("    pass 1: AC, "))
    .stdout(contains(
        " ms, then another pass\n      input (1 line):\n        20\n    pass 2: WA, ",
    ))
    .stdout(contains(" ms\n      input (1 line):\n        41\n"))
    .stdout(contains("2 cases: 2 WA"));
    tag.assert_none_left();
    let tag = Tag::new("kattis-doubling-crash");
    judge(
        &python("doubling", "run_time_error/odd_crashes.py", &tag),
        &fixture("doubling"),
        &[],
    )
    .assert()
    .code(1)
    .stdout(contains("exit status 3"))
    .stdout(contains("    pass 2: RE, "))
    .stdout(contains("2 cases: 2 RE"));
    tag.assert_none_left();
}

/// The validator asks for as many passes as its `passes` flag says: 3 is one more than the
/// default validation_passes of 2 (a judge error at pass 2), and within a limit of 3 it is AC
/// (pass 3 on 2 * 41 + 1 = 83 and 2 * 9 + 1 = 19). A nextpass.in with exit 43 is a judge
/// error too, not the program's WA.
#[test]
fn a_validator_asking_for_too_many_passes_or_rejecting_with_a_next_input_is_a_judge_error() {
    let yaml = "problem_format_version: 2023-07-draft\ntype: multi-pass\n";
    let too_many = doubling_copy(&format!("{yaml}validator_flags: passes 3\n"));
    let tag = Tag::new("kattis-doubling-too-many");
    judge(&python("doubling", "accepted/doubles.py", &tag), &too_many, &[])
        .assert()
        .code(2)
        .stdout(contains("doubling/secret/1  JE"))
        .stdout(contains("pass 2: the output validator asked for pass 3 (it wrote nextpass.in and exited 42), more than the problem's validation_passes of 2"))
        .stdout(contains("2 cases: 2 JE"));
    let three = doubling_copy(&format!(
        "{yaml}validator_flags: passes 3\nlimits:\n  validation_passes: 3\n"
    ));
    judge(
        &python("doubling", "accepted/doubles.py", &tag),
        &three,
        &[],
    )
    .assert()
    .code(0)
    .stdout(predicate::str::is_match(r"doubling/secret/1 +AC .*\(3 passes\)").unwrap())
    .stdout(contains("2 cases: 2 AC"));
    let rejecting = doubling_copy(&format!("{yaml}validator_flags: next_then_reject\n"));
    judge(&python("doubling", "accepted/doubles.py", &tag), &rejecting, &[])
        .assert()
        .code(2)
        .stdout(contains("pass 2: the output validator wrote nextpass.in and exited 43 (it asks for another pass by exiting 42 only)"))
        .stdout(contains("2 cases: 2 JE"));
    tag.assert_none_left();
}

/// `type: [multi-pass, interactive]`: the validator tells the program n and reads its answer,
/// one exchange per pass, each with a fresh run of the program.
#[test]
fn an_interactive_multi_pass_package_plays_one_exchange_per_pass() {
    let dir = doubling_copy(
        "problem_format_version: 2023-07-draft\ntype: [multi-pass, interactive]\nvalidator_flags: interactive\n",
    );
    let tag = Tag::new("kattis-doubling-interactive");
    judge(&python("doubling", "accepted/doubles.py", &tag), &dir, &[])
        .assert()
        .code(0)
        .stderr(contains("interactor `./validate.py {input} {answer} {feedback} interactive`; multi-pass, at most 2 passes"))
        .stdout(predicate::str::is_match(r"doubling/secret/1 +AC .*\(2 passes\)").unwrap())
        .stdout(contains("2 cases: 2 AC"));
    judge(
        &python("doubling", "wrong_answer/odd_plus_one.py", &tag),
        &dir,
        &[],
    )
    .assert()
    .code(1)
    .stdout(contains("pass 2: expected 82, got '83'"))
    .stdout(contains("    pass 2: WA, "))
    .stdout(contains(
        "transcript (> to the program, < from it):\n      > 41\n      < 83\n",
    ))
    .stdout(contains("2 cases: 2 WA"));
    tag.assert_none_left();
}

/// `--format json` carries a multi-pass case's passes (pass 1 on 20, accepted; pass 2 on 41,
/// wrong), and `judge merge` writes them back as it read them.
#[test]
fn the_json_report_carries_each_pass_and_merge_keeps_them() {
    let tag = Tag::new("kattis-doubling-json");
    let output = judge(
        &python("doubling", "wrong_answer/odd_plus_one.py", &tag),
        &fixture("doubling"),
        &["--format", "json"],
    )
    .output()
    .unwrap();
    tag.assert_none_left();
    assert_eq!(output.status.code(), Some(1));
    let report = String::from_utf8(output.stdout).unwrap();
    let passes = predicate::str::is_match(
        r#""case":"doubling/secret/1",.*"verdict":"WA",.*,"passes":\[\{"pass":1,"verdict":"AC","time_ms":\d+,"memory_bytes":\d+,"input_lines":1,"input_head":\["20"\]\},\{"pass":2,"verdict":"WA","time_ms":\d+,"memory_bytes":\d+,"input_lines":1,"input_head":\["41"\]\}\]\}"#,
    )
    .unwrap();
    assert!(passes.eval(&report), "{report}");
    let file = common::fresh_folder("kattis", "json", &[("report.jsonl", report.as_str())])
        .join("report.jsonl");
    let merged = common::judge()
        .args(["merge", "--format", "json"])
        .arg(&file)
        .output()
        .unwrap();
    let merged = String::from_utf8(merged.stdout).unwrap();
    let cases = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|line| line.starts_with(r#"{"type":"case""#))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(cases(&merged), cases(&report));
}

/// DOMjudge's way of saying it, in a package with DOMjudge's `.timelimit` and the legacy
/// `output_validators/` folder: `validation: custom multi-pass` judges as `type: multi-pass`
/// does (the wrong submission's pass 2 is WA, 2 * 41 + 1 = 83 for 82).
#[test]
fn domjudges_validation_custom_multi_pass_is_multi_pass() {
    let mut files = common::fixture_files("kattis/doubling");
    files.retain(|(name, _)| name != "problem.yaml");
    for (name, _) in files.iter_mut() {
        if let Some(rest) = name.strip_prefix("output_validator/") {
            *name = format!("output_validators/doubler/{rest}");
        }
    }
    files.push((
        "problem.yaml".to_string(),
        "name: Doubling\nvalidation: custom multi-pass\n".to_string(),
    ));
    files.push((".timelimit".to_string(), "3\n".to_string()));
    let dir = common::fresh_folder("kattis", "doubling", &files);
    let validator = dir.join("output_validators/doubler/validate.py");
    fs::set_permissions(validator, fs::Permissions::from_mode(0o755)).unwrap();
    let tag = Tag::new("kattis-doubling-domjudge");
    judge(&python("doubling", "accepted/doubles.py", &tag), &dir, &[])
        .assert()
        .code(0)
        .stderr(contains(
            "DOMjudge package (data/sample, data/secret): 2 cases",
        ))
        .stderr(contains("; multi-pass, at most 2 passes"))
        .stdout(contains("2 cases: 2 AC"));
    judge(
        &python("doubling", "wrong_answer/odd_plus_one.py", &tag),
        &dir,
        &[],
    )
    .assert()
    .code(1)
    .stdout(contains("pass 2: expected 82, got '83'"))
    .stdout(contains("2 cases: 2 WA"));
    tag.assert_none_left();
}

#[test]
fn a_group_folder_judges_its_cases_that_are_links_into_another_group() {
    // g2's only case is a link to g1's: judging g2 alone judges it, as judging the whole
    // package does (the judge keeps a case by where it lies, not by where it leads).
    let dir = common::fresh_folder(
        "kattis",
        "linked",
        &[
            ("problem.yaml", "name: Linked\n"),
            ("data/secret/g1/1.in", "5\n"),
            ("data/secret/g1/1.ans", "5\n"),
        ],
    );
    let g2 = dir.join("data/secret/g2");
    fs::create_dir_all(&g2).unwrap();
    for extension in ["in", "ans"] {
        std::os::unix::fs::symlink(
            format!("../g1/1.{extension}"),
            g2.join(format!("2.{extension}")),
        )
        .unwrap();
    }
    judge("cat", &g2, &[])
        .assert()
        .code(0)
        .stdout(contains("1 case: 1 AC"));
    judge("cat", &dir.join("data/secret/g1"), &[])
        .assert()
        .code(0)
        .stdout(contains("1 case: 1 AC"));
}

#[test]
fn an_output_validator_with_build_and_run_is_built_before_it_runs() {
    // `run` starts `made`, which only the `build` script makes (a copy of `compare.sh`): run
    // without its build, the validator is missing and every case a judge error.
    let dir = common::fresh_folder(
        "kattis",
        "built",
        &[
            ("problem.yaml", "validation: custom\n"),
            ("data/secret/1.in", "5\n"),
            ("data/secret/1.ans", "5\n"),
            (
                "output_validators/v/build",
                "#!/bin/sh\ncp compare.sh made && chmod +x made\n",
            ),
            (
                "output_validators/v/run",
                "#!/bin/sh\nexec \"$(dirname \"$0\")/made\" \"$@\"\n",
            ),
            (
                "output_validators/v/compare.sh",
                "#!/bin/sh\ncmp -s - \"$2\" && exit 42\nexit 43\n",
            ),
        ],
    );
    for script in ["build", "run"] {
        let path = dir.join("output_validators/v").join(script);
        fs::set_permissions(path, fs::Permissions::from_mode(0o755)).unwrap();
    }
    judge("echo 5", &dir, &[])
        .assert()
        .code(0)
        .stdout(contains("1 case: 1 AC"));
    judge("echo 6", &dir, &[])
        .assert()
        .code(1)
        .stdout(contains("1 case: 1 WA"));
}

#[test]
fn a_packages_include_folder_goes_over_a_python_submission_by_its_names() {
    // include/python3/ holds a helper the submission imports: the submission stays the program
    // (problemtools' rule). include/python/, another name of the language, counts as well.
    let helper = "def add(a, b):\n    return a + b\n";
    let solution = "from helper import add\na, b = map(int, input().split())\nprint(add(a, b))\n";
    let other = "def twice(x):\n    return 2 * x\n";
    let user = "from helper import add\nfrom double import twice\na, b = map(int, input().split())\nprint(twice(add(a, b)) // 2)\n";
    let dir = common::fresh_folder(
        "kattis",
        "add",
        &[
            ("problem.yaml", "name: Add\n"),
            ("data/secret/1.in", "2 3\n"),
            ("data/secret/1.ans", "5\n"),
            ("include/python3/helper.py", helper),
            ("include/python/double.py", other),
            ("submissions/accepted/sol.py", solution),
            ("submissions/accepted/both.py", user),
        ],
    );
    common::judge()
        .args(["verify"])
        .arg(&dir)
        .assert()
        .code(0)
        .stdout(contains("2 submissions: 2 as expected"));
}

/// Runs `judge --cmd COMMAND PACKAGE EXTRA…` from `here` with `tmp` as its temporary folder;
/// its stdout and stderr.
fn judged_in(
    here: &Path,
    tmp: &Path,
    command: &str,
    package: &Path,
    extra: &[&str],
) -> (String, String) {
    let output = judge(command, package, extra)
        .current_dir(here)
        .env("TMPDIR", tmp)
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// What a folder holds, for an assertion that it is as it was.
fn listed(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_cases_files_are_in_the_programs_working_folder_and_no_others() {
    // `lookup`: each case's input names a file of its NAME.files folder (one in a subfolder;
    // two cases each with a greeting.txt of their own) and its answer is that file's text.
    let package = fixture("lookup");
    let scratch = common::fresh_folder(
        "kattis",
        "lookup-run",
        &[("tmp/.keep", ""), ("here/.keep", "")],
    );
    let (here, tmp) = (scratch.join("here"), scratch.join("tmp"));
    let tag = Tag::new("kattis-lookup");
    let read = python("lookup", "accepted/read.py", &tag);
    let (out, err) = judged_in(&here, &tmp, &read, &package, &["--no-sandbox"]);
    assert!(out.contains("3 cases: 3 AC"), "{out}\n{err}");
    assert!(!err.contains(".files"), "{err}");
    let boxed = err.contains("sandbox: on");
    // Every run gets its own copies, and they go with the run.
    tag.assert_none_left();
    assert_eq!(listed(&here), [".keep"]);
    assert_eq!(listed(&tmp), [".keep"]);
    // A program that reads another case's file by its path (secret/1's, whose text is
    // "a secret word") instead of its own: without the sandbox it sees the test data, so it is
    // right on secret/1 only; in the sandbox the test data is hidden, and it is wrong on all.
    // The path is given backwards: a file named on the command line is one the box shows.
    let peek = scratch.join("peek.py");
    fs::write(
        &peek,
        "import sys\ntry:\n    print(open(sys.argv[2][::-1]).read(), end='')\nexcept OSError as error:\n    print('unreadable:', error)\n",
    )
    .unwrap();
    let other = package.join("data/secret/1.files/notes/word.txt");
    let backwards: String = other.to_string_lossy().chars().rev().collect();
    let peeking = format!("python3 {} {tag} {backwards}", peek.display());
    let (out, err) = judged_in(&here, &tmp, &peeking, &package, &["--no-sandbox"]);
    assert!(out.contains("3 cases: 1 AC, 2 WA"), "{out}\n{err}");
    assert!(!boxed, "--no-sandbox said the sandbox is on: {err}");
    // Without the sandbox, a command naming a script of the judge's folder by a relative path
    // finds none in the run's own folder: each case is a judge error saying so, not the
    // interpreter's error as the program's.
    fs::copy(
        package.join("submissions/accepted/read.py"),
        here.join("read.py"),
    )
    .unwrap();
    let (out, err) = judged_in(
        &here,
        &tmp,
        &format!("python3 read.py {tag}"),
        &package,
        &["--no-sandbox"],
    );
    assert!(out.contains("3 cases: 3 JE"), "{out}\n{err}");
    assert!(
        out.contains("there is no file read.py for python3 to run"),
        "{out}\n{err}"
    );
    fs::remove_file(here.join("read.py")).unwrap();
    assert_eq!(listed(&tmp), [".keep"]);
    let (out, err) = judged_in(&here, &tmp, &read, &package, &[]);
    if !err.contains("sandbox: on") {
        return common::skip("needs the sandbox", "the judge boxes no program here");
    }
    assert!(out.contains("3 cases: 3 AC"), "{out}\n{err}");
    let (out, err) = judged_in(&here, &tmp, &peeking, &package, &[]);
    assert!(out.contains("3 cases: 3 WA"), "{out}\n{err}");
    assert!(out.contains("unreadable"), "{out}\n{err}");
    tag.assert_none_left();
    assert_eq!(listed(&here), [".keep"]);
    assert_eq!(listed(&tmp), [".keep"]);
    // A command that names a file of the judge's folder has that folder shown as it is (its
    // files beside the script), read-only: the case's files are not written into it, and
    // each case is a judge error saying why.
    fs::copy(
        package.join("submissions/accepted/read.py"),
        here.join("read.py"),
    )
    .unwrap();
    let (out, err) = judged_in(
        &here,
        &tmp,
        &format!("python3 read.py {tag}"),
        &package,
        &[],
    );
    assert!(out.contains("3 cases: 3 JE"), "{out}\n{err}");
    assert!(
        out.contains("go in the program's working folder"),
        "{out}\n{err}"
    );
    tag.assert_none_left();
    assert_eq!(listed(&here), [".keep", "read.py"]);
    assert_eq!(listed(&tmp), [".keep"]);
}

/// A multi-pass case's files are in the working folder of each pass's run: the program
/// multiplies by the factor its case's `factor.txt` holds (2), on pass 1 (4 → 8, 20 → 40) and
/// again on pass 2 (9 → 18, 41 → 82), with and without the sandbox.
#[test]
fn each_pass_of_a_multi_pass_case_has_its_files() {
    let mut files = common::fixture_files("kattis/doubling");
    for case in ["sample/1", "secret/1"] {
        files.push((format!("data/{case}.files/factor.txt"), "2\n".to_string()));
    }
    files.push((
        "submissions/accepted/factor.py".to_string(),
        "n = int(input())\nprint(n * int(open('factor.txt').read()))\n".to_string(),
    ));
    let dir = common::fresh_folder("kattis", "doubling", &files);
    let validator = dir.join("output_validator/validate.py");
    fs::set_permissions(validator, fs::Permissions::from_mode(0o755)).unwrap();
    let tag = Tag::new("kattis-doubling-files");
    let command = format!(
        "python3 {} {tag}",
        dir.join("submissions/accepted/factor.py").display()
    );
    for extra in [&[][..], &["--no-sandbox"][..]] {
        judge(&command, &dir, extra)
            .assert()
            .code(0)
            .stdout(predicate::str::is_match(r"doubling/sample/1 +AC .*\(2 passes\)").unwrap())
            .stdout(predicate::str::is_match(r"doubling/secret/1 +AC .*\(2 passes\)").unwrap())
            .stdout(contains("2 cases: 2 AC"));
    }
    tag.assert_none_left();
}

/// A case's `.files` that is a link to a folder elsewhere is test data there too: a program
/// whose own folder holds that folder sees it in no box. (Without that, the folder of the
/// script the command names is shown whole, the linked files with it.)
#[test]
fn a_cases_files_linked_from_elsewhere_are_hidden_there_too() {
    let mut files = common::fixture_files("kattis/lookup");
    files.retain(|(name, _)| !name.starts_with("data/secret/1.files/"));
    let package = common::fresh_folder("kattis", "lookup", &files);
    let side = package.parent().unwrap().join("side");
    fs::create_dir_all(side.join("notes")).unwrap();
    fs::write(side.join("notes/word.txt"), "a secret word\n").unwrap();
    std::os::unix::fs::symlink(&side, package.join("data/secret/1.files")).unwrap();
    let peek = side.join("peek.py");
    fs::write(
        &peek,
        "import sys\ntry:\n    print(open(sys.argv[2][::-1]).read(), end='')\nexcept OSError as error:\n    print('unreadable:', error)\n",
    )
    .unwrap();
    let tag = Tag::new("kattis-lookup-linked");
    let read = python("lookup", "accepted/read.py", &tag);
    let backwards: String = side
        .join("notes/word.txt")
        .to_string_lossy()
        .chars()
        .rev()
        .collect();
    let peeking = format!("python3 {} {tag} {backwards}", peek.display());
    let output = judge(&read, &package, &[]).output().unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    if !err.contains("sandbox: on") {
        return common::skip("needs the sandbox", "the judge boxes no program here");
    }
    // The linked folder's files reach the program of its case.
    assert!(String::from_utf8_lossy(&output.stdout).contains("3 cases: 3 AC"));
    judge(&peeking, &package, &[])
        .assert()
        .code(1)
        .stdout(contains("3 cases: 3 WA"))
        .stdout(contains("unreadable"));
    tag.assert_none_left();
}

/// An interactive case's files are in its program's working folder too: each case's
/// `secret.txt` holds its secret (its `.in`), which the program reads and guesses at once.
#[test]
fn an_interactive_cases_files_are_in_its_programs_working_folder() {
    let problem_yaml = fs::read_to_string(fixture("guess").join("problem.yaml")).unwrap();
    let dir = guess_copy(&problem_yaml, "output_validators");
    for case in ["01-lowest", "02-highest", "03-middle"] {
        let secret = fs::read_to_string(dir.join(format!("data/secret/{case}.in"))).unwrap();
        let files = dir.join(format!("data/secret/{case}.files"));
        fs::create_dir(&files).unwrap();
        fs::write(files.join("secret.txt"), secret).unwrap();
    }
    let program = dir.parent().unwrap().join("knows.py");
    fs::write(
        &program,
        "import sys\nprint(open('secret.txt').read().strip(), flush=True)\nsys.stdin.readline()\n",
    )
    .unwrap();
    let tag = Tag::new("kattis-guess-files");
    let command = format!("python3 {} {tag}", program.display());
    for extra in [&[][..], &["--no-sandbox"][..]] {
        judge(&command, &dir, extra)
            .assert()
            .code(0)
            .stdout(contains("3 cases: 3 AC"));
    }
    tag.assert_none_left();
}

/// A copy of the `lookup` package (see `a_cases_files_are_in_the_programs_working_folder…`),
/// to change.
fn lookup_copy() -> PathBuf {
    common::fresh_folder("kattis", "lookup", &common::fixture_files("kattis/lookup"))
}

#[test]
fn verify_run_inside_the_package_puts_a_cases_files_in_a_fresh_working_folder() {
    // A problem setter runs verify where the package is: the judge's folder holds the test
    // data, and is still the box's fresh working folder, where the case's files go.
    let package = lookup_copy();
    for (from, named) in [
        (package.clone(), "."),
        (package.join("data/secret"), "../.."),
    ] {
        common::judge()
            .current_dir(&from)
            .args(["verify", named])
            .timeout(std::time::Duration::from_secs(300))
            .assert()
            .code(0)
            .stdout(contains("1 submission: 1 as expected"));
    }
}

#[test]
fn a_cases_files_that_link_out_of_their_folder_or_clash_with_the_command_are_refused() {
    let package = lookup_copy();
    let files = package.join("data/secret/1.files");
    // A link to another case's answer: the judge reads the files as itself, so it follows no
    // link out of the folder; every run on that case is a judge error naming it.
    std::os::unix::fs::symlink("../../sample/1.ans", files.join("answer.ans")).unwrap();
    let read = package.join("submissions/accepted/read.py");
    for extra in [&[][..], &["--no-sandbox"][..]] {
        judge(&format!("python3 {}", read.display()), &package, extra)
            .timeout(std::time::Duration::from_secs(120))
            .assert()
            .stdout(contains(
                "answer.ans is a link that leads out of the case's files folder",
            ))
            .stdout(contains("lookup/secret/1  JE"));
    }
    fs::remove_file(files.join("answer.ans")).unwrap();
    // Without the sandbox, a file of the case named as the command's own would run instead of
    // the user's: a judge error saying so.
    fs::write(files.join("read.py"), "print('the package wrote this')\n").unwrap();
    let here = common::fresh_folder(
        "kattis",
        "clash",
        &[("read.py", "import sys\nsys.exit(3)\n")],
    );
    common::judge()
        .current_dir(&here)
        .args(["--no-sandbox", "--cmd", "python3 read.py"])
        .arg(&package)
        .timeout(std::time::Duration::from_secs(120))
        .assert()
        .stdout(contains("lookup/secret/1  JE"))
        .stdout(contains(
            "the case's files hold read.py, which the command names too",
        ));
}

#[test]
fn a_cases_files_as_large_as_the_memory_limit_are_a_judge_error_in_the_sandbox() {
    // In the box the case's files lie in the program's memory (a tmpfs): 80 MiB of them under
    // a 64 MiB limit would make every submission MLE, the package's fault, not theirs.
    let package = lookup_copy();
    let big = fs::File::create(package.join("data/secret/1.files/big.bin")).unwrap();
    big.set_len(80 << 20).unwrap();
    let read = package.join("submissions/accepted/read.py");
    let output = judge(
        &format!("python3 {}", read.display()),
        &package,
        &["-m", "64"],
    )
    .timeout(std::time::Duration::from_secs(120))
    .output()
    .unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    if !stderr.contains("sandbox: on") {
        return common::skip("needs the sandbox", "the judge boxes no program here");
    }
    assert!(stdout.contains("lookup/secret/1  JE"), "{stdout}");
    // 80 MiB and the few bytes of notes/word.txt, rounded up.
    assert!(
        stdout.contains("take 81 MiB, as much as the memory limit (64 MiB) or more"),
        "{stdout}"
    );
    assert!(stdout.contains("lookup/secret/2  AC"), "{stdout}");
}
