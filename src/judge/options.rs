//! What judging is asked to do: the solvers (all, or some, or some of their cases) or a program
//! on a folder; and the flags every command shares (limits, jobs, comparison, report format).

use crate::compare::Mode;
use crate::grade::Settings;
use crate::limits::LimitFlags;
use crate::report::shard::Shard;
use crate::report::{Format, WaitNotes};
use std::path::PathBuf;
use std::thread;

/// What is judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JudgeTarget {
    /// The named solvers of src/bin (`NAME` or `NAME/CASE`), or all of them when empty.
    Solvers(Vec<String>),
    /// A command line, judged against one case folder, or one case (`dir` is its `.in` file),
    /// talking with `interactor` when one is given.
    Command {
        command: String,
        dir: PathBuf,
        interactor: Option<String>,
    },
}

/// The flags every command takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CommonFlags {
    pub limits: LimitFlags,
    /// `None`: the number of CPUs.
    pub jobs: Option<usize>,
    /// `None`: lines, or a Kattis package's default output validator.
    pub compare: Option<Mode>,
    pub format: Format,
    /// `--no-sandbox`: the program runs outside the sandbox.
    pub no_sandbox: bool,
    /// `--shard K/N`: only part K of the run; `None`, the whole run.
    pub shard: Option<Shard>,
    /// `--verbose`: every note, not only those a failure needs (the sandbox's notes of folders
    /// it hides, every long wait for a CPU).
    pub verbose: bool,
}

impl Default for CommonFlags {
    fn default() -> CommonFlags {
        CommonFlags {
            limits: LimitFlags::default(),
            jobs: None,
            compare: None,
            format: Format::Human,
            no_sandbox: false,
            shard: None,
            verbose: false,
        }
    }
}

impl CommonFlags {
    /// How many runs at once: the flag, else the number of CPUs.
    pub fn jobs(&self) -> usize {
        self.jobs
            .unwrap_or_else(|| thread::available_parallelism().map_or(1, |count| count.get()))
    }

    /// Which notes of a case's wait for a CPU the report shows.
    pub fn wait_notes(&self) -> WaitNotes {
        match self.verbose {
            true => WaitNotes::All,
            false => WaitNotes::WhereTheyMatter,
        }
    }

    /// How every case is judged when no folder sets its own limits.
    pub fn settings(&self) -> Settings {
        Settings {
            limits: self.limits.limits(),
            compare: self.compare.unwrap_or(Mode::Lines),
            jobs: self.jobs(),
            sandbox: !self.no_sandbox,
        }
    }
}
