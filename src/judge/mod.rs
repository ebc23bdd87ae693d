//! Judging, the command's main work: find the cases of the solvers (or of a folder for `--cmd`),
//! saying on stderr which layout and limits each folder has and what was skipped; build the
//! solvers; judge every case; report each one as it is decided and the summary.

pub mod options;

use crate::cases::folder_limits::resolve;
use crate::cases::layout::Layout;
use crate::cases::solvers::{named_solver_cases, paths_given_as_solvers};
use crate::cases::Interactor;
use crate::cases::{answers, cases_at, CaseFolder, Judging};
use crate::grade::Settings;
use crate::limits::DEFAULT_MEMORY_MIB;
use crate::limits::DEFAULT_TIME_LIMIT;
use crate::outcome::Outcome;
use crate::problems::project::{Project, SolverSource};
use crate::process::stop;
use crate::process::{sandbox, sys, Program, Session, Signals};
use crate::report::events::{Event, StopPoint};
use crate::report::json::RunPart;
use crate::report::reporter::Reporter;
use crate::report::shard::{RunId, Shard};
use crate::report::{label_width, outcome_of, Format, Shown};
use crate::runner::{judge_all, Flow, Task};
use crate::sources::{self, Language};
use crate::text::{self, printable};
use crate::verdict::Code;
use options::{CommonFlags, JudgeTarget};
use std::collections::HashMap;
use std::fmt::Display;
use std::io;
use std::path::{Path, PathBuf};

/// Prints each problem as `error: …`: a usage or I/O error.
fn fail(messages: &[impl Display]) -> Outcome {
    for message in messages {
        eprintln!("{}", text::error_lines(&message.to_string()));
    }
    Outcome::Error
}

/// `path` from the current folder when it is below it (as a person would type it), else as is.
fn relative(path: &Path) -> &Path {
    std::env::current_dir()
        .ok()
        .and_then(|here| path.strip_prefix(here).ok())
        .map_or(path, |below| below)
}

/// How a folder's cases are judged, as its line says it after the limits: `; checker in
/// cases/NAME.judge`, `; output validator ...`, a multi-pass bound, each test group's flags;
/// nothing for a plain comparison.
fn judged_by(dir: &Path, folder: &CaseFolder) -> String {
    let judged_by = match &folder.judging {
        Judging::Checker { dir: judge_dir, .. } => {
            // Shown as the folder's own name was given, when it is the usual sibling.
            let sibling = dir.with_file_name(format!(
                "{}.judge",
                dir.file_name().unwrap_or_default().to_string_lossy()
            ));
            let shown = match judge_dir.file_name() == sibling.file_name() {
                true => sibling,
                false => relative(judge_dir).to_path_buf(),
            };
            format!("; checker in {}", shown.display())
        }
        Judging::Validator { program, args, .. } if args.is_empty() => {
            format!("; output validator {}", relative(program).display())
        }
        Judging::Validator { program, args, .. } => format!(
            "; output validator {} with validator_flags {}",
            relative(program).display(),
            args.join(" ")
        ),
        Judging::KattisDefault(validator) => match validator.describe() {
            flags if flags.is_empty() => String::new(),
            flags => format!("; default output validator with {flags}"),
        },
        Judging::Interactive(Interactor::BuiltIn(builtin)) => {
            format!(
                "; interactive, against the judge's {} opponent",
                builtin.name()
            )
        }
        Judging::Interactive(Interactor::Program { command, .. }) => {
            format!("; interactor `{command}`")
        }
        Judging::Testlib { checker, .. } => format!("; testlib checker {}", checker.shown),
        Judging::Interactive(Interactor::Testlib {
            interactor,
            checker,
            ..
        }) => match checker {
            Some(checker) => format!(
                "; testlib interactor {}, then checker {}",
                interactor.shown, checker.shown
            ),
            None => format!("; testlib interactor {}", interactor.shown),
        },
        Judging::Compare => String::new(),
    };
    let mut judged_by = judged_by;
    if let Judging::Validator {
        passes: Some(most), ..
    }
    | Judging::Interactive(Interactor::Program {
        passes: Some(most), ..
    }) = &folder.judging
    {
        judged_by.push_str(&format!("; multi-pass, at most {most} passes"));
    }
    for (group, judging) in &folder.groups {
        let flags = match judging {
            Judging::KattisDefault(validator) => validator.describe(),
            Judging::Validator { args, .. } => args.join(" "),
            Judging::Interactive(Interactor::Program { command, .. }) => command.clone(),
            _ => String::new(),
        };
        let group = group.strip_prefix(dir).unwrap_or(group);
        let flags = match flags.is_empty() {
            true => "no flags".to_string(),
            false => flags,
        };
        judged_by.push_str(&format!("; {} with {flags}", group.display()));
    }
    judged_by
}

