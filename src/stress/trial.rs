//! One input tried: is it valid, what does the reference say, does the program agree? The
//! answer the search and the shrinker both act on.

use crate::cases::Case;
use crate::compare::Mode;
use crate::games::othello::{square_name, squares, Board, Move};
use crate::grade::checker;
use crate::limits::Limits;
use crate::problems::validators::Validator;
use crate::process::{execute, Execution, Program, Termination, Trust};
use crate::verdict::{compare_verdict, run_failure, Verdict};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// What decides that an input is one the problem can have.
#[derive(Clone, Debug)]
pub enum Validity {
    /// The problem's own validator (in process: free).
    BuiltIn(Validator),
    /// A command given the input on stdin: exit 0 = valid.
    Command(Program),
    /// The reference accepting it (exit 0) is all there is.
    Reference,
}

/// How the program's output is judged against the reference's.
#[derive(Clone, Debug)]
pub enum OutputCheck {
    /// Compared with the reference's output.
    Compare(Mode),
    /// A checker (`COMMAND INPUT ACTUAL EXPECTED`, run in `dir`) given the reference's output.
    Checker { command: String, dir: PathBuf },
    /// othello_endgame's checker, given the exact score of every legal move (its `.out`
    /// format), which the reference works out one child position at a time.
    MoveScoresChecker { command: String, dir: PathBuf },
}

/// Everything needed to try inputs.
#[derive(Clone, Debug)]
pub struct Setup {
    pub program: Program,
    pub reference: Program,
    pub validity: Validity,
    pub check: OutputCheck,
    pub limits: Limits,
    /// Where the inputs and outputs are written for the runs.
    pub scratch: PathBuf,
}

/// A program's failure on an input the reference handles.
#[derive(Clone, Debug)]
pub struct Failure {
    pub verdict: Verdict,
    /// The case's expected output: the reference's (for othello_endgame, every move's score).
    pub expected: Vec<u8>,
    /// What the reference printed.
    pub reference_output: Vec<u8>,
    /// What the program printed.
    pub program_output: Vec<u8>,
}

/// What trying an input found.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// The validator rejects it: why.
    Invalid(String),
    /// The reference does not handle it: how it failed.
    ReferenceFailed(String),
    Passed,
    Failed(Box<Failure>),
    /// The judge could not judge (a file, a checker that crashed).
    JudgeError(String),
}

/// A fresh file path in the scratch folder.
fn scratch_file(dir: &Path, what: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    dir.join(format!("{what}-{}", NEXT.fetch_add(1, Ordering::Relaxed)))
}

/// How a run that did not exit 0 cleanly failed, in a few words with the end of its stderr.
pub fn how_it_failed(run: &Execution, limits: &Limits) -> Option<String> {
    let failure = run_failure(&run.ended, limits, &run.stderr_tail)?;
    let stderr = String::from_utf8_lossy(&run.stderr_tail);
    let said = stderr.trim().lines().last().unwrap_or("").to_string();
    let how = match &failure {
        Verdict::RuntimeError { termination, .. } => termination.to_string(),
        other => other.code().to_string(),
    };
    Some(match said.is_empty() {
        true => how,
        false => format!("{how}: {said}"),
    })
}

impl Setup {
    /// Tries `input`.
    pub fn attempt(&self, input: &str) -> Outcome {
        let file = scratch_file(&self.scratch, "input");
        let outcome = match fs::write(&file, input) {
            Ok(()) => self.attempt_file(input, &file),
            Err(error) => Outcome::JudgeError(format!("cannot write {}: {error}", file.display())),
        };
        let _ = fs::remove_file(&file);
        outcome
    }

