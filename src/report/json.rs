//! The report for machines (`--format json`): one JSON object per line, one per case in case
//! order, then a summary that names the run, the shard and the schema (`"schema":1`, see the
//! guide's "JSON report"). Written by hand (std only), every string escaped. A multi-pass case
//! adds its `passes`, a field a reader of schema 1 that does not know it skips.

use crate::report::json_value::{field, Value};
use crate::report::shard::Shard;
use crate::report::{mebibytes, verdict_counts, Shown, ShownPass};
use crate::verdict::Code;

/// The version of the JSON report's fields: raised when a field changes or goes.
pub const SCHEMA: u64 = 1;

/// Which run a report is of, and which part of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunPart {
    /// The run id (`shard::RunId`).
    pub run: String,
    pub shard: Shard,
    /// How many cases the whole run has.
    pub run_cases: usize,
}

/// `text` as a JSON string, quotes included: `"` and `\` escaped, control characters as `\n`,
/// `\r`, `\t` or `\u00XX`, and U+2028 / U+2029 as `\u2028` / `\u2029` (for JavaScript readers).
pub fn string(text: &str) -> String {
    let mut quoted = String::with_capacity(text.len() + 2);
    quoted.push('"');
    for c in text.chars() {
        match c {
            '"' => quoted.push_str("\\\""),
            '\\' => quoted.push_str("\\\\"),
            '\n' => quoted.push_str("\\n"),
            '\r' => quoted.push_str("\\r"),
            '\t' => quoted.push_str("\\t"),
            '\u{0}'..='\u{1f}' | '\u{7f}' | '\u{2028}' | '\u{2029}' => {
                quoted.push_str(&format!("\\u{:04x}", u32::from(c)))
            }
            c => quoted.push(c),
        }
    }
    quoted.push('"');
    quoted
}

/// One case: `{"type":"case","case":…,"index":…,"verdict":…,"time_ms":…,"memory_mib":…,
/// "memory_bytes":…,"detail":…}`; `index` is its place in the whole run (from 0), the figures are
/// `null` for a case that did not run, `detail` is what the human report shows under (or beside)
/// the case, its lines joined with `\n`. A multi-pass case also has `"passes":[…]`, one
/// [`pass_object`] a pass.
pub fn case_line(shown: &Shown, index: usize) -> String {
    let (time, memory, bytes) = match shown.figures {
        Some((cpu_ms, bytes)) => (
            cpu_ms.to_string(),
            format!("{:.1}", mebibytes(bytes)),
            bytes.to_string(),
        ),
        None => ("null".into(), "null".into(), "null".into()),
    };
    let passes = match shown.passes.is_empty() {
        true => String::new(),
        false => {
            let objects: Vec<String> = shown
                .passes
                .iter()
                .enumerate()
                .map(|(index, pass)| pass_object(pass, index + 1))
                .collect();
            format!(",\"passes\":[{}]", objects.join(","))
        }
    };
    format!(
        "{{\"type\":\"case\",\"case\":{},\"index\":{index},\"verdict\":{},\"time_ms\":{time},\"memory_mib\":{memory},\"memory_bytes\":{bytes},\"detail\":{}{passes}}}",
        string(&shown.label),
        string(shown.code.name()),
        string(&shown.details.join("\n"))
    )
}

/// One pass of a multi-pass case: `{"pass":N,"verdict":…,"time_ms":…,"memory_bytes":…,
/// "input_lines":…,"input_head":[…]}`, `pass` counted from 1, the figures `null` where the
/// pass did not run, `input_head` the first lines of its input as the report shows them.
pub fn pass_object(pass: &ShownPass, number: usize) -> String {
    let (time, bytes) = match pass.figures {
        Some((cpu_ms, bytes)) => (cpu_ms.to_string(), bytes.to_string()),
        None => ("null".into(), "null".into()),
    };
    let head: Vec<String> = pass.input_head.iter().map(|line| string(line)).collect();
    format!(
        "{{\"pass\":{number},\"verdict\":{},\"time_ms\":{time},\"memory_bytes\":{bytes},\"input_lines\":{},\"input_head\":[{}]}}",
        string(pass.code.name()),
        pass.input_lines,
        head.join(",")
    )
}

/// The last line: `{"type":"summary","schema":1,"run":…,"shard":"K/N","run_cases":…,"total":N,
/// "counts":{"AC":…,…,"JE":…},"exit_status":S}`: the run and the part of it this report holds,
/// how many cases that part has (`total`), every verdict counted (zeros included), and the exit
/// status the judge exits with.
pub fn summary_line(codes: &[Code], part: &RunPart, exit_status: u8) -> String {
    let counts: Vec<String> = verdict_counts(codes)
        .map(|(code, count)| format!("{}:{count}", string(code.name())))
        .collect();
    format!(
        "{{\"type\":\"summary\",\"schema\":{SCHEMA},\"run\":{},\"shard\":\"{}\",\"run_cases\":{},\"total\":{},\"counts\":{{{}}},\"exit_status\":{exit_status}}}",
        string(&part.run),
        part.shard,
        part.run_cases,
        codes.len(),
        counts.join(",")
    )
}