/// The tasks of one folder, each reported as `name/case`: says on stderr the folder's layout,
/// case count and limits (flag > folder > default), and warns about every skipped file.
fn folder_tasks(
    flags: &CommonFlags,
    dir: &Path,
    name: &str,
    folder: CaseFolder,
    program: Program,
) -> Vec<Task> {
    let mut folder = folder;
    // `--compare` beats a package's default validator, as `-t` beats its time limit.
    if let (Judging::KattisDefault(_), Some(_)) = (&folder.judging, flags.compare) {
        folder.judging = Judging::Compare;
        folder.groups.clear();
    }
    // `--output-limit` beats a package's output limit, as `-m` beats its memory limit.
    if let Some(mib) = flags.limits.output_mib {
        folder.limits.output_mib = Some(mib);
        folder.limits.output_from = Some("--output-limit".to_string());
    }
    let (time, memory_mib, said) = resolve(
        flags.limits.time,
        flags.limits.memory_mib,
        &folder.limits,
        DEFAULT_TIME_LIMIT,
        DEFAULT_MEMORY_MIB,
    );
    let set_by_submissions = folder.limits.set_by_submissions.iter();
    let violations = folder.violations.iter();
    for warning in folder
        .warnings
        .iter()
        .chain(violations)
        .chain(set_by_submissions)
    {
        eprintln!("warning: {}", printable(warning));
    }
    let count = folder.cases.len();
    let judged_by = judged_by(dir, &folder);
    eprintln!(
        "{}",
        printable(&format!(
            "{}: {}: {}; limits {said}{judged_by}",
            dir.display(),
            match folder.layout == Layout::Kattis && folder.limits.run_rules.is_some() {
                // DOMjudge's packages are Kattis's, with DOMjudge's files or tags; reading them
                // gave the folder DOMjudge's run rules (no other Kattis package has any).
                true => "DOMjudge package (data/sample, data/secret)".to_string(),
                false => folder
                    .layout
                    .describe(answers(&folder.judging), &folder.cases),
            },
            text::count(count, "case")
        ))
    );
    let limits = folder.limits.run_limits(&flags.limits, time, memory_mib);
    folder
        .cases
        .iter()
        .map(|case| Task {
            label: format!("{name}/{}", case.name),
            program: program.clone(),
            case: case.clone(),
            judging: folder.judging_of(case).clone(),
            limits,
        })
        .collect()
}

/// The tasks for the options: built solvers on their folders, or a command on one folder.
fn tasks(
    project: &Project,
    target: &JudgeTarget,
    flags: &CommonFlags,
) -> Result<Vec<Task>, Outcome> {
    match target {
        JudgeTarget::Solvers(names) => solver_tasks(project, names, flags),
        JudgeTarget::Command {
            command,
            dir,
            interactor,
        } => command_tasks(project, target, flags, command, dir, interactor.as_ref()),
    }
}

