//! A run split into shards that machines judge apart (`--shard K/N`), and the run id that tells
//! their reports belong together (`judge merge` joins them). The split depends only on the run's
//! list, in the report's order: position `i` (from 0) goes to shard `i mod N + 1`, so every
//! machine that lists the same run agrees, and slow cases that lie together are spread.

use crate::cases::Case;
use crate::sources::fingerprint;
use std::fmt;
use std::path::Path;

/// Part `index` of `count` (1 <= index <= count).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

/// The most shards a run may be split into.
pub const MAX_SHARDS: usize = 1_000_000;

impl Shard {
    /// The whole run: what an unsplit run's report says it is.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// `K/N`, as `--shard` and the JSON report give it.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let wrong = || {
            format!(
                "--shard expects K/N, part K of N (1 <= K <= N <= {MAX_SHARDS}), found {text:?}"
            )
        };
        let (index, count) = text.split_once('/').ok_or_else(wrong)?;
        let whole = |part: &str| {
            part.parse::<usize>()
                .ok()
                .filter(|_| part.bytes().all(|byte| byte.is_ascii_digit()))
        };
        match (whole(index), whole(count)) {
            (Some(index), Some(count)) if 1 <= index && index <= count && count <= MAX_SHARDS => {
                Ok(Shard { index, count })
            }
            _ => Err(wrong()),
        }
    }

    /// Whether the item at `position` (from 0) of the run's list is this shard's.
    pub fn keeps(&self, position: usize) -> bool {
        position % self.count == self.index - 1
    }

    /// How many of a list of `total` items are this shard's.
    pub fn size_of(&self, total: usize) -> usize {
        match total >= self.index {
            true => (total - self.index) / self.count + 1,
            false => 0,
        }
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// The id of a run, made from what every machine judging it shares (the judge's version, the
/// command as given, the items' names and the contents of their files, the limits), never from
/// absolute paths or built programs, so that shards judged on different machines merge.
pub struct RunId {
    parts: Vec<String>,
}

impl RunId {
    /// A run of the judge's `command` (its words as given, less what only says how to run it
    /// here: `--shard`, `--jobs`, `--format`).
    pub fn new(command: &str) -> RunId {
        RunId {
            parts: vec![
                format!("game-judge {}", env!("CARGO_PKG_VERSION")),
                command.to_string(),
            ],
        }
    }

    /// A name, a limit: any text every machine shares.
    pub fn add(&mut self, text: &str) {
        self.parts.push(text.to_string());
    }

    /// A file's contents (its fingerprint), or that there is none.
    pub fn add_file(&mut self, file: Option<&Path>) -> std::io::Result<()> {
        let part = match file {
            Some(file) => fingerprint(&[&std::fs::read(file)?]),
            None => "none".to_string(),
        };
        self.parts.push(part);
        Ok(())
    }

    /// A case: its name as the report gives it, and its input's and answer's contents.
    pub fn add_case(&mut self, label: &str, case: &Case) -> std::io::Result<()> {
        self.add(label);
        self.add_file(Some(&case.input))?;
        self.add_file(case.expected.as_deref())
    }

    /// The id: 32 hex digits.
    pub fn finish(&self) -> String {
        let parts: Vec<&[u8]> = self.parts.iter().map(|part| part.as_bytes()).collect();
        fingerprint(&parts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn k_of_n_is_read_strictly() {
        assert_eq!(Shard::parse("2/3"), Ok(Shard { index: 2, count: 3 }));
        assert_eq!(Shard::parse("1/1"), Ok(Shard::WHOLE));
        for wrong in [
            "0/3", "4/3", "3", "/3", "1/", "+1/3", "1/3/5", "a/b", " 1/3", "1/0",
        ] {
            let error = Shard::parse(wrong).unwrap_err();
            assert!(error.starts_with("--shard expects K/N"), "{wrong}: {error}");
        }
        assert_eq!(Shard { index: 2, count: 7 }.to_string(), "2/7");
    }

    #[test]
    fn the_shards_of_a_run_are_disjoint_and_cover_it() {
        for total in 0..12 {
            for count in 1..=total + 2 {
                let mut owners = vec![0; total];
                for index in 1..=count {
                    let shard = Shard { index, count };
                    let kept: Vec<usize> = (0..total).filter(|&i| shard.keeps(i)).collect();
                    assert_eq!(kept.len(), shard.size_of(total));
                    for position in kept {
                        owners[position] += 1;
                    }
                }
                assert!(owners.iter().all(|&owners| owners == 1), "{total} {count}");
            }
        }
        // Round robin: neighbours go to different machines.
        let first = Shard { index: 1, count: 3 };
        assert_eq!(
            (0..7).filter(|&i| first.keeps(i)).collect::<Vec<_>>(),
            [0, 3, 6]
        );
    }

    #[test]
    fn the_run_id_changes_with_every_part() {
        let id = |command: &str, name: &str| {
            let mut run = RunId::new(command);
            run.add(name);
            run.finish()
        };
        let base = id("--cmd ./a.out cases/p", "p/1");
        assert_eq!(base.len(), 32);
        assert_eq!(base, id("--cmd ./a.out cases/p", "p/1"));
        assert_ne!(base, id("--cmd ./b.out cases/p", "p/1"));
        assert_ne!(base, id("--cmd ./a.out cases/p", "p/2"));
    }
}