/// The run and the shard a summary line names, its schema checked; `whole`: the key of the
/// whole run's count (`run_cases`, or `run_submissions` for `judge verify`).
pub fn part_of(line: &Value, whole: &str) -> Result<RunPart, String> {
    let schema = field(line, "schema", Value::as_u64, "a whole number")?;
    if schema != SCHEMA {
        return Err(format!(
            "its schema is {schema}: this judge reads schema {SCHEMA} (merge reports with the judge that wrote them)"
        ));
    }
    let run = field(line, "run", Value::as_str, "a run id")?;
    let shard = field(
        line,
        "shard",
        |shard| Shard::parse(shard.as_str()?).ok(),
        "K/N",
    )?;
    let run_cases = field(line, whole, Value::as_usize, "a whole number")?;
    Ok(RunPart {
        run: run.to_string(),
        shard,
        run_cases,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grade::Judged;
    use crate::limits::Limits;
    use crate::process::Usage;
    use crate::runner::Finished;
    use crate::verdict::Verdict;
    use std::time::Duration;

    #[test]
    fn strings_are_escaped() {
        assert_eq!(string("plain"), "\"plain\"");
        assert_eq!(
            string("a\"b\\c\nd\re\tf\u{1b}[0m\u{0}\u{7f}\u{2028}é"),
            "\"a\\\"b\\\\c\\nd\\re\\tf\\u001b[0m\\u0000\\u007f\\u2028é\""
        );
    }

    #[test]
    fn a_multi_pass_case_carries_its_passes() {
        use crate::cases::input_head::InputHead;
        use crate::grade::Pass;
        use crate::verdict::Wrong;
        let limits = Limits::with_cpu(Duration::from_secs(2));
        let usage = |ms| Usage {
            cpu: Duration::from_millis(ms),
            peak_memory_bytes: 1 << 20,
            ..Usage::default()
        };
        let pass = |text: &[u8], verdict, ms| Pass {
            input: InputHead::of_text(text),
            verdict,
            usage: Some(usage(ms)),
        };
        let wrong = Verdict::WrongAnswer(Wrong::Because("pass 2: expected 82".to_string()));
        let ran = Finished {
            label: "p/1".to_string(),
            judged: Judged {
                verdict: wrong.clone(),
                usage: Some(usage(9)),
                notes: vec!["2 passes".to_string()],
                transcript: Vec::new(),
                wrote_nothing: false,
                passes: vec![
                    pass(b"20\n", Verdict::Accepted, 9),
                    pass(b"41\n7 x\n", wrong, 7),
                ],
            },
            input: None,
        };
        let line = case_line(&Shown::of(&ran, &limits), 0);
        assert!(
            line.ends_with(",\"passes\":[{\"pass\":1,\"verdict\":\"AC\",\"time_ms\":9,\"memory_bytes\":1048576,\"input_lines\":1,\"input_head\":[\"20\"]},{\"pass\":2,\"verdict\":\"WA\",\"time_ms\":7,\"memory_bytes\":1048576,\"input_lines\":2,\"input_head\":[\"41\",\"7 x\"]}]}"),
            "{line}"
        );
        assert!(line.contains("\"detail\":\"2 passes\\npass 2: expected 82\\npass 1: AC, 9 ms, then another pass\\n  input (1 line):\\n    20\\npass 2: WA, 7 ms\\n"), "{line}");
    }

    #[test]
    fn a_case_and_the_summary() {
        let limits = Limits::with_cpu(Duration::from_secs(2));
        let ran = Finished {
            label: "p/\"odd\"".to_string(),
            judged: Judged {
                verdict: Verdict::Accepted,
                usage: Some(Usage {
                    cpu: Duration::from_millis(12),
                    wall: Duration::from_millis(15),
                    peak_memory_bytes: 3 << 19,
                    ..Usage::default()
                }),
                notes: Vec::new(),
                transcript: Vec::new(),
                wrote_nothing: false,
                passes: Vec::new(),
            },
            input: None,
        };
        assert_eq!(
            case_line(&Shown::of(&ran, &limits), 4),
            "{\"type\":\"case\",\"case\":\"p/\\\"odd\\\"\",\"index\":4,\"verdict\":\"AC\",\"time_ms\":12,\"memory_mib\":1.5,\"memory_bytes\":1572864,\"detail\":\"\"}"
        );
        let broken = Finished {
            label: "p/b".to_string(),
            judged: Judged::judge_error("cannot read b.out".to_string()),
            input: None,
        };
        assert_eq!(
            case_line(&Shown::of(&broken, &limits), 7),
            "{\"type\":\"case\",\"case\":\"p/b\",\"index\":7,\"verdict\":\"JE\",\"time_ms\":null,\"memory_mib\":null,\"memory_bytes\":null,\"detail\":\"cannot read b.out\"}"
        );
        assert_eq!(
            summary_line(
                &[Code::AC, Code::JE],
                &RunPart {
                    run: "0123abcd".to_string(),
                    shard: Shard { index: 2, count: 3 },
                    run_cases: 8,
                },
                2
            ),
            "{\"type\":\"summary\",\"schema\":1,\"run\":\"0123abcd\",\"shard\":\"2/3\",\"run_cases\":8,\"total\":2,\"counts\":{\"AC\":1,\"WA\":0,\"RE\":0,\"TLE\":0,\"MLE\":0,\"OLE\":0,\"JE\":1},\"exit_status\":2}"
        );
    }
}