/// The tasks of the solvers `names` (every solver when empty), built, on their folders.
fn solver_tasks(
    project: &Project,
    names: &[String],
    flags: &CommonFlags,
) -> Result<Vec<Task>, Outcome> {
    // A path is told so (misspelt, or a program to give with --cmd) wherever the
    // solvers are, or whether they are found at all.
    let known = project.solver_names().unwrap_or_default();
    let bin = match project.found() {
        Some(SolverSource::Checkout { root, .. }) => root.join("src/bin"),
        Some(SolverSource::Installed { dir }) => dir.clone(),
        None => PathBuf::new(),
    };
    let errors = paths_given_as_solvers(names, &known, &bin);
    if !errors.is_empty() {
        return Err(fail(&errors));
    }
    let what = match names {
        [] => "judging every solver".to_string(),
        names => format!("judging {}", names.join(" ")),
    };
    let root = project.cases(&what, None).map_err(|error| fail(&[error]))?;
    let problems = named_solver_cases(root, names).map_err(|errors| fail(&errors))?;
    let names: Vec<String> = problems
        .iter()
        .map(|problem| problem.name.clone())
        .collect();
    let binaries = project.binaries(&names).map_err(|error| fail(&[error]))?;
    // Shown as `cases/NAME` where that leads there from the current folder (the
    // project's root, usually), else by its full path.
    let cases = root.join("cases");
    let shown = |name: &str| {
        let here = Path::new("cases").join(name);
        let real = cases.join(name);
        match (here.canonicalize(), real.canonicalize()) {
            (Ok(a), Ok(b)) if a == b => here,
            _ => relative(&real).to_path_buf(),
        }
    };
    Ok(problems
        .into_iter()
        .zip(binaries)
        .flat_map(|(problem, binary)| {
            let dir = shown(&problem.name);
            let program = Program::Binary(binary);
            folder_tasks(flags, &dir, &problem.name, problem.folder, program)
        })
        .collect())
}

/// The tasks of `command` on the folder `dir` (with `interactor`, if given); a source file is
/// built by its language, in the sandbox, once it knows the test data.
fn command_tasks(
    project: &Project,
    target: &JudgeTarget,
    flags: &CommonFlags,
    command: &String,
    dir: &Path,
    interactor: Option<&String>,
) -> Result<Vec<Task>, Outcome> {
    // One source file is built by its language (and cached); any other command runs
    // as it is.
    let source = sources::source_in(command);
    let program = Program::Shell(command.clone());
    // The interactor runs where the judge runs, as the command does.
    let lines = [
        ("--cmd", Some(command).filter(|_| source.is_none())),
        ("--interactor", interactor),
    ];
    for (flag, line) in lines {
        let Some(line) = line else { continue };
        if let Some(why) = Program::Shell(line.clone()).cannot_run() {
            eprintln!("error: {flag} '{}': {}", printable(line), printable(&why));
            return Err(Outcome::Error);
        }
    }
    let solver_folder = project
        .checkout()
        .map(|root| root.join("cases").join(dir))
        .filter(|folder| folder.is_dir());
    if let (false, true, Some(solver_folder)) = (dir.exists(), dir.is_relative(), &solver_folder) {
        let solver_folder = relative(solver_folder);
        return Err(fail(&[format!(
            "there is no folder {}: the cases of the solver {} are in {} (judge --cmd '{command}' {})",
            dir.display(),
            dir.display(),
            solver_folder.display(),
            solver_folder.display()
        )]));
    }
    let (name, folder) =
        cases_at(dir, interactor.map(String::as_str)).map_err(|errors| fail(&errors))?;
    // A Kattis package's Python 3 runs with PyPy, and its include files go into the
    // build, as problemtools does.
    let dialect = folder.dialect();
    let mut tasks = folder_tasks(flags, dir, &name, folder, program);
    if let Some(source) = source {
        // Built as the program runs, in the sandbox: which first learns the test data.
        sandbox::configure(
            flags.settings().sandbox,
            test_data_folders(target, &tasks),
            &sources::caches_to_cover(),
        );
        sandbox::know_case_files(&case_files(&tasks));
        if let Some(includes) = &dialect.includes {
            eprintln!(
                "{}",
                printable(&format!(
                    "note: the package's {} goes over the submission before it is built (problemtools' rule)",
                    relative(includes).display()
                ))
            );
        }
        for warning in sources::beside_warnings(source) {
            eprintln!("{}", printable(&warning));
        }
        if Language::of(source) == Some(Language::Python) {
            if let Some(line) = dialect.python3.runs_line() {
                eprintln!("{line}");
            }
        }
        let program = match sources::program_for(source, &dialect) {
            Ok(program) => program,
            // The submission does not build: a failure of the program (exit 1), its
            // compiler's first lines shown as they are.
            Err(why) => {
                eprintln!("{}", text::error_lines(&why));
                return Err(Outcome::Failed);
            }
        };
        for task in &mut tasks {
            task.program = program.clone();
        }
    }
    Ok(tasks)
}

