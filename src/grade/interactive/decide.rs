//! The verdict of an interactive case, from how both sides ended:
//! - a broken interactor (any other exit status, a signal, a limit) is a judge error;
//! - an interactor that rejected the exchange before the program ended decides WA, however
//!   the program then ended (SIGPIPE, killed, an error on the end of its input), and so does one
//!   that rejected it when the judge then had to kill the program (a kill the judge asked for is
//!   never the program's RE);
//! - a program that wrote after the interactor had ended (after the interactor's output ended,
//!   and left unread by it) is WA, also when it then died of SIGPIPE for it;
//! - else the program's own failure counts (TLE, MLE, RE, OLE), with the interactor's reason as
//!   a note; a TLE at the wall bound while both sides waited to read is called a deadlock, and a
//!   TLE after the interactor had ended and given its verdict is said to be that (the exchange
//!   was over, the program went on running);
//! - else (the program exited 0) the interactor's ruling: a program that wrote after the
//!   interactor had ended is WA, one whose output ended before the exchange was over is RE.
//!
//! A Kattis output validator's exchange is decided as problemtools' runner decides it (its
//! `interactive.cc` and `judge/execute.py`), by who ended first and how: what the program wrote
//! after the validator had ended is never looked at (the relay drops it, and the program is not
//! refused), so the rule of writing after the end is not applied; everything else above is
//! that rule already (a validator's status other than 42 and 43 is a judge error, a rejection
//! given first is WA, then the program's TLE or RE, then the validator's ruling).
//!
//! Who ended first must not depend on how a busy machine orders the judge's threads. A
//! validator that decides on the end of the program's output gets that end only once the judge
//! has seen the program end (`relay::Release`, as problemtools' runner holds it): its decision
//! then always comes after the program's end, which was taken as it was (a program that crashed
//! is RE; one that closed its output and ran on was stopped at its limit, TLE). Only a
//! validator that decided without that end (while the program ran) can be first, and then its
//! rejection is WA, as in problemtools.
//!
//! For any interactor, a program's status is never lost to the judge's stop: an interactor
//! may reject on the end of the program's output before the judge has seen the program end
//! (the kernel closes a dying program's pipes before its status can be read), and the judge
//! then stops a program that had already ended; that stop kills nothing that could change the
//! status (see `process::Control::stop`), so a crash is still a crash (RE, with the
//! interactor's reason as a note), and only a kill the judge made is read as its own.

use super::Decision;
use crate::limits::Limits;
use crate::process::{sys, Ended, Stop, Termination};
use crate::verdict::{run_failure, TimeKind, Verdict, Wrong};

/// How both sides of a case ended.
pub struct ExchangeEnd<'a> {
    pub program: &'a Ended,
    pub program_stderr: &'a [u8],
    pub decision: Decision,
    /// The interactor's output ended before the program's: it had said its last.
    pub interactor_first: bool,
    /// The interactor had ended, and given its decision, before the program ended.
    pub decided_first: bool,
    /// Until the program's end, both directions were waiting for something to read, and for a
    /// while nothing moved and the program used no CPU time.
    pub silent: bool,
    /// What the program wrote after the interactor had stopped reading (or after its output
    /// had ended, left unread).
    pub undelivered: Option<String>,
    /// The interactor is a Kattis output validator: what the program wrote after the end does
    /// not count.
    pub kattis: bool,
}

/// The status a shell reports for a command killed by SIGPIPE.
pub const SHELL_SIGPIPE: i32 = 128 + sys::SIGPIPE;

/// The note of a deadlock.
pub const DEADLOCK: &str = "before the wall bound neither side wrote and the program used no CPU: \
    each waited for the other (a missing flush?), or the program slept";

/// The note of a program that ran past its limit after the exchange was over.
fn after_the_end(decision: &Decision) -> String {
    let ended = match decision {
        Decision::Accepted(_) => "had accepted and ended",
        _ => "had already ended",
    };
    format!(
        "the interactor {ended}, and the program went on running past the limit instead of exiting: the exchange was over"
    )
}

