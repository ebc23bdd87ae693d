//! A case folder's own time and memory limits: from a Kattis `problem.yaml` (`limits:`
//! `time_limit` in seconds, `memory` in MiB), a Polygon `problem.xml` (the judging testset's
//! `<time-limit>` in ms and `<memory-limit>` in bytes) or the folder's `D.judge/limits`
//! (`time-limit SECONDS`, `memory-limit MIB`). Each is read by hand, strictly: a shape it does
//! not know is an error, never a guess. A flag on the command line beats all of them.

use crate::limits::{MAX_MIB, MAX_SECONDS};
use std::time::Duration;

/// What a folder says about its limits, and where it said it (a file name, for the report).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FolderLimits {
    pub time: Option<Duration>,
    pub memory_mib: Option<u64>,
    /// The file each one came from.
    pub time_from: Option<String>,
    pub memory_from: Option<String>,
}

impl FolderLimits {
    /// These limits with every value `other` sets taking the place of ours.
    pub fn overridden_by(self, other: FolderLimits) -> FolderLimits {
        FolderLimits {
            time: other.time.or(self.time),
            time_from: other.time_from.or(self.time_from),
            memory_mib: other.memory_mib.or(self.memory_mib),
            memory_from: other.memory_from.or(self.memory_from),
        }
    }

    fn set_time(&mut self, seconds: f64, from: &str) -> Result<(), String> {
        if !(seconds > 0.0 && seconds <= MAX_SECONDS) {
            return Err(format!(
                "a time limit must be above 0 and at most a day, found {seconds} s"
            ));
        }
        self.time = Some(Duration::from_secs_f64(seconds));
        self.time_from = Some(from.to_string());
        Ok(())
    }

    fn set_memory(&mut self, mib: u64, from: &str) -> Result<(), String> {
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
    let (time, time_from) = match (flag_time, folder.time) {
        (Some(time), _) => (time, "-t"),
        (None, Some(time)) => (time, folder.time_from.as_deref().unwrap_or("folder")),
        (None, None) => (default_time, "default"),
    };
    let (memory, memory_from) = match (flag_memory_mib, folder.memory_mib) {
        (Some(mib), _) => (mib, "-m"),
        (None, Some(mib)) => (mib, folder.memory_from.as_deref().unwrap_or("folder")),
        (None, None) => (default_memory_mib, "default"),
    };
    let said = format!(
        "{} s ({time_from}), {memory} MiB ({memory_from})",
        time.as_secs_f64()
    );
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

/// The keys of a Kattis `limits:` block that the judge knows and does not use.
const KATTIS_OTHER_LIMITS: [&str; 12] = [
    "time_multiplier",
    "time_multipliers",
    "time_safety_margin",
    "time_resolution",
    "output",
    "code",
    "compilation_time",
    "compilation_memory",
    "validation_time",
    "validation_memory",
    "validation_output",
    "validation_passes",
];

/// A Kattis `problem.yaml`: only its `limits:` block is read, as a block mapping of
/// `key: value` lines (`time_limit` in seconds, `memory` in MiB); other top-level keys are
/// skipped. A flow mapping (`limits: {…}`), an unknown key or a value that is not a number is
/// an error.
pub fn parse_problem_yaml(text: &str, from: &str) -> Result<FolderLimits, String> {
    let mut limits = FolderLimits::default();
    let mut in_limits = false;
    let mut key_indent: Option<usize> = None;
    let mut skipping_below: Option<usize> = None;
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let error = |message: String| format!("line {number}: {message}");
        let line = without_comment(raw);
        if line.is_empty() || line == "---" {
            continue;
        }
        let indent = raw.len() - raw.trim_start().len();
        if raw.starts_with('\t') {
            return Err(error("a tab in the indentation".into()));
        }
        if indent == 0 {
            in_limits = false;
            skipping_below = None;
            if let Some(rest) = line.strip_prefix("limits:") {
                if !rest.trim().is_empty() {
                    return Err(error(format!(
                        "limits must be a block of `key: value` lines, found {:?}",
                        rest.trim()
                    )));
                }
                in_limits = true;
                key_indent = None;
            }
            continue;
        }
        if !in_limits {
            continue;
        }
        if let Some(below) = skipping_below {
            if indent > below {
                continue;
            }
            skipping_below = None;
        }
        match key_indent {
            None => key_indent = Some(indent),
            Some(expected) if expected != indent => {
                return Err(error(format!(
                    "limits: indentation of {indent} where its keys have {expected}"
                )))
            }
            Some(_) => {}
        }
        let (key, value) = line
            .split_once(':')
            .map(|(key, value)| (key.trim(), value.trim()))
            .ok_or_else(|| error(format!("limits: expected `key: value`, found {line:?}")))?;
        match key {
            "time_limit" => {
                let seconds = value
                    .parse::<f64>()
                    .map_err(|_| error(format!("time_limit expects seconds, found {value:?}")))?;
                limits.set_time(seconds, from).map_err(error)?;
            }
            "memory" => {
                let mib = value
                    .parse::<u64>()
                    .map_err(|_| error(format!("memory expects whole MiB, found {value:?}")))?;
                limits.set_memory(mib, from).map_err(error)?;
            }
            known if KATTIS_OTHER_LIMITS.contains(&known) => {
                if value.is_empty() {
                    skipping_below = Some(indent);
                }
            }
            other => return Err(error(format!("limits: unknown key {other:?}"))),
        }
    }
    Ok(limits)
}

/// The text between `<tag>` and `</tag>` in `text`, if the tag is there (once).
fn element<'a>(text: &'a str, tag: &str) -> Result<Option<&'a str>, String> {
    let open = format!("<{tag}>");
    let mut found = text.match_indices(&open);
    let Some((start, _)) = found.next() else {
        return Ok(None);
    };
    if found.next().is_some() {
        return Err(format!("<{tag}> appears more than once"));
    }
    let rest = &text[start + open.len()..];
    let end = rest
        .find(&format!("</{tag}>"))
        .ok_or_else(|| format!("<{tag}> is never closed"))?;
    Ok(Some(rest[..end].trim()))
}

