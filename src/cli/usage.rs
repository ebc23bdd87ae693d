//! The text of `judge --help`: what each command does, then the flags of each command made from
//! the flag table (`super::flags::FLAGS`), then examples and the exit statuses.

use super::flags::{Flag, Section, EVERY, FLAGS};

/// The column where a flag's help starts.
const HELP_COLUMN: usize = 33;

/// Each command's forms, as the help's usage block shows them: the commands each block is for,
/// and its lines. The long help shows them all, in this order; `judge COMMAND --help` the
/// blocks of that command.
const FORMS: &[(&[Section], &str)] = &[
    (
        &[Section::Judge],
        "  judge                          judge every solver in src/bin against cases/<solver>/
  judge NAME...                  only these solvers
                                 (those of the game-judge checkout the judge runs in, else of
                                 the one it was built from or GAME_JUDGE_ROOT names; play and
                                 stress also take the solvers installed beside the judge by
                                 cargo install --path .)
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
  judge -c 'COMMAND' -d DIR      the same as --cmd, as online-judge-tools writes it; judge
                                 ./a.out DIR (a program, then a case folder) too, and bare
                                 judge in a folder with test/ (not the project) judges
                                 ./a.out on it, as oj t does
  judge --cmd 'COMMAND' --interactor 'INTERACTOR' DIR
                                 an interactive problem: COMMAND talks with INTERACTOR
",
    ),
    (
        &[Section::Play],
        "  judge play [-r]                play tic-tac-toe against the computer (-r: it starts)
  judge play othello [-r]        play Othello against othello_player (-r: it starts)
",
    ),
    (
        &[Section::Validate],
        "  judge validate [NAME...]       check every .in of cases/<NAME>/ (all solvers when none) with
                                 the problem's input validator: one the real judge can give?
  judge validate PKG             check every input of a Kattis or Polygon package with the
                                 package's own input validators
  judge validate --validator 'COMMAND' DIR
                                 check every .in of DIR with COMMAND
",
    ),
    (
        &[Section::Stress],
        "  judge stress NAME --cmd 'PROGRAM'
                                 PROGRAM against the solver NAME on inputs of NAME's
                                 built-in generator, until they differ; the input found is
                                 shrunk (kept valid by NAME's validator) and reported
  judge stress --cmd 'PROGRAM' --ref 'REFERENCE' --gen 'GENERATOR'
                                 any three programs: GENERATOR SEED prints one input; valid
                                 inputs are the ones REFERENCE (or --validator) accepts
",
    ),
    (
        &[Section::Verify],
        "  judge verify PKG               check a Kattis, DOMjudge or Polygon package: its input
                                 validators on every input, then every submission (in
                                 submissions/, or tagged in problem.xml) built by its language
                                 and held to the result its folder, @EXPECTED_RESULTS@ tag or
                                 Polygon tag expects; the time limit from the accepted ones
                                 where the package sets none
",
    ),
    (
        &[Section::Judge, Section::Verify],
        "  judge ... --shard K/N           judge part K of N of the run's cases, each part on a
                                 machine of its own
",
    ),
    (
        &[Section::Merge],
        "  judge merge REPORT...          join the --format json reports of a run's shards into the
                                 whole run's report and exit status
",
    ),
];

/// After the forms in the long help: the command comes first.
const COMMAND_FIRST: &str =
    "  play, validate, stress, verify and merge come first; a solver of that name is judged with
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

/// The first line of every help.
const TITLE: &str =
    "judge: run solvers on their cases and give the verdicts an online judge would give\n";

/// What each command does, in a line, for the short help and a command's own help; in the
/// order of `super::COMMANDS`.
const SUMMARIES: [(&str, &str); 5] = [
    ("play", "play tic-tac-toe or Othello against the computer"),
    (
        "validate",
        "check inputs with the problem's input validator",
    ),
    (
        "stress",
        "look for an input where a program and a reference differ",
    ),
    (
        "verify",
        "check a package: every submission gets the result it expects",
    ),
    ("merge", "join the JSON reports of a run's shards"),
];

/// The flags the short help shows, each with a line of its own there.
const MOST_USED: [(&str, &str); 5] = [
    (
        "--time-limit",
        "a case's CPU time limit, default 2 (or the folder's)",
    ),
    (
        "--memory-limit",
        "a case's memory limit, default 1024 (or the folder's)",
    ),
    ("--jobs", "cases run at once, default: the number of CPUs"),
    ("--compare", "lines (default), exact, tokens or float:EPS"),
    ("--format", "human, or json: one object a line, for scripts"),
];

/// A flag's names and value, as the left column of the help shows them.
fn names(flag: &Flag) -> String {
    let names = match flag.short {
        Some(short) => format!("  {short}, {}", flag.long),
        None => format!("      {}", flag.long),
    };
    match flag.value {
        Some(value) => format!("{names} {value}"),
        None => names,
    }
}

/// The lines of one flag: its names, then `help` from `HELP_COLUMN` on (under them where they
/// reach it).
fn flag_lines(left: &str, help: &str) -> String {
    let mut text = String::new();
    let mut help = help.lines();
    if left.len() < HELP_COLUMN {
        let first = help.next().unwrap_or_default();
        text.push_str(&format!("{left:<HELP_COLUMN$}{first}\n"));
    } else {
        text.push_str(&format!("{left}\n"));
    }
    for line in help {
        text.push_str(&format!("{:HELP_COLUMN$}{line}\n", ""));
    }
    text
}

/// The whole help text: `judge --help`.
pub fn usage() -> String {
    let mut text = String::from(TITLE);
    text.push_str("\nusage:\n");
    for (_, forms) in FORMS {
        text.push_str(forms);
    }
    text.push_str(COMMAND_FIRST);
    for commands in groups() {
        text.push('\n');
        text.push_str(&heading(commands));
        text.push('\n');
        for flag in FLAGS.iter().filter(|flag| flag.commands == commands) {
            text.push_str(&flag_lines(&names(flag), flag.help));
        }
    }
    text.push('\n');
    text.push_str(EXAMPLES);
    text
}

/// The short help, `judge -h`: the main forms, the commands, the most used flags.
pub fn short_usage() -> String {
    let mut text = String::from(TITLE);
    text.push_str(
        "\nusage: judge [NAME...]            the solvers of src/bin on their cases/<NAME>/
       judge --cmd 'COMMAND' DIR  any program on the cases in DIR (or -c 'COMMAND' -d DIR)
       judge COMMAND ...          one of these commands:
",
    );
    for (name, summary) in SUMMARIES {
        text.push_str(&format!("  {name:<10}{summary}\n"));
    }
    text.push_str("\nmost used options:\n");
    for (long, summary) in MOST_USED {
        if let Some(flag) = FLAGS.iter().find(|flag| flag.long == long) {
            // --compare's modes are the line itself.
            let left = match long {
                "--compare" => format!("      {long} MODE"),
                _ => names(flag),
            };
            text.push_str(&flag_lines(&left, summary));
        }
    }
    text.push_str(
        "\nsolvers: the checkout the judge runs in, else the one it was built from, else installed beside it
judge --help shows every form and option; judge COMMAND --help, one command's\n",
    );
    text
}

/// The help of one command, `judge COMMAND --help`: its forms and every flag that goes with it,
/// its own first.
pub fn command_usage(section: Section) -> String {
    let name = command_name(section);
    let summary = SUMMARIES
        .iter()
        .find(|(command, _)| *command == name)
        .map_or("", |(_, summary)| summary);
    let mut text = format!("judge {name}: {summary}\n\nusage:\n");
    for (_, forms) in FORMS
        .iter()
        .filter(|(commands, _)| commands.contains(&section))
    {
        text.push_str(forms);
    }
    text.push_str("\noptions:\n");
    for commands in groups().into_iter().rev() {
        if !commands.contains(&section) {
            continue;
        }
        for flag in FLAGS.iter().filter(|flag| flag.commands == commands) {
            text.push_str(&flag_lines(&names(flag), flag.help));
        }
    }
    text.push_str("\njudge --help shows every command\n");
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
        let mut helps = vec![usage(), short_usage()];
        helps.extend(EVERY.iter().map(|&section| command_usage(section)));
        for help in helps {
            for line in help.lines() {
                assert!(line.chars().count() <= 100, "{line}");
            }
        }
    }

    #[test]
    fn the_short_help_names_every_command_and_fits_a_screen() {
        let text = short_usage();
        let commands: Vec<&str> = super::super::COMMANDS
            .iter()
            .map(|(name, _)| *name)
            .collect();
        let summarised: Vec<&str> = SUMMARIES.iter().map(|(name, _)| *name).collect();
        assert_eq!(summarised, commands);
        for name in commands {
            assert!(text.contains(&format!("\n  {name} ")), "{name}");
        }
        for line in [
            "  -t, --time-limit SECONDS       a case's CPU time limit, default 2 (or the folder's)",
            "      --compare MODE             lines (default), exact, tokens or float:EPS",
            "judge --help shows every form and option; judge COMMAND --help, one command's",
        ] {
            assert!(text.lines().any(|shown| shown == line), "{line}\n{text}");
        }
        // The long page is 150 lines; the short one a screen's top.
        assert!(text.lines().count() <= 20, "{text}");
    }

    #[test]
    fn a_command_help_shows_its_forms_and_its_flags_only() {
        let stress = command_usage(Section::Stress);
        assert!(stress.starts_with(
            "judge stress: look for an input where a program and a reference differ\n"
        ));
        assert!(stress.contains("  judge stress NAME --cmd 'PROGRAM'\n"));
        assert!(!stress.contains("judge verify PKG"));
        for flag in FLAGS {
            let shown = stress.contains(&flag_lines(&names(flag), flag.help));
            assert_eq!(shown, flag.goes_with(Section::Stress), "{}", flag.long);
        }
        // Its own flags come first.
        assert!(stress.find("--ref").unwrap() < stress.find("--memory-limit").unwrap());
        let verify = command_usage(Section::Verify);
        assert!(verify.contains("judge verify PKG") && verify.contains("--shard K/N"));
        assert!(!verify.contains("--compare") && !verify.contains("--seed"));
    }
}
