//! A case folder's own time and memory limits: from a Kattis `problem.yaml` (read in
//! `kattis_yaml`: `limits:` `time_limit` in seconds, `memory` and `output` in MiB), a Polygon
//! `problem.xml` (read in `polygon_xml`: the judging testset's `<time-limit>` in ms and
//! `<memory-limit>` in bytes) or the folder's `D.judge/limits` (`time-limit SECONDS`,
//! `memory-limit MIB`). Each is read by hand, strictly: a shape it does not know is an error,
//! never a guess. A flag on the command line beats all of them.

use crate::limits::{LimitFlags, Limits, PastOutputCap, MAX_MIB, MAX_SECONDS};
use std::time::Duration;

/// What a folder says about its limits, and where it said it (a file name, for the report).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FolderLimits {
    pub time: Option<Duration>,
    pub memory_mib: Option<u64>,
    /// The output cap (a Kattis `limits: output`).
    pub output_mib: Option<u64>,
    /// The file each one came from.
    pub time_from: Option<String>,
    pub memory_from: Option<String>,
    pub output_from: Option<String>,
    /// The package format's own rules for a run where they differ from the judge's, and whose
    /// they are (DOMjudge's: no stack limit, output past the cap thrown away while the program
    /// runs on); `None`: the judge's.
    pub run_rules: Option<RunRules>,
    /// Limits that set the time limit from the accepted submissions' times (Kattis
    /// `time_multipliers`), which `judge verify` applies and a judging of one program cannot:
    /// said as a warning when judging, with where they are.
    pub set_by_submissions: Option<String>,
}

/// How a package format's judge runs a program, where it differs from this judge's defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunRules {
    /// Whose rules: `DOMjudge's`.
    pub whose: &'static str,
    /// No stack limit (RLIMIT_STACK unlimited) unless `--stack-limit` is given.
    pub unlimited_stack: bool,
    pub past_output_cap: PastOutputCap,
    /// The time limit is also the wall bound (in idle time), unless `--wall` is given:
    /// DOMjudge's wall-clock limit equals its time limit.
    pub wall_at_time_limit: bool,
    /// Every process of a run on one CPU, and no writing in the working folder (DOMjudge's).
    pub one_cpu: bool,
    pub read_only_folder: bool,
}

impl FolderLimits {
    /// These limits with every value `other` sets taking the place of ours.
    pub fn overridden_by(self, other: FolderLimits) -> FolderLimits {
        FolderLimits {
            time: other.time.or(self.time),
            time_from: other.time_from.or(self.time_from),
            memory_mib: other.memory_mib.or(self.memory_mib),
            memory_from: other.memory_from.or(self.memory_from),
            output_mib: other.output_mib.or(self.output_mib),
            output_from: other.output_from.or(self.output_from),
            run_rules: other.run_rules.or(self.run_rules),
            set_by_submissions: other.set_by_submissions.or(self.set_by_submissions),
        }
    }

    /// The format's own run rules in a few words, and whose they are (`no stack limit, …
    /// (DOMjudge's)`), if it has any.
    pub fn run_rules_said(&self) -> Option<String> {
        let rules = self.run_rules?;
        let mut said = Vec::new();
        if rules.unlimited_stack {
            said.push("no stack limit");
        }
        if rules.past_output_cap == PastOutputCap::Discard {
            said.push("output past the limit thrown away while the program runs on");
        }
        if rules.wall_at_time_limit {
            said.push("the time limit held in idle time too");
        }
        if rules.one_cpu {
            said.push("one CPU a run");
        }
        if rules.read_only_folder {
            said.push("no writing in the working folder");
        }
        (!said.is_empty()).then(|| format!("{} ({})", said.join(", "), rules.whose))
    }

    /// The limits of each run: the flags, else this folder's, else the defaults, with the
    /// CPU time and memory already chosen (see `resolve`).
    pub fn run_limits(&self, flags: &LimitFlags, time: Duration, memory_mib: u64) -> Limits {
        let mut limits = flags.limits_with(time, memory_mib);
        if let (None, Some(mib)) = (flags.output_mib, self.output_mib) {
            limits.output_bytes = usize::try_from(mib << 20).unwrap_or(usize::MAX);
        }
        if let Some(rules) = self.run_rules {
            if rules.unlimited_stack && flags.stack_mib.is_none() {
                limits.stack_bytes = u64::MAX;
            }
            if rules.wall_at_time_limit && flags.wall.is_none() {
                limits.wall = time;
            }
            limits.past_output_cap = rules.past_output_cap;
            limits.one_cpu = rules.one_cpu;
            limits.writable_folder = !rules.read_only_folder;
        }
        limits
    }