/// The folders the sandbox hides: every folder holding a case's input or answer (where the
/// file is, and where a link to it leads), every checker's, validator's and interactor's
/// folder, and the folder judged with `--cmd` (a whole package, its other submissions too) with
/// its `.judge` sibling.
/// Every case's input and answer, for the sandbox to know as test data wherever it meets them.
fn case_files(tasks: &[Task]) -> Vec<PathBuf> {
    tasks.iter().flat_map(|task| task.case.files()).collect()
}

fn test_data_folders(target: &JudgeTarget, tasks: &[Task]) -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = Vec::new();
    for task in tasks {
        folders.extend(task.case.folders());
        folders.extend(task.judging.program_folders());
    }
    if let JudgeTarget::Command { dir, .. } = target {
        let folder = match dir.is_file() {
            true => dir.parent().map(Path::to_path_buf).unwrap_or_default(),
            false => dir.clone(),
        };
        let mut sibling = folder.as_os_str().to_owned();
        sibling.push(".judge");
        folders.push(PathBuf::from(sibling));
        folders.push(folder);
    }
    folders.retain(|folder| folder.exists());
    folders.sort();
    folders.dedup();
    folders
}

/// Says on stderr whether programs are boxed and, for each folder a command names (or holding a
/// file it names) that its box will not show as it holds test data, a warning. The notes of a
/// folder the box shows in part (the program's files alone) are returned instead, unless
/// `verbose`: most programs need nothing beside them, so they are said only once a case failed
/// (see [`hidden_folder_could_explain`]).
fn set_up_sandbox(
    settings: &Settings,
    target: &JudgeTarget,
    tasks: &[Task],
    verbose: bool,
) -> Vec<String> {
    let availability = sandbox::configure(
        settings.sandbox,
        test_data_folders(target, tasks),
        &sources::caches_to_cover(),
    );
    eprintln!("{}", availability.describe());
    let mut held_back = Vec::new();
    let mut programs: Vec<&Program> = tasks.iter().map(|task| &task.program).collect();
    programs.dedup();
    for program in programs {
        for refused in sandbox::refused_folders(program) {
            let folder = match relative(&refused.folder).as_os_str().is_empty() {
                true => Path::new("."),
                false => relative(&refused.folder),
            };
            let said = match refused.named {
                _ if refused.private => format!(
                    "note: the sandbox shows the program alone, not the rest of {}, as that folder is private (mode 0700) and the box's user may not go through it: name in the command a file the program reads beside it, or make the folder searchable (chmod o+x)",
                    folder.display()
                ),
                true => format!(
                    "warning: the sandbox does not show {} to the program, as it holds test data: name the files the program needs there, or run the judge from another folder",
                    folder.display()
                ),
                // Most programs need nothing beside them: a note, not a warning.
                false => format!(
                    "note: {} holds the test data, so of it the sandbox shows only the files the command names: a file the program reads beside them is not there (name it in the command, or run the judge from another folder)",
                    folder.display()
                ),
            };
            // The notes (not the warning of a named folder) wait for a failure.
            let note = refused.private || !refused.named;
            match note && !verbose {
                true => held_back.push(printable(&said)),
                false => eprintln!("{}", printable(&said)),
            }
        }
    }
    held_back
}

/// Whether a folder the sandbox hides from the program could be why cases with these verdicts
/// failed: a case not accepted, and not for a wrong answer (a program that runs to its end
/// and answers found what it read; one that cannot open a file mostly crashes) nor a judge
/// error (the judge's side, which the box hides nothing from).
fn hidden_folder_could_explain(codes: &[Code]) -> bool {
    codes
        .iter()
        .any(|&code| !matches!(code, Code::AC | Code::WA | Code::JE))
}

/// The id of the run (see `report::shard::RunId`): the judge's words as given (less `--shard`,
/// `--jobs`, `--format`), and every case's name, files and limits, in order.
fn run_id(target: &JudgeTarget, flags: &CommonFlags, tasks: &[Task]) -> io::Result<String> {
    let command = match target {
        JudgeTarget::Solvers(names) => format!("judge {}", names.join(" ")),
        JudgeTarget::Command {
            command,
            dir,
            interactor,
        } => format!(
            "judge --cmd {command} {} --interactor {interactor:?}",
            dir.display()
        ),
    };
    let mut run = RunId::new(&command);
    run.add(&format!(
        "{:?} {:?} {}",
        flags.limits, flags.compare, flags.no_sandbox
    ));
    for task in tasks {
        run.add_case(&task.label, &task.case)?;
        run.add(&format!("{:?}", task.limits));
    }
    Ok(run.finish())
}