/// The verdict and notes for the report (the interactor's reason, a deadlock, a run past the
/// end of the exchange).
pub fn decide(ends: ExchangeEnd, limits: &Limits) -> (Verdict, Vec<String>) {
    let wrong = |reason: String| Verdict::WrongAnswer(Wrong::Because(reason));
    // Asked for, and done: a program that had already ended on its own when the judge's kill
    // came (the monitor had not yet seen it end) was not killed by it.
    let killed_by_the_judge = ends.program.stopped == Some(Stop::Requested)
        && ends.program.termination == Termination::Signaled(sys::SIGKILL);
    let reason = match &ends.decision {
        Decision::Broken(reason) => return (Verdict::JudgeError(reason.clone()), Vec::new()),
        // Both sides still running at the validator's bound (a program that loops while the
        // validator waits for its answer, on a machine too busy for its CPU limit to come
        // first): the program's time ran out, not the validator's ruling.
        Decision::TimedOut(reason) if killed_by_the_judge => {
            return (
                Verdict::TimeLimitExceeded(TimeKind::Wall),
                vec![format!("{reason}, and so was the program")],
            )
        }
        // The program had ended first: a rejection (problemtools' 43), after its own failure.
        Decision::TimedOut(reason) => Some(format!(
            "{reason}: taken as a rejection (43), as problemtools' runner takes it"
        )),
        Decision::Wrong(reason) if ends.interactor_first || killed_by_the_judge => {
            return (wrong(reason.clone()), Vec::new())
        }
        Decision::Accepted(note) => note.clone(),
        Decision::Wrong(reason) | Decision::ProgramGone(reason) => Some(reason.clone()),
    };
    // problemtools' runner never looks at what follows the validator's end.
    let undelivered = match ends.kattis {
        true => None,
        false => ends.undelivered.clone(),
    };
    let late = |late: &str| {
        wrong(format!(
            "the program wrote after the interactor had ended: {late}"
        ))
    };
    let died_of_sigpipe = matches!(
        ends.program.termination,
        Termination::Signaled(sys::SIGPIPE) | Termination::Exited(SHELL_SIGPIPE)
    );
    if let (Some(written), true) = (&undelivered, died_of_sigpipe) {
        return (late(written), Vec::new());
    }
    if let Some(failure) = run_failure(ends.program, limits, ends.program_stderr) {
        // Both sides waited to read only if the interactor had not ended first (when it had,
        // its side of the pipe was merely closed).
        let past_the_end = matches!(failure, Verdict::TimeLimitExceeded(_))
            && ends.interactor_first
            && ends.decided_first;
        let deadlock =
            failure == Verdict::TimeLimitExceeded(TimeKind::Wall) && ends.silent && !past_the_end;
        // What the interactor said when the judge stopped the program at a limit before the
        // interactor was done is about the end that the stop made (the program's output ended),
        // not a cause.
        let at_a_limit = ends
            .program
            .stopped
            .is_some_and(|stop| stop != Stop::Requested);
        let said = match at_a_limit && !(ends.interactor_first && ends.decided_first) {
            true => "the interactor said, once the program was stopped",
            false => "the interactor said",
        };
        let notes = reason
            .map(|reason| format!("{said}: {reason}"))
            .into_iter()
            .chain(deadlock.then(|| DEADLOCK.to_string()))
            .chain(past_the_end.then(|| after_the_end(&ends.decision)))
            .collect();
        return (failure, notes);
    }
    match (ends.decision, undelivered) {
        (Decision::Wrong(reason), _) => (wrong(reason), Vec::new()),
        (Decision::TimedOut(_), _) => (wrong(reason.unwrap_or_default()), Vec::new()),
        (_, Some(written)) => (late(&written), Vec::new()),
        (Decision::Accepted(note), None) => (Verdict::Accepted, note.into_iter().collect()),
        (Decision::ProgramGone(reason), None) => (
            Verdict::RuntimeError {
                termination: ends.program.termination,
                stderr_tail: String::from_utf8_lossy(ends.program_stderr).into_owned(),
            },
            vec![format!("the interactor said: {reason}")],
        ),
        (Decision::Broken(_), None) => unreachable!("a broken interactor is decided above"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::process::Usage;
    use crate::verdict::Code;
    use std::time::Duration;

    fn ended(termination: Termination, stopped: Option<Stop>) -> Ended {
        Ended {
            termination,
            stopped,
            usage: Usage::default(),
        }
    }

    const CLEAN: Termination = Termination::Exited(0);
    const SIGPIPE: Termination = Termination::Signaled(13);

    fn verdict(
        program: Ended,
        decision: Decision,
        interactor_first: bool,
        silent: bool,
        undelivered: Option<&str>,
    ) -> (Code, Vec<String>) {
        verdict_when(
            program,
            decision,
            interactor_first,
            false,
            silent,
            undelivered,
        )
    }

    /// As `verdict`, with whether the interactor had ended, and decided, first.
    fn verdict_when(
        program: Ended,
        decision: Decision,
        interactor_first: bool,
        decided_first: bool,
        silent: bool,
        undelivered: Option<&str>,
    ) -> (Code, Vec<String>) {
        let limits = Limits::with_cpu(Duration::from_secs(1));
        let (verdict, note) = decide(
            ExchangeEnd {
                program: &program,
                program_stderr: b"",
                decision,
                interactor_first,
                decided_first,
                silent,
                undelivered: undelivered.map(str::to_string),
                kattis: false,
            },
            &limits,
        );
        (verdict.code(), note)
    }

    #[test]
    fn a_rejection_before_the_program_ended_is_wa_however_it_ended() {
        let wrong = || Decision::Wrong("guessed 7".into());
        for program in [
            ended(SIGPIPE, None),
            ended(Termination::Signaled(9), Some(Stop::Requested)),
            ended(Termination::Exited(1), None),
            ended(CLEAN, None),
        ] {
            assert_eq!(verdict(program, wrong(), true, false, None).0, Code::WA);
        }
        // The program failed first: its failure counts, the interactor's reason is the note.
        assert_eq!(
            verdict(ended(SIGPIPE, None), wrong(), false, false, None),
            (Code::RE, vec!["the interactor said: guessed 7".to_string()])
        );
    }

    #[test]
    fn a_kill_the_judge_asked_for_after_a_rejection_is_wa_not_re() {
        // The program closed its output first (so the interactor did not end first), then
        // the interactor rejected and the judge killed the program.
        let killed = ended(Termination::Signaled(9), Some(Stop::Requested));
        assert_eq!(
            verdict(killed, Decision::Wrong("eof".into()), false, false, None).0,
            Code::WA
        );
    }

    /// A program that crashed, closing its output, and whose end the judge had not yet seen
    /// when the interactor rejected and the judge asked for it to be killed: it had ended on
    /// its own, so its crash counts (RE), with the interactor's reason as the note.
    #[test]
    fn a_kill_asked_for_after_the_program_had_ended_on_its_own_is_not_the_judges() {
        let crashed = ended(Termination::Exited(1), Some(Stop::Requested));
        assert_eq!(
            verdict(crashed, Decision::Wrong("eof".into()), false, false, None),
            (Code::RE, vec!["the interactor said: eof".to_string()])
        );
    }

    /// A Kattis validator stopped at its bound with no ruling: where the program had ended
    /// first, a rejection after the program's own failure (problemtools); where the program
    /// was still running too (a loop, on a machine too busy for its CPU limit to come first),
    /// the program's time ran out.
    #[test]
    fn a_validator_stopped_at_its_bound_rejects_unless_the_program_still_ran() {
        let timed_out = || Decision::TimedOut("still running at the wall bound".into());
        let killed = ended(Termination::Signaled(9), Some(Stop::Requested));
        let (code, notes) = verdict(killed, timed_out(), false, false, None);
        assert_eq!(code, Code::TLE);
        assert_eq!(
            notes,
            ["still running at the wall bound, and so was the program"]
        );
        assert_eq!(
            verdict(ended(CLEAN, None), timed_out(), false, false, None).0,
            Code::WA
        );
        assert_eq!(
            verdict(
                ended(Termination::Exited(3), None),
                timed_out(),
                false,
                false,
                None
            )
            .0,
            Code::RE
        );
    }

    #[test]
    fn writing_after_the_end_is_wa_even_when_sigpipe_follows() {
        let accepted = || Decision::Accepted(None);
        for died in [SIGPIPE, Termination::Exited(SHELL_SIGPIPE)] {
            assert_eq!(
                verdict(
                    ended(died, None),
                    accepted(),
                    true,
                    false,
                    Some("\"extra\"")
                )
                .0,
                Code::WA
            );
        }
        // Without anything written after the end, SIGPIPE is the program's RE.
        assert_eq!(
            verdict(ended(SIGPIPE, None), accepted(), true, false, None).0,
            Code::RE
        );
    }

    #[test]
    fn a_broken_interactor_is_a_judge_error_whatever_the_program_did() {
        let broken = || Decision::Broken("exit 3".into());
        assert_eq!(
            verdict(ended(CLEAN, None), broken(), true, false, None).0,
            Code::JE
        );
        assert_eq!(
            verdict(ended(SIGPIPE, None), broken(), false, false, None).0,
            Code::JE
        );
    }

    #[test]
    fn limits_count_and_a_silent_wall_tle_is_called_a_deadlock() {
        let killed = |stop| ended(Termination::Signaled(9), Some(stop));
        let gone = || Decision::ProgramGone("waiting".into());
        assert_eq!(
            verdict(killed(Stop::WallTime), gone(), false, true, None),
            (
                Code::TLE,
                vec![
                    "the interactor said, once the program was stopped: waiting".to_string(),
                    DEADLOCK.to_string()
                ]
            )
        );
        assert_eq!(
            verdict(killed(Stop::WallTime), gone(), false, false, None),
            (
                Code::TLE,
                vec!["the interactor said, once the program was stopped: waiting".to_string()]
            )
        );
        assert_eq!(
            verdict(killed(Stop::Memory), gone(), false, true, None).0,
            Code::MLE
        );
    }

    /// After the interactor accepted and ended, a program that sleeps or computes past its
    /// limit is TLE, said to have run on after the exchange was over, never a deadlock.
    #[test]
    fn a_tle_after_the_interactor_ended_says_so_not_deadlock() {
        let killed = |stop| ended(Termination::Signaled(9), Some(stop));
        let accepted = || Decision::Accepted(None);
        let on = "the interactor had accepted and ended, and the program went on running past the limit instead of exiting: the exchange was over".to_string();
        for stop in [Stop::WallTime, Stop::CpuTime] {
            assert_eq!(
                verdict_when(killed(stop), accepted(), true, true, true, None),
                (Code::TLE, vec![on.clone()])
            );
        }
        let gone = Decision::ProgramGone("no answer".into());
        let (code, notes) = verdict_when(killed(Stop::WallTime), gone, true, true, true, None);
        assert_eq!(code, Code::TLE);
        assert_eq!(notes[0], "the interactor said: no answer");
        assert!(notes[1].starts_with("the interactor had already ended, and the program went on"));
        // Decided first, but the program's output ended first (the interactor's end, caused by
        // the program's, raced it): the deadlock stands. A program's RE after the end is only
        // its RE.
        assert_eq!(
            verdict_when(killed(Stop::WallTime), accepted(), false, true, true, None).1,
            [DEADLOCK]
        );
        assert_eq!(
            verdict_when(
                ended(Termination::Exited(1), None),
                accepted(),
                true,
                true,
                false,
                None
            ),
            (Code::RE, vec![])
        );
    }

    /// A Kattis output validator's exchange, row by row of the guide's table (problemtools'
    /// `judge/execute.py`): a broken validator is JE; a rejection given first is WA however the
    /// program ended; then the program's TLE or RE; then the validator's ruling. What the
    /// program wrote after the validator had ended does not count.
    #[test]
    fn a_kattis_exchange_is_decided_as_problemtools_decides_it() {
        let killed = |stop| ended(Termination::Signaled(9), Some(stop));
        let crashed = || ended(Termination::Exited(1), None);
        let accepted = || Decision::Accepted(None);
        let wrong = || Decision::Wrong("no".into());
        let broken = || Decision::Broken("exit 1".into());
        let extra = Some("\"extra\"");
        let rows = [
            // The validator ended first.
            (ended(CLEAN, None), accepted(), true, None, Code::AC),
            (ended(CLEAN, None), accepted(), true, extra, Code::AC),
            (crashed(), accepted(), true, extra, Code::RE),
            (killed(Stop::CpuTime), accepted(), true, None, Code::TLE),
            (ended(CLEAN, None), wrong(), true, None, Code::WA),
            (crashed(), wrong(), true, None, Code::WA),
            (killed(Stop::Requested), wrong(), true, None, Code::WA),
            (ended(SIGPIPE, None), wrong(), true, extra, Code::WA),
            (ended(CLEAN, None), broken(), true, None, Code::JE),
            // The program ended first.
            (ended(CLEAN, None), accepted(), false, None, Code::AC),
            (ended(CLEAN, None), wrong(), false, None, Code::WA),
            (crashed(), accepted(), false, None, Code::RE),
            (crashed(), wrong(), false, None, Code::RE),
            (killed(Stop::CpuTime), wrong(), false, None, Code::TLE),
            (crashed(), broken(), false, None, Code::JE),
        ];
        let limits = Limits::with_cpu(Duration::from_secs(1));
        for (index, (program, decision, interactor_first, undelivered, code)) in
            rows.into_iter().enumerate()
        {
            let (verdict, _) = decide(
                ExchangeEnd {
                    program: &program,
                    program_stderr: b"",
                    decision,
                    interactor_first,
                    decided_first: interactor_first,
                    silent: false,
                    undelivered: undelivered.map(str::to_string),
                    kattis: true,
                },
                &limits,
            );
            assert_eq!(verdict.code(), code, "row {index}");
        }
    }

    #[test]
    fn a_clean_exit_takes_the_interactors_ruling() {
        let accepted = || Decision::Accepted(Some("3 games".into()));
        assert_eq!(
            verdict(ended(CLEAN, None), accepted(), true, false, None),
            (Code::AC, vec!["3 games".to_string()])
        );
        assert_eq!(
            verdict(
                ended(CLEAN, None),
                Decision::Wrong("no".into()),
                false,
                false,
                None
            )
            .0,
            Code::WA
        );
        assert_eq!(
            verdict(
                ended(CLEAN, None),
                accepted(),
                true,
                false,
                Some("\"extra\"")
            )
            .0,
            Code::WA
        );
        assert_eq!(
            verdict(
                ended(CLEAN, None),
                Decision::ProgramGone("game 2".into()),
                false,
                false,
                None
            ),
            (Code::RE, vec!["the interactor said: game 2".to_string()])
        );
        // A clean exit after the interactor accepted, with a bad status: RE.
        assert_eq!(
            verdict(
                ended(Termination::Exited(3), None),
                accepted(),
                true,
                false,
                None
            )
            .0,
            Code::RE
        );
    }
}