    /// The time limit the flag (`-t`) or else the folder gives, and where it came from.
    pub fn time_given(&self, flag: Option<Duration>) -> Option<(Duration, &str)> {
        match (flag, self.time) {
            (Some(time), _) => Some((time, "-t")),
            (None, Some(time)) => Some((time, self.time_from.as_deref().unwrap_or("folder"))),
            (None, None) => None,
        }
    }

    /// The memory limit the flag (`-m`) or else the folder gives, and where it came from.
    pub fn memory_given(&self, flag: Option<u64>) -> Option<(u64, &str)> {
        match (flag, self.memory_mib) {
            (Some(mib), _) => Some((mib, "-m")),
            (None, Some(mib)) => Some((mib, self.memory_from.as_deref().unwrap_or("folder"))),
            (None, None) => None,
        }
    }

    pub(super) fn set_time(&mut self, seconds: f64, from: &str) -> Result<(), String> {
        if !(0.001..=MAX_SECONDS).contains(&seconds) {
            return Err(format!(
                "a time limit must be at least a millisecond and at most a day, found {seconds} s"
            ));
        }
        self.time = Some(Duration::from_secs_f64(seconds));
        self.time_from = Some(from.to_string());
        Ok(())
    }

    pub(super) fn set_output(&mut self, mib: u64, from: &str) -> Result<(), String> {
        if mib == 0 || mib > MAX_MIB {
            return Err(format!(
                "an output limit must be above 0 and at most 1 TiB, found {mib} MiB"
            ));
        }
        self.output_mib = Some(mib);
        self.output_from = Some(from.to_string());
        Ok(())
    }

    pub(super) fn set_memory(&mut self, mib: u64, from: &str) -> Result<(), String> {
        if mib == 0 || mib > MAX_MIB {
            return Err(format!(
                "a memory limit must be above 0 and at most 1 TiB, found {mib} MiB"
            ));
        }
        self.memory_mib = Some(mib);
        self.memory_from = Some(from.to_string());
        Ok(())
    }
}

/// The limits used for a folder, flag > folder > default, and a few words on where each came
/// from (`2 s (default), 256 MiB (problem.yaml)`).
pub fn resolve(
    flag_time: Option<Duration>,
    flag_memory_mib: Option<u64>,
    folder: &FolderLimits,
    default_time: Duration,
    default_memory_mib: u64,
) -> (Duration, u64, String) {
    let (time, time_from) = folder
        .time_given(flag_time)
        .unwrap_or((default_time, "default"));
    let (memory, memory_from) = folder
        .memory_given(flag_memory_mib)
        .unwrap_or((default_memory_mib, "default"));
    let mut said = format!(
        "{} s ({time_from}), {memory} MiB ({memory_from})",
        time.as_secs_f64()
    );
    if let Some(mib) = folder.output_mib {
        let output_from = folder.output_from.as_deref().unwrap_or("folder");
        said.push_str(&format!(", output {mib} MiB ({output_from})"));
    }
    if let Some(rules) = folder.run_rules_said() {
        said.push_str(&format!(", {rules}"));
    }
    (time, memory, said)
}

/// Text without a trailing `#` comment, trimmed.
fn without_comment(line: &str) -> &str {
    line.split_once('#').map_or(line, |(code, _)| code).trim()
}