/// Judges `target` (the solvers, or `--cmd` on a folder), or its shard, and reports it.
pub fn run(project: &Project, target: &JudgeTarget, flags: &CommonFlags) -> Outcome {
    let all = match tasks(project, target, flags) {
        Ok(tasks) => tasks,
        Err(outcome) => return outcome,
    };
    if all.is_empty() {
        return fail(&["no cases to judge: an empty suite is not a pass".to_string()]);
    }
    let settings = flags.settings();
    // Every case's test data is hidden, the other shards' too.
    let sandbox_notes = set_up_sandbox(&settings, target, &all, flags.verbose);
    let shard = flags.shard.unwrap_or(Shard::WHOLE);
    let run_cases = all.len();
    let part = match flags.format == Format::Json {
        true => match run_id(target, flags, &all) {
            Ok(run) => Some(RunPart {
                run,
                shard,
                run_cases,
            }),
            Err(error) => return fail(&[format!("cannot read a case to name the run: {error}")]),
        },
        false => None,
    };
    // Each case's place in the whole run, by its label.
    let positions: HashMap<String, usize> = all
        .iter()
        .enumerate()
        .map(|(position, task)| (task.label.clone(), position))
        .collect();
    let tasks: Vec<Task> = all
        .into_iter()
        .enumerate()
        .filter(|(position, _)| shard.keeps(*position))
        .map(|(_, task)| task)
        .collect();
    if flags.shard.is_some() {
        eprintln!(
            "shard {shard}: {} of the run's {run_cases}",
            text::count(tasks.len(), "case")
        );
    }
    let session = Session::start(Signals::Noted);
    let mut reporter = Reporter::new(flags.format);
    let label_width = label_width(tasks.iter().map(|task| task.label.as_str()));
    let _ = reporter.emit(Event::Listed { label_width });
    let limits: HashMap<&str, _> = tasks
        .iter()
        .map(|task| (task.label.as_str(), task.limits))
        .collect();
    let results = judge_all(&tasks, &settings, |finished| {
        let limits = limits
            .get(finished.label.as_str())
            .unwrap_or(&settings.limits);
        let case = Shown::noting(finished, limits, flags.wait_notes());
        let index = positions.get(&finished.label).copied().unwrap_or_default();
        match reporter.emit(Event::CaseJudged { case: &case, index }) {
            Ok(()) => Flow::Continue,
            Err(_) => Flow::Stop,
        }
    });
    drop(session);
    let codes: Vec<Code> = results
        .iter()
        .map(|result| result.judged.verdict.code())
        .collect();
    let outcome = match stop::received_signal() {
        Some(signal) => Outcome::Stopped(signal),
        None => outcome_of(&codes),
    };
    // Said once a case failed, which a hidden folder could explain; before the summary, which
    // stays the report's last line.
    if hidden_folder_could_explain(&codes) {
        for note in &sandbox_notes {
            eprintln!("{note}");
        }
    }
    let summary_written = reporter
        .emit(Event::CasesDone {
            part: part.as_ref(),
            exit_status: outcome.code(),
        })
        .is_ok();
    match stop::received_signal() {
        // The report's reader went away (`judge | head -1`): stop quietly.
        Some(sys::SIGPIPE) => {}
        Some(signal) => {
            let at = StopPoint::After {
                done: results.len(),
                total: tasks.len(),
                noun: "case",
            };
            let _ = reporter.emit(Event::Stopped { signal, at });
        }
        None if !summary_written => return Outcome::Stopped(sys::SIGPIPE),
        None => {}
    }
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hidden_folder_could_explain_a_failure_of_the_program_but_a_wrong_answer() {
        assert!(!hidden_folder_could_explain(&[]));
        assert!(!hidden_folder_could_explain(&[Code::AC, Code::AC]));
        assert!(!hidden_folder_could_explain(&[Code::AC, Code::JE]));
        assert!(!hidden_folder_could_explain(&[Code::WA, Code::AC]));
        for failed in [Code::RE, Code::TLE, Code::MLE, Code::OLE] {
            assert!(
                hidden_folder_could_explain(&[Code::AC, failed]),
                "{failed:?}"
            );
        }
    }
}
