//! The `judge` command from arguments to exit status: find the cases (saying on stderr which
//! layout and limits each folder has, and what was skipped), build the solvers, judge, report.
//! The one place where outcomes become exit statuses.

use crate::case_set::{
    discover, read_cases, solver_names, CaseFolder, CaseSetError, Judging, Problem,
};
use crate::cli::{self, Options, Parsed, Target, DEFAULT_TIME_LIMIT};
use crate::folder_limits::resolve;
use crate::grade::Settings;
use crate::play;
use crate::process::{self, adopt_orphans, sys, Program, DEFAULT_MEMORY_MIB};
use crate::report::{case_report, label_width, printable, summary, use_colour};
use crate::runner::{judge_all, Finished, Flow, Task};
use crate::solvers;
use crate::validate;
use crate::verdict::Code;
use std::collections::HashMap;
use std::fmt::Display;
use std::io::{self, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::thread;

/// Exit status for a usage or I/O error (a case not AC is 1).
const USAGE_OR_IO_ERROR: u8 = 2;

/// Prints each problem as `error: …` and gives the usage-or-I/O exit status.
fn fail(messages: &[impl Display]) -> ExitCode {
    for message in messages {
        eprintln!("error: {}", printable(&message.to_string()));
    }
    ExitCode::from(USAGE_OR_IO_ERROR)
}

/// The problems to judge: the named solvers (or all) with their case folders.
fn solver_problems(root: &Path, names: &[String]) -> Result<Vec<Problem>, Vec<String>> {
    let (cases, bin) = (root.join("cases"), root.join("src/bin"));
    let strings = |errors: Vec<CaseSetError>| errors.iter().map(ToString::to_string).collect();
    if names.is_empty() {
        return discover(&cases, &bin).map_err(strings);
    }
    let known = solver_names(&bin).map_err(|error| vec![error.to_string()])?;
    let mut problems = Vec::new();
    let mut errors = Vec::new();
    for name in names {
        if !known.contains(name) {
            errors.push(format!(
                "no solver named {name:?} in {} (solvers: {})",
                bin.display(),
                known.join(", ")
            ));
            continue;
        }
        match read_cases(&cases.join(name)) {
            Ok(folder) => problems.push(Problem {
                name: name.clone(),
                folder,
            }),
            Err(found) => errors.extend(strings(found)),
        }
    }
    if errors.is_empty() {
        Ok(problems)
    } else {
        Err(errors)
    }
}

/// The tasks of one folder, each reported as `name/case`: says on stderr the folder's layout,
/// case count and limits (flag > folder > default), and warns about every skipped file.
fn folder_tasks(
    options: &Options,
    dir: &Path,
    name: &str,
    folder: CaseFolder,
    program: Program,
) -> Vec<Task> {
    let (time, memory_mib, said) = resolve(
        options.time_limit,
        options.memory_mib,
        &folder.limits,
        DEFAULT_TIME_LIMIT,
        DEFAULT_MEMORY_MIB,
    );
    for warning in &folder.warnings {
        eprintln!("warning: {}", printable(warning));
    }
    let count = folder.cases.len();
    let judged_by = match &folder.judging {
        Judging::Checker { dir, .. } => format!("; checker in {}", dir.display()),
        Judging::Validator { program } => format!("; output validator {}", program.display()),
        Judging::TicTacToe => "; interactive (tic-tac-toe)".to_string(),
        Judging::Compare => String::new(),
    };
    eprintln!(
        "{}",
        printable(&format!(
            "{}: {}: {count} case{}; limits {said}{judged_by}",
            dir.display(),
            folder.layout,
            if count == 1 { "" } else { "s" }
        ))
    );
    let limits = options.limits_with(time, memory_mib);
    let judging = folder.judging;
    folder
        .cases
        .into_iter()
        .map(|case| Task {
            label: format!("{name}/{}", case.name),
            program: program.clone(),
            case,
            judging: judging.clone(),
            limits,
        })
        .collect()
}

/// The tasks for the options: built solvers on their folders, or a command on one folder.
fn tasks(root: &Path, options: &Options) -> Result<Vec<Task>, ExitCode> {
    match &options.target {
        Target::Solvers(names) => {
            let problems = solver_problems(root, names).map_err(|errors| fail(&errors))?;
            let names: Vec<String> = problems
                .iter()
                .map(|problem| problem.name.clone())
                .collect();
            let binaries = solvers::build(root, &names).map_err(|error| fail(&[error]))?;
            let cases = Path::new("cases");
            Ok(problems
                .into_iter()
                .zip(binaries)
                .flat_map(|(problem, binary)| {
                    let dir = cases.join(&problem.name);
                    let program = Program::Binary(binary);
                    folder_tasks(options, &dir, &problem.name, problem.folder, program)
                })
                .collect())
        }
        Target::Play { .. } | Target::Validate { .. } => Ok(Vec::new()),
        Target::Command { command, dir } => {
            if let Some(word) = Program::Shell(command.clone()).missing_program() {
                eprintln!(
                    "error: --cmd '{}': there is no program {word} (not a file, not in PATH)",
                    crate::report::printable(command)
                );
                return Err(ExitCode::from(USAGE_OR_IO_ERROR));
            }
            let folder = read_cases(dir).map_err(|errors| fail(&errors))?;
            let name = dir.file_name().map_or_else(
                || dir.display().to_string(),
                |name| name.to_string_lossy().into_owned(),
            );
            let program = Program::Shell(command.clone());
            Ok(folder_tasks(options, dir, &name, folder, program))
        }
    }
}

/// The exit status of a judge stopped by `signal`: 128 + its number.
fn stopped_by(signal: i32) -> ExitCode {
    ExitCode::from(128 + signal as u8)
}

/// Runs the judge command for the arguments after the program name; `root` is the project.
pub fn run(root: &Path, arguments: impl IntoIterator<Item = String>) -> ExitCode {
    let options = match cli::parse(arguments) {
        Ok(Parsed::Run(options)) => options,
        Ok(Parsed::Help) => {
            print!("{}", cli::USAGE);
            return ExitCode::SUCCESS;
        }
        Err(error) => {
            eprintln!("error: {error}\nrun `judge --help` for usage");
            return ExitCode::from(USAGE_OR_IO_ERROR);
        }
    };
    let time_limit = options.time_limit.unwrap_or(cli::DEFAULT_TIME_LIMIT);
    if let Some(wall) = options.wall_limit.filter(|&wall| wall < time_limit) {
        eprintln!(
            "warning: --wall-limit {} s is below the CPU time limit of {} s: the wall bound ends a busy run first (TLE)",
            wall.as_secs_f64(),
            time_limit.as_secs_f64()
        );
    }
    if let Target::Play { computer_first } = options.target {
        let code = play::run(root, computer_first, options.limits());
        process::finish();
        return code;
    }
    if let Target::Validate { names, command } = &options.target {
        return validate::command::run(root, names, command.as_deref(), options.limits());
    }
    let tasks = match tasks(root, &options) {
        Ok(tasks) => tasks,
        Err(code) => return code,
    };
    if tasks.is_empty() {
        return fail(&["no cases to judge: an empty suite is not a pass".to_string()]);
    }
    let settings = Settings {
        limits: options.limits(),
        compare: options.compare,
        jobs: options
            .jobs
            .unwrap_or_else(|| thread::available_parallelism().map_or(1, |count| count.get())),
    };
    adopt_orphans();
    sys::note_termination_signals();
    let colour = use_colour(io::stdout().is_terminal(), std::env::var_os("NO_COLOR"));
    let width = label_width(tasks.iter().map(|task| task.label.as_str()));
    let limits: HashMap<&str, _> = tasks
        .iter()
        .map(|task| (task.label.as_str(), task.limits))
        .collect();
    let stdout = io::stdout();
    let results = judge_all(&tasks, &settings, |finished| {
        let mut out = stdout.lock();
        let limits = limits
            .get(finished.label.as_str())
            .unwrap_or(&settings.limits);
        let line = case_report(finished, width, limits, colour);
        match writeln!(out, "{line}").and_then(|()| out.flush()) {
            Ok(()) => Flow::Continue,
            Err(_) => Flow::Stop,
        }
    });
    process::finish();
    let summary_written = writeln!(stdout.lock(), "{}", summary(&results)).is_ok();
    match sys::received_signal() {
        // The report's reader went away (`judge | head -1`): stop quietly.
        Some(sys::SIGPIPE) => return stopped_by(sys::SIGPIPE),
        Some(signal) => {
            eprintln!(
                "error: stopped by signal {signal} after {} of {} cases; the running ones were killed, with everything they started",
                results.len(),
                tasks.len()
            );
            return stopped_by(signal);
        }
        None if !summary_written => return stopped_by(sys::SIGPIPE),
        None => {}
    }
    if results
        .iter()
        .any(|result| result.judged.verdict.code() == Code::JE)
    {
        ExitCode::from(USAGE_OR_IO_ERROR)
    } else if results.iter().all(Finished::is_accepted) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