/// Our own `D.judge/limits`: lines `time-limit SECONDS` and `memory-limit MIB`, `#` comments.
/// Anything else is an error with its line number.
pub fn parse_limits_file(text: &str, from: &str) -> Result<FolderLimits, String> {
    let mut limits = FolderLimits::default();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let words: Vec<&str> = without_comment(line).split_whitespace().collect();
        let result = match words.as_slice() {
            [] => Ok(()),
            ["time-limit", seconds] => match seconds.parse::<f64>() {
                Ok(seconds) => limits.set_time(seconds, from),
                Err(_) => Err(format!("time-limit expects seconds, found {seconds:?}")),
            },
            ["memory-limit", mib] => match mib.parse::<u64>() {
                Ok(mib) => limits.set_memory(mib, from),
                Err(_) => Err(format!("memory-limit expects whole MiB, found {mib:?}")),
            },
            _ => Err(format!(
                "expected `time-limit SECONDS` or `memory-limit MIB`, found {:?}",
                line.trim()
            )),
        };
        result.map_err(|message| format!("line {number}: {message}"))?;
    }
    Ok(limits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limits_file_reads_seconds_and_mib_with_comments() {
        let limits = parse_limits_file(
            "# ours\ntime-limit 0.5  # CPU\n\nmemory-limit 256\n",
            "limits",
        )
        .unwrap();
        assert_eq!(limits.time, Some(Duration::from_millis(500)));
        assert_eq!(limits.memory_mib, Some(256));
        assert_eq!(limits.time_from.as_deref(), Some("limits"));
    }

    #[test]
    fn the_limits_file_names_the_bad_line() {
        let error = |text| parse_limits_file(text, "limits").unwrap_err();
        assert_eq!(
            error("time-limit 1\ntime_limit 2\n"),
            "line 2: expected `time-limit SECONDS` or `memory-limit MIB`, found \"time_limit 2\""
        );
        assert!(error("memory-limit 1.5").starts_with("line 1: memory-limit expects whole MiB"));
        assert!(error("time-limit 0").contains("at least a millisecond"));
        assert!(error("time-limit 1 2").starts_with("line 1: expected"));
    }

    #[test]
    fn flags_beat_the_folder_and_the_folder_beats_defaults() {
        let folder = parse_limits_file("time-limit 0.2\n", "x.judge/limits").unwrap();
        let (time, memory, said) = resolve(None, None, &folder, Duration::from_secs(2), 1024);
        assert_eq!((time, memory), (Duration::from_millis(200), 1024));
        assert_eq!(said, "0.2 s (x.judge/limits), 1024 MiB (default)");
        let (time, _, said) = resolve(
            Some(Duration::from_secs(5)),
            Some(64),
            &folder,
            Duration::from_secs(2),
            1024,
        );
        assert_eq!(time, Duration::from_secs(5));
        assert_eq!(said, "5 s (-t), 64 MiB (-m)");
    }

    #[test]
    fn a_formats_run_rules_apply_unless_a_flag_says_otherwise() {
        let mut folder = FolderLimits::default();
        folder.set_output(8, "DOMjudge's default").unwrap();
        folder.run_rules = Some(RunRules {
            whose: "DOMjudge's",
            unlimited_stack: true,
            past_output_cap: PastOutputCap::Discard,
            wall_at_time_limit: true,
            one_cpu: true,
            read_only_folder: true,
        });
        let second = Duration::from_secs(1);
        let limits = folder.run_limits(&LimitFlags::default(), second, 256);
        assert_eq!(
            (
                limits.output_bytes,
                limits.stack_bytes,
                limits.past_output_cap,
                limits.wall,
                limits.one_cpu,
                limits.writable_folder,
            ),
            (
                8 << 20,
                u64::MAX,
                PastOutputCap::Discard,
                second,
                true,
                false
            )
        );
        let flags = LimitFlags {
            stack_mib: Some(64),
            output_mib: Some(2),
            wall: Some(second * 5),
            ..LimitFlags::default()
        };
        let limits = folder.run_limits(&flags, second, 256);
        assert_eq!(
            (limits.output_bytes, limits.stack_bytes, limits.wall),
            (2 << 20, 64 << 20, second * 5)
        );
        let (_, _, said) = resolve(None, None, &folder, second, 1024);
        assert_eq!(said, "1 s (default), 1024 MiB (default), output 8 MiB (DOMjudge's default), no stack limit, output past the limit thrown away while the program runs on, the time limit held in idle time too, one CPU a run, no writing in the working folder (DOMjudge's)");
        // Without rules of its own a folder keeps the judge's.
        let plain = FolderLimits::default().run_limits(&LimitFlags::default(), second, 256);
        assert_eq!(
            (plain.stack_bytes, plain.past_output_cap, plain.wall),
            (256 << 20, PastOutputCap::Kill, second * 3)
        );
    }
}