    fn attempt_file(&self, input: &str, file: &Path) -> Outcome {
        match &self.validity {
            Validity::BuiltIn(validate) => {
                if let Err(invalid) = validate(input.as_bytes()) {
                    return Outcome::Invalid(invalid.to_string());
                }
            }
            Validity::Command(validator) => {
                match execute(validator, Some(file), self.limits, Trust::Helper) {
                    Ok(run) => {
                        if let Some(how) = how_it_failed(&run, &self.limits) {
                            // A Kattis input validator accepts with 42.
                            let hint = match run.ended.termination {
                                Termination::Exited(42) => " (a Kattis input validator's 42 for valid? here a validator exits 0 for a valid input)",
                                _ => "",
                            };
                            return Outcome::Invalid(format!("the validator says {how}{hint}"));
                        }
                    }
                    Err(error) => {
                        return Outcome::JudgeError(format!("cannot run {validator}: {error}"))
                    }
                }
            }
            Validity::Reference => {}
        }
        let reference = match execute(&self.reference, Some(file), self.limits, Trust::Helper) {
            Ok(run) => run,
            Err(error) => {
                return Outcome::JudgeError(format!("cannot run {}: {error}", self.reference))
            }
        };
        if let Some(how) = how_it_failed(&reference, &self.limits) {
            return Outcome::ReferenceFailed(how);
        }
        let expected = match &self.check {
            OutputCheck::MoveScoresChecker { .. } => match self.move_scores(input) {
                Ok(expected) => expected,
                Err(outcome) => return outcome,
            },
            _ => reference.stdout.clone(),
        };
        let program = match execute(&self.program, Some(file), self.limits, Trust::Contestant) {
            Ok(run) => run,
            Err(error) => {
                return Outcome::JudgeError(format!("cannot run {}: {error}", self.program))
            }
        };
        let verdict = match run_failure(&program.ended, &self.limits, &program.stderr_tail) {
            Some(failure) => failure,
            None => match &self.check {
                OutputCheck::Compare(mode) => compare_verdict(&expected, &program.stdout, *mode),
                OutputCheck::Checker { command, dir }
                | OutputCheck::MoveScoresChecker { command, dir } => {
                    self.check(command, dir, file, &expected, &program.stdout)
                }
            },
        };
        match verdict {
            Verdict::Accepted => Outcome::Passed,
            Verdict::JudgeError(reason) => Outcome::JudgeError(reason),
            verdict => Outcome::Failed(Box::new(Failure {
                verdict,
                expected,
                reference_output: reference.stdout,
                program_output: program.stdout,
            })),
        }
    }

    /// The checker's verdict on `actual`, given `expected` as the answer file.
    fn check(
        &self,
        command: &str,
        dir: &Path,
        input: &Path,
        expected: &[u8],
        actual: &[u8],
    ) -> Verdict {
        let answer = scratch_file(&self.scratch, "expected");
        if let Err(error) = fs::write(&answer, expected) {
            return Verdict::JudgeError(format!("cannot write {}: {error}", answer.display()));
        }
        let case = Case {
            name: "stress".to_string(),
            input: input.to_path_buf(),
            expected: Some(answer.clone()),
            args: Vec::new(),
            files: None,
        };
        let verdict = checker::check(command, dir, &case, &answer, actual);
        let _ = fs::remove_file(&answer);
        verdict
    }

    /// othello_endgame's expected output for `input`: per position, `MOVE:SCORE; …` for every
    /// legal play (its score is minus the reference's score of the position after it), or
    /// `PS:SCORE` / `--:SCORE` from the reference's own answer when the mover cannot play.
    fn move_scores(&self, input: &str) -> Result<Vec<u8>, Outcome> {
        let positions: Vec<Board> = input
            .lines()
            .filter(|line| !line.trim().is_empty())
            .map(|line| {
                Board::from_line(line)
                    .ok_or_else(|| Outcome::Invalid(format!("not a position: {line}")))
            })
            .collect::<Result<_, _>>()?;
        let mut asked = String::new();
        for &position in &positions {
            let moves = squares(position.legal_moves());
            if moves.is_empty() {
                asked.push_str(&position.line());
                asked.push('\n');
            }
            for square in moves {
                let after = position.try_move(Move::Square(square)).unwrap_or(position);
                asked.push_str(&after.line());
                asked.push('\n');
            }
        }
        let file = scratch_file(&self.scratch, "children");
        fs::write(&file, &asked).map_err(|error| {
            Outcome::JudgeError(format!("cannot write {}: {error}", file.display()))
        })?;
        let run = execute(&self.reference, Some(&file), self.limits, Trust::Helper);
        let _ = fs::remove_file(&file);
        let run = run.map_err(|error| {
            Outcome::JudgeError(format!("cannot run {}: {error}", self.reference))
        })?;
        if let Some(how) = how_it_failed(&run, &self.limits) {
            return Err(Outcome::ReferenceFailed(format!(
                "on the positions after each move: {how}"
            )));
        }
        let text = String::from_utf8_lossy(&run.stdout);
        let mut answers = text.lines().map(|line| {
            let mut words = line.split_whitespace();
            let score = words.next().and_then(|score| score.parse::<i64>().ok());
            (score, words.next().unwrap_or("").to_string())
        });
        let mut expected = String::new();
        let short =
            || Outcome::ReferenceFailed("too few answers for the positions after each move".into());
        for position in &positions {
            let moves = squares(position.legal_moves());
            if moves.is_empty() {
                let (score, play) = answers.next().ok_or_else(short)?;
                let score = score.ok_or_else(short)?;
                expected.push_str(&format!("{play}:{score:+}\n"));
                continue;
            }
            let mut scores = Vec::new();
            for square in moves {
                let (score, _) = answers.next().ok_or_else(short)?;
                scores.push(format!(
                    "{}:{:+}",
                    square_name(square).to_uppercase(),
                    -score.ok_or_else(short)?
                ));
            }
            expected.push_str(&scores.join("; "));
            expected.push_str(";\n");
        }
        Ok(expected.into_bytes())
    }
}
