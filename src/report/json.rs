//! The report for machines (`--format json`): one JSON object per line, one per case in case
//! order, then a summary. Written by hand (std only), every string escaped.

use crate::limits::Limits;
use crate::report::{detail_lines, mebibytes, verdict_counts};
use crate::runner::Finished;

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

/// One case: `{"type":"case","case":…,"verdict":…,"time_ms":…,"memory_mib":…,"detail":…}`;
/// `time_ms` and `memory_mib` are `null` for a case that did not run, `detail` is what the
/// human report shows under (or beside) the case, its lines joined with `\n`.
pub fn case_line(finished: &Finished, limits: &Limits) -> String {
    let usage = finished.judged.usage;
    let time = usage.map_or("null".to_string(), |usage| {
        usage.cpu.as_millis().to_string()
    });
    let memory = usage.map_or("null".to_string(), |usage| {
        format!("{:.1}", mebibytes(usage.peak_memory_bytes))
    });
    format!(
        "{{\"type\":\"case\",\"case\":{},\"verdict\":{},\"time_ms\":{time},\"memory_mib\":{memory},\"detail\":{}}}",
        string(&finished.label),
        string(finished.judged.verdict.code().name()),
        string(&detail_lines(finished, limits).join("\n"))
    )
}

/// The last line: `{"type":"summary","total":N,"counts":{"AC":…,…,"JE":…},"exit_status":S}`,
/// every verdict counted (zeros included), and the exit status the judge exits with.
pub fn summary_line(results: &[Finished], exit_status: u8) -> String {
    let counts: Vec<String> = verdict_counts(results)
        .map(|(code, count)| format!("{}:{count}", string(code.name())))
        .collect();
    format!(
        "{{\"type\":\"summary\",\"total\":{},\"counts\":{{{}}},\"exit_status\":{exit_status}}}",
        results.len(),
        counts.join(",")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grade::Judged;
    use crate::process::Usage;
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
            },
            input: None,
        };
        assert_eq!(
            case_line(&ran, &limits),
            "{\"type\":\"case\",\"case\":\"p/\\\"odd\\\"\",\"verdict\":\"AC\",\"time_ms\":12,\"memory_mib\":1.5,\"detail\":\"\"}"
        );
        let broken = Finished {
            label: "p/b".to_string(),
            judged: Judged::judge_error("cannot read b.out".to_string()),
            input: None,
        };
        assert_eq!(
            case_line(&broken, &limits),
            "{\"type\":\"case\",\"case\":\"p/b\",\"verdict\":\"JE\",\"time_ms\":null,\"memory_mib\":null,\"detail\":\"cannot read b.out\"}"
        );
        assert_eq!(
            summary_line(&[ran, broken], 2),
            "{\"type\":\"summary\",\"total\":2,\"counts\":{\"AC\":1,\"WA\":0,\"RE\":0,\"TLE\":0,\"MLE\":0,\"OLE\":0,\"JE\":1},\"exit_status\":2}"
        );
    }
}
