//! The text of `judge --help`: what each command does, then the flags of each command made from
//! the flag table (`super::flags::FLAGS`), then examples and the exit statuses.

use super::flags::{Section, EVERY, FLAGS};

/// The column where a flag's help starts.
const HELP_COLUMN: usize = 33;

/// Each command's forms, as the help's usage block shows them.
const COMMANDS: &str = "\
usage:
  judge                          judge every solver in src/bin against cases/<solver>/
  judge NAME...                  only these solvers
  judge NAME/CASE...             only these cases of solver NAME (CASE may hold * and ?,
                                 quoted: judge 'weighted_tic_tac_toe/sample-*')
  judge --cmd 'COMMAND' DIR      judge any program against the cases in DIR (COMMAND runs as
                                 sh would run it; a plain program path runs directly); DIR is
                                 NAME.in + NAME.out, AtCoder's in/ + out/, a Kattis package or
                                 a Polygon package, with judge files in the sibling DIR.judge/
  judge --cmd 'COMMAND' FILE.in  judge it on that one case (of a package too: by its rules)
  judge --cmd 'COMMAND' 'DIR/sample-*'
                                 on the cases of DIR whose names match (* and ?)
  judge --cmd sol.cpp DIR        a source file (or a folder of them): built as a judge builds
                                 it (C, C++, Rust, Java; Python, JavaScript checked) into
                                 ~/.cache/game-judge, rebuilt when it changes; judge sol.cpp
                                 DIR is the same
  judge --cmd 'COMMAND' --interactor 'INTERACTOR' DIR
                                 an interactive problem: COMMAND talks with INTERACTOR
  judge play [-r]                play tic-tac-toe against the computer (-r: it starts)
  judge play othello [-r]        play Othello against othello_player (-r: it starts)
  judge validate [NAME...]       check every .in of cases/<NAME>/ (all solvers when none) with
                                 the problem's input validator: one the real judge can give?
  judge validate PKG             check every input of a Kattis or Polygon package with the
                                 package's own input validators
  judge validate --validator 'COMMAND' DIR
                                 check every .in of DIR with COMMAND
  judge stress NAME --cmd 'PROGRAM'
                                 PROGRAM against the solver NAME on inputs of NAME's
                                 built-in generator, until they differ; the input found is
                                 shrunk (kept valid by NAME's validator) and reported
  judge stress --cmd 'PROGRAM' --ref 'REFERENCE' --gen 'GENERATOR'
                                 any three programs: GENERATOR SEED prints one input; valid
                                 inputs are the ones REFERENCE (or --validator) accepts
  judge verify PKG               check a Kattis, DOMjudge or Polygon package: its input
                                 validators on every input, then every submission (in
                                 submissions/, or tagged in problem.xml) built by its language
                                 and held to the result its folder, @EXPECTED_RESULTS@ tag or
                                 Polygon tag expects; the time limit from the accepted ones
                                 where the package sets none
  judge ... --shard K/N           judge part K of N of the run's cases, each part on a
                                 machine of its own
  judge merge REPORT...          join the --format json reports of a run's shards into the
                                 whole run's report and exit status
  play, validate, stress, verify and merge come first; a solver of that name is judged with
  judge -- NAME
";

/// Each command's name in a heading.
fn command_name(section: Section) -> &'static str {
    match section {
        Section::Judge => "judging",
        Section::Play => "play",
        Section::Validate => "validate",
        Section::Stress => "stress",
        Section::Verify => "verify",
        Section::Merge => "merge",
    }
}

/// The heading of the flags that go with `commands`.
fn heading(commands: &[Section]) -> String {
    let names: Vec<&str> = commands.iter().copied().map(command_name).collect();
    match names.as_slice() {
        _ if commands == EVERY => "options, for every command:".to_string(),
        [one] => format!("{one} options:"),
        [rest @ .., last] => format!("options for {} and {last}:", rest.join(", ")),
        [] => String::new(),
    }
}

/// The groups of flags the help shows, each the flags of one set of commands: the sets that
/// take most commands first, then in the order of `EVERY`.
fn groups() -> Vec<&'static [Section]> {
    let mut groups: Vec<&'static [Section]> = Vec::new();
    for flag in FLAGS {
        if !groups.contains(&flag.commands) {
            groups.push(flag.commands);
        }
    }
    let first_command = |commands: &[Section]| EVERY.iter().position(|c| commands.contains(c));
    groups.sort_by_key(|commands| (usize::MAX - commands.len(), first_command(commands)));
    groups
}

const EXAMPLES: &str = "\
examples:
  cargo run --release                                   every solver on its cases
  judge --cmd './a.out' cases/weighted_tic_tac_toe      your binary on a folder
  judge --cmd 'python3 main.py' -t 3 -m 256 DIR         with AtCoder-like limits
  judge validate weighted_tic_tac_toe                   are its cases real inputs?
  judge --cmd './a.out' DIR/sample-2.in                 one case of DIR
  judge 'weighted_tic_tac_toe/sample-*'                 a solver's sample cases
  judge stress weighted_tic_tac_toe --cmd './a.out' --save mine
                                                        find, shrink and keep a failing input
  judge --format json > results.jsonl                   results for a script or CI
  judge verify path/to/problem                          does every submission get its verdict?
  judge --shard 2/4 --format json > part2.jsonl         a quarter of the run, on one machine
  judge merge part*.jsonl                               the four quarters as one report

exit status: 0 all AC (validate: all valid; stress: no difference found), 1 some case not AC
(some file invalid; a counterexample found; verify: a submission not as expected, or an invalid
input), 2 usage or I/O error or a judge error (JE;
validate: a validator that crashed or hung; stress: a generator or reference that failed),
129 / 130 / 143 when stopped by SIGHUP / SIGINT / SIGTERM (running programs are killed), 141
when the report's reader went away (judge | head)
";

/// The whole help text.
pub fn usage() -> String {
    let mut text = String::from(
        "judge: run solvers on their cases and give the verdicts an online judge would give\n\n",
    );
    text.push_str(COMMANDS);
    for commands in groups() {
        text.push('\n');
        text.push_str(&heading(commands));
        text.push('\n');
        for flag in FLAGS.iter().filter(|flag| flag.commands == commands) {
            let names = match flag.short {
                Some(short) => format!("  {short}, {}", flag.long),
                None => format!("      {}", flag.long),
            };
            let left = match flag.value {
                Some(value) => format!("{names} {value}"),
                None => names,
            };
            let mut help = flag.help.lines();
            if left.len() < HELP_COLUMN {
                let first = help.next().unwrap_or_default();
                text.push_str(&format!("{left:<HELP_COLUMN$}{first}\n"));
            } else {
                text.push_str(&format!("{left}\n"));
            }
            for line in help {
                text.push_str(&format!("{:HELP_COLUMN$}{line}\n", ""));
            }
        }
    }
    text.push('\n');
    text.push_str(EXAMPLES);
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_flag_is_in_the_help_under_its_command() {
        let text = usage();
        for flag in FLAGS {
            let heading = heading(flag.commands);
            let after = &text[text.find(&heading).unwrap()..];
            assert!(after.contains(flag.long), "{} under {heading}", flag.long);
            for line in flag.help.lines() {
                assert!(text.contains(line), "{line}");
            }
        }
    }

    #[test]
    fn no_line_is_wider_than_a_terminal() {
        for line in usage().lines() {
            assert!(line.chars().count() <= 100, "{line}");
        }
    }
}
