//! The time limit `judge verify` holds submissions to, as problemtools' verifyproblem sets it:
//! the package's own (or `-t`), else the slowest accepted submission's time times
//! `ac_to_time_limit`, rounded up to the resolution (at least one step); and the higher limit
//! (times `time_limit_to_tle`) under which a submission expected to time out must still time
//! out, and with which "accepted with extra time" is told apart.

use crate::cases::kattis_yaml::Timing;
use crate::limits::MAX_SECONDS;
use std::time::Duration;

/// The limit accepted submissions run under while the time limit is not known yet.
pub const UNKNOWN: Duration = Duration::from_secs(60);

/// The time limit and the higher one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeLimits {
    pub limit: Duration,
    pub high: Duration,
}

/// A number of seconds as a duration, kept between a millisecond and a day (a multiplier of
/// 1e300 in a problem.yaml must not make a limit of forever, nor a panic).
fn bounded(seconds: f64) -> Duration {
    let seconds = match seconds.is_finite() {
        true => seconds.clamp(0.001, MAX_SECONDS),
        false => MAX_SECONDS,
    };
    Duration::from_secs_f64(seconds)
}

/// The limits from a fixed time limit, or from the slowest accepted time.
pub fn time_limits(
    fixed: Option<Duration>,
    slowest_accepted: Option<Duration>,
    timing: &Timing,
) -> TimeLimits {
    let limit = match (fixed, slowest_accepted) {
        (Some(fixed), _) => fixed,
        (None, Some(slowest)) => {
            // A resolution finer than a millisecond is a millisecond.
            let resolution = timing.time_resolution.max(0.001);
            let exact = slowest.as_secs_f64() * timing.ac_to_time_limit;
            // The smallest whole number of steps at or above it (2025-09's "Problem timing"):
            // 1.1 / 0.1 is 11.000000000000002 in floating point, and 11 steps, not 12.
            let steps = (exact / resolution * (1.0 - 1e-12)).ceil().max(1.0);
            bounded(steps * resolution)
        }
        (None, None) => UNKNOWN,
    };
    let high = match (fixed, slowest_accepted) {
        (None, None) => UNKNOWN,
        _ => bounded(limit.as_secs_f64() * timing.time_limit_to_tle),
    };
    TimeLimits { limit, high }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LEGACY: Timing = Timing {
        ac_to_time_limit: 5.0,
        time_limit_to_tle: 2.0,
        time_resolution: 1.0,
        compilation_time: 60.0,
    };

    #[test]
    fn the_slowest_accepted_time_sets_the_limit_in_whole_steps() {
        // 0.01 s x 5 is under a step: one step.
        let limits = time_limits(None, Some(Duration::from_millis(10)), &LEGACY);
        assert_eq!(limits.limit, Duration::from_secs(1));
        assert_eq!(limits.high, Duration::from_secs(2));
        // 0.45 s x 5 = 2.25 s: rounded up to 3 s.
        let limits = time_limits(None, Some(Duration::from_millis(450)), &LEGACY);
        assert_eq!(limits.limit, Duration::from_secs(3));
        let draft = Timing {
            ac_to_time_limit: 2.0,
            time_limit_to_tle: 1.5,
            time_resolution: 0.5,
            compilation_time: 60.0,
        };
        // 0.8 s x 2 = 1.6 s: rounded up to 2 s in steps of 0.5.
        let limits = time_limits(None, Some(Duration::from_millis(800)), &draft);
        assert_eq!(limits.limit, Duration::from_secs(2));
        assert_eq!(limits.high, Duration::from_secs(3));
        // 0.55 s x 2 = 1.1 s, a whole 11 steps of 0.1 s: the limit itself, not 1.2 s.
        let tenths = Timing {
            time_resolution: 0.1,
            ..draft
        };
        let limits = time_limits(None, Some(Duration::from_millis(550)), &tenths);
        assert_eq!(limits.limit.as_millis(), 1100, "{limits:?}");
        // Just above it: 12 steps.
        let limits = time_limits(None, Some(Duration::from_millis(551)), &tenths);
        assert_eq!(limits.limit.as_millis(), 1200, "{limits:?}");
    }

    #[test]
    fn huge_or_tiny_multipliers_stay_within_a_day() {
        let wild = Timing {
            ac_to_time_limit: 1e300,
            time_limit_to_tle: 1e300,
            time_resolution: 1e-320,
            compilation_time: 60.0,
        };
        let limits = time_limits(None, Some(Duration::from_millis(10)), &wild);
        assert_eq!(limits.limit, Duration::from_secs(86_400));
        assert_eq!(limits.high, Duration::from_secs(86_400));
        // A resolution finer than a millisecond counts as one: 100 ms x 2, not a day.
        let fine = Timing {
            ac_to_time_limit: 2.0,
            time_limit_to_tle: 1.5,
            time_resolution: 1e-320,
            compilation_time: 60.0,
        };
        let limits = time_limits(None, Some(Duration::from_millis(100)), &fine);
        assert!(
            (Duration::from_millis(200)..=Duration::from_millis(201)).contains(&limits.limit),
            "{limits:?}"
        );
        let limits = time_limits(Some(Duration::from_secs(1)), None, &wild);
        assert_eq!(limits.high, Duration::from_secs(86_400));
    }

    #[test]
    fn a_fixed_limit_wins_and_none_known_is_the_generous_one() {
        let limits = time_limits(
            Some(Duration::from_secs(5)),
            Some(Duration::from_secs(9)),
            &LEGACY,
        );
        assert_eq!(
            (limits.limit, limits.high),
            (Duration::from_secs(5), Duration::from_secs(10))
        );
        let limits = time_limits(None, None, &LEGACY);
        assert_eq!((limits.limit, limits.high), (UNKNOWN, UNKNOWN));
    }
}