/// A Polygon `problem.xml`: the `<testset name="tests">` inside `<judging>`, its
/// `<time-limit>` (ms) and `<memory-limit>` (bytes). No judging section, no such testset or a
/// value that is not a whole number is an error.
pub fn parse_problem_xml(text: &str, from: &str) -> Result<FolderLimits, String> {
    let judging_start = text
        .find("<judging")
        .ok_or("no <judging> section".to_string())?;
    let judging = &text[judging_start..];
    let judging = &judging[..judging
        .find("</judging>")
        .ok_or("<judging> is never closed")?];
    let testset_start = judging
        .find("<testset name=\"tests\"")
        .ok_or("no <testset name=\"tests\"> in <judging>".to_string())?;
    let testset = &judging[testset_start..];
    let testset = &testset[..testset
        .find("</testset>")
        .ok_or("<testset name=\"tests\"> is never closed")?];
    let mut limits = FolderLimits::default();
    let whole = |tag: &str, value: &str| {
        value
            .parse::<u64>()
            .map_err(|_| format!("<{tag}> expects a whole number, found {value:?}"))
    };
    let time = element(testset, "time-limit")?.ok_or("no <time-limit> in the tests testset")?;
    limits.set_time(whole("time-limit", time)? as f64 / 1000.0, from)?;
    let memory =
        element(testset, "memory-limit")?.ok_or("no <memory-limit> in the tests testset")?;
    let bytes = whole("memory-limit", memory)?;
    limits.set_memory(bytes.saturating_add((1 << 20) - 1) >> 20, from)?;
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
        assert!(error("time-limit 0").contains("above 0"));
        assert!(error("time-limit 1 2").starts_with("line 1: expected"));
    }

    #[test]
    fn kattis_limits_block_is_read_and_other_keys_skipped() {
        let yaml = "name: Hello: World\nsource: NWERC\nlimits:\n  time_multipliers:\n    ac_to_time_limit: 2.0\n  time_limit: 1.5\n  memory: 512 # MiB\nvalidation: custom\n";
        let limits = parse_problem_yaml(yaml, "problem.yaml").unwrap();
        assert_eq!(limits.time, Some(Duration::from_millis(1500)));
        assert_eq!(limits.memory_mib, Some(512));
        let none = parse_problem_yaml("name: x\n", "problem.yaml").unwrap();
        assert_eq!(none, FolderLimits::default());
    }

    #[test]
    fn kattis_shapes_the_judge_does_not_know_are_errors() {
        let error = |text| parse_problem_yaml(text, "problem.yaml").unwrap_err();
        assert!(error("limits: {time_limit: 2}\n").contains("block of `key: value` lines"));
        assert!(error("limits:\n  memroy: 2\n").contains("unknown key \"memroy\""));
        assert!(error("limits:\n  time_limit: two\n").contains("line 2: time_limit expects"));
        assert!(error("limits:\n  memory: 2\n    time_limit: 1\n").contains("indentation"));
    }

    const POLYGON: &str = r#"<?xml version="1.0" encoding="utf-8"?>
<problem revision="3" short-name="a-plus-b">
  <judging cpu-name="Intel" cpu-speed="3600" input-file="" output-file="">
    <testset name="tests">
      <time-limit>2500</time-limit>
      <memory-limit>268435456</memory-limit>
      <test-count>3</test-count>
    </testset>
  </judging>
</problem>
"#;

    #[test]
    fn polygon_limits_are_ms_and_bytes_of_the_tests_testset() {
        let limits = parse_problem_xml(POLYGON, "problem.xml").unwrap();
        assert_eq!(limits.time, Some(Duration::from_millis(2500)));
        assert_eq!(limits.memory_mib, Some(256));
        let broken = POLYGON.replace("2500", "2.5 s");
        assert!(parse_problem_xml(&broken, "problem.xml")
            .unwrap_err()
            .contains("<time-limit> expects a whole number"));
        let other = POLYGON.replace("name=\"tests\"", "name=\"pretests\"");
        assert!(parse_problem_xml(&other, "problem.xml")
            .unwrap_err()
            .contains("no <testset name=\"tests\">"));
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
}
