//! Helpers for the tests and the bench, independent of the solvers they check: the eight lines
//! written as cell triples, fresh case folders and their judge files, the
//! judge binary, the bound on a short error line, the record of a test skipped (`skip`, from
//! the library's `src/test_skips.rs`, which its unit tests use too). (The seeded random
//! generator is the library's `game_judge::random`.)
#![allow(dead_code)] // each test crate uses only some of these

#[path = "../../src/test_skips.rs"]
mod test_skips;
#[allow(unused_imports)] // a test crate with nothing to skip
pub use test_skips::skip;

use assert_cmd::Command;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command as ProcessCommand;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The `judge` binary, with colour off and its builds cached under the build's target folder
/// (never in the user's own cache).
pub fn judge() -> Command {
    let mut command = Command::cargo_bin("judge").unwrap();
    command.env("NO_COLOR", "1");
    command.env(
        "XDG_CACHE_HOME",
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("cache"),
    );
    command
}

/// A fixture of `tests/fixtures/`, by its path there (`kattis/guess`).
pub fn fixture(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(path)
}

/// Every file of a fixture package (`polygon/average`), as (path inside it, text), to copy
/// into a fresh folder and change.
pub fn fixture_files(path: &str) -> Vec<(String, String)> {
    let root = fixture(path);
    let mut files = Vec::new();
    let mut folders = vec![root.clone()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else {
                let inside = path.strip_prefix(&root).unwrap().display().to_string();
                files.push((inside, std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    files
}

/// `python3 SUBMISSION TAG` for a submission of a fixture package (`kattis/guess`,
/// `accepted/binary_search.py`): the tag is an unused argument that `pgrep` finds.
pub fn python_submission(package: &str, submission: &str, tag: &Tag) -> String {
    format!(
        "python3 {} {tag}",
        fixture(package)
            .join("submissions")
            .join(submission)
            .display()
    )
}

/// `judge --cmd COMMAND DIR` plus extra arguments.
pub fn judge_cmd(command: &str, dir: &Path, extra: &[&str]) -> Command {
    let mut judge = judge();
    judge.arg("--cmd").arg(command).arg(dir).args(extra);
    judge
}

/// A fresh folder `<target tmp>/<group>-<n>/<name>` holding the given files (path, content);
/// the folder's name is what the judge reports cases under (`<name>/<case>`). The whole
/// `<group>-<n>` is made anew, so a sibling `<name>.judge/` left by an earlier run (whose tests
/// took the numbers in another order) is gone too.
pub fn fresh_folder(
    group: &str,
    name: &str,
    files: &[(impl AsRef<str>, impl AsRef<str>)],
) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let group_dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("{group}-{}", NEXT.fetch_add(1, Ordering::SeqCst)));
    let dir = group_dir.join(name);
    // The whole group folder goes, so no `NAME.judge/` sibling of an earlier run is left.
    let _ = fs::remove_dir_all(&group_dir);
    fs::create_dir_all(&dir).unwrap();
    for (file, content) in files {
        let path = dir.join(file.as_ref());
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, content.as_ref()).unwrap();
    }
    dir
}

/// Writes a judge file (`checker`, `interactive`, `limits`) for the case folder `dir`: into its
/// sibling `dir.judge/`, where the judge looks for it.
pub fn judge_file(dir: &Path, name: &str, text: &str) {
    let mut judge = dir.as_os_str().to_owned();
    judge.push(".judge");
    let judge = PathBuf::from(judge);
    fs::create_dir_all(&judge).unwrap();
    fs::write(judge.join(name), text).unwrap();
}

/// The files of cases `{prefix}-1` to `{prefix}-{count}`: each input from `input(n)`, each
/// expected output `expected`.
pub fn numbered_cases(
    prefix: &str,
    count: usize,
    input: impl Fn(usize) -> String,
    expected: &str,
) -> Vec<(String, String)> {
    (1..=count)
        .flat_map(|n| {
            [
                (format!("{prefix}-{n}.in"), input(n)),
                (format!("{prefix}-{n}.out"), expected.to_string()),
            ]
        })
        .collect()
}

/// The most bytes an error line may take: the message, 40 quoted characters (escaped, so up
/// to 10 bytes each for a control character) and the length.
pub const SHORT: usize = 600;

/// The eight lines of the board (rows, columns, diagonals) as cell numbers 0-8, row-major.
pub const TRIPLES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// Whether `mark` fills a whole line of a character board (`o`, `x`, `s`).
pub fn has_three(board: &[u8; 9], mark: u8) -> bool {
    TRIPLES
        .iter()
        .any(|triple| triple.iter().all(|&cell| board[cell] == mark))
}

/// A word unique to one test and one run, put in the command line of the programs a test
/// starts so that `pgrep -f` finds them. Dropping it kills, by pid, every process still holding
/// it, so a failing test leaves nothing behind either.
pub struct Tag(String);

impl Tag {
    pub fn new(kind: &str) -> Tag {
        Tag(format!("game-judge-tagged-{kind}-{}", std::process::id()))
    }

    /// The processes whose command line holds the tag as a whole word: found by `pgrep -f`,
    /// and by their threads' command lines when their main thread has ended (`pthread_exit`
    /// empties the process's own, which pgrep reads).
    pub fn pids(&self) -> Vec<u32> {
        let output = ProcessCommand::new("pgrep")
            .arg("-f")
            .arg(format!("{}( |$)", self.0))
            .output()
            .expect("pgrep runs");
        let mut pids: Vec<u32> = String::from_utf8_lossy(&output.stdout)
            .split_whitespace()
            .filter_map(|pid| pid.parse().ok())
            .collect();
        pids.extend(self.headless_pids());
        pids
    }

    /// The processes with an empty command line (a zombie main thread) one of whose threads'
    /// command lines holds the tag.
    fn headless_pids(&self) -> Vec<u32> {
        let tagged = |path: PathBuf| {
            std::fs::read(path).is_ok_and(|line| {
                line.split(|&byte| byte == 0)
                    .any(|word| word == self.0.as_bytes())
            })
        };
        let Ok(entries) = std::fs::read_dir("/proc") else {
            return Vec::new();
        };
        entries
            .flatten()
            .filter_map(|entry| entry.file_name().to_str()?.parse::<u32>().ok())
            .filter(|pid| {
                std::fs::read(format!("/proc/{pid}/cmdline")).is_ok_and(|line| line.is_empty())
            })
            .filter(|pid| {
                std::fs::read_dir(format!("/proc/{pid}/task")).is_ok_and(|tasks| {
                    tasks
                        .flatten()
                        .any(|task| tagged(task.path().join("cmdline")))
                })
            })
            .collect()
    }

    /// Fails if a tagged process is still there after about 2 s (time for the kernel to finish
    /// killing and reaping).
    pub fn assert_none_left(&self) {
        let start = Instant::now();
        loop {
            let left = self.pids();
            if left.is_empty() {
                return;
            }
            if start.elapsed() > Duration::from_secs(2) {
                let listing = ProcessCommand::new("ps")
                    .args(["-o", "pid,ppid,stat,cmd", "-p"])
                    .arg(
                        left.iter()
                            .map(u32::to_string)
                            .collect::<Vec<_>>()
                            .join(","),
                    )
                    .output()
                    .map(|output| String::from_utf8_lossy(&output.stdout).into_owned())
                    .unwrap_or_default();
                panic!("processes tagged {} are left behind:\n{listing}", self.0);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl std::fmt::Display for Tag {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Drop for Tag {
    fn drop(&mut self) {
        for pid in self.pids() {
            let _ = ProcessCommand::new("kill")
                .args(["-KILL", &pid.to_string()])
                .status();
        }
    }
}

/// Whether the player to move wins, playing the statement's rules literally.
/// `owner`: 0 free, 1 Takahashi, 2 Aoki; `scores` indexed by player.
pub fn mover_wins(grid: &[i64; 9], owner: &mut [u8; 9], scores: &mut [i64; 3], mover: u8) -> bool {
    let other = 3 - mover;
    for cell in 0..9 {
        if owner[cell] != 0 {
            continue;
        }
        owner[cell] = mover;
        scores[mover as usize] += grid[cell];
        let line = TRIPLES.iter().any(|t| t.iter().all(|&c| owner[c] == mover));
        let full = owner.iter().all(|&o| o != 0);
        let wins = if line {
            true
        } else if full {
            scores[mover as usize] > scores[other as usize]
        } else {
            !mover_wins(grid, owner, scores, other)
        };
        owner[cell] = 0;
        scores[mover as usize] -= grid[cell];
        if wins {
            return true;
        }
    }
    false
}

/// ABC349 E by the statement's rules, literally (a plain game tree, no memo): whether
/// Takahashi, moving first, wins.
pub fn takahashi_wins(grid: &[i64; 9]) -> bool {
    mover_wins(grid, &mut [0; 9], &mut [0; 3], 1)
}

/// ABC349 E with memo over the 3^9 ownerships, right or with the ninth-move bug of
/// tests/fixtures/ninth_move_bug.py (the full board scored before the line the last move made
/// is looked at): whether Takahashi, moving first, wins.
pub fn takahashi_wins_memo(grid: &[i64; 9], ninth_move_bug: bool) -> bool {
    takahashi_wins_scored(grid, ninth_move_bug, false)
}

/// As [`takahashi_wins_memo`], with each player's points added up in a 32-bit integer that
/// wraps around when `int32`, as tests/fixtures/int32_scores.py does.
pub fn takahashi_wins_scored(grid: &[i64; 9], ninth_move_bug: bool, int32: bool) -> bool {
    fn mover_wins(
        grid: &[i64; 9],
        (bug, int32): (bool, bool),
        owner: &mut [u8; 9],
        memo: &mut Vec<Option<bool>>,
    ) -> bool {
        let key = owner.iter().fold(0, |key, &o| key * 3 + o as usize);
        if let Some(known) = memo[key] {
            return known;
        }
        let filled = owner.iter().filter(|&&o| o != 0).count();
        let mover = if filled % 2 == 0 { 1 } else { 2 };
        let mut wins = false;
        for cell in 0..9 {
            if owner[cell] != 0 || wins {
                continue;
            }
            owner[cell] = mover;
            let line = TRIPLES.iter().any(|l| l.iter().all(|&i| owner[i] == mover));
            let score = |who: u8| -> i64 {
                let cells = (0..9).filter(|&i| owner[i] == who).map(|i| grid[i]);
                match int32 {
                    true => cells.fold(0i32, |sum, v| sum.wrapping_add(v as i32)) as i64,
                    false => cells.sum(),
                }
            };
            wins = if filled == 8 && bug {
                score(mover) > score(3 - mover)
            } else if line {
                true
            } else if filled == 8 {
                score(mover) > score(3 - mover)
            } else {
                !mover_wins(grid, (bug, int32), owner, memo)
            };
            owner[cell] = 0;
        }
        memo[key] = Some(wins);
        wins
    }
    mover_wins(
        grid,
        (ninth_move_bug, int32),
        &mut [0; 9],
        &mut vec![None; 19683],
    )
}

/// The inputs `judge stress` can find for the ninth-move bug: the built-in generator's failing
/// seeds of 1-300, the ten-digit grid of tests/fixtures/ten_digit_grid.py, and ten-digit random
/// grids (odd sum) that fail.
pub fn ninth_move_bug_inputs() -> Vec<String> {
    let fails = |text: &str| ninth_move_bug_shows(text);
    let mut inputs: Vec<String> = (1..=300)
        .map(game_judge::problems::generators::weighted_tic_tac_toe)
        .filter(|text| fails(text))
        .collect();
    inputs.push(
        "-730921046 -786856045 -319061785\n-537329719 -137018957 -134576547\n-189722541 -784938228 -770016001\n"
            .to_string(),
    );
    let mut random = game_judge::random::Random(2024);
    let mut large = 0;
    while large < 10 {
        let mut values: Vec<i64> = (0..9)
            .map(|_| random.between(-1_000_000_000, 1_000_000_000))
            .collect();
        if values.iter().sum::<i64>() % 2 == 0 {
            values[0] += if values[0] < 0 { 1 } else { -1 };
        }
        let text = values
            .chunks(3)
            .map(|row| row.iter().map(i64::to_string).collect::<Vec<_>>().join(" ") + "\n")
            .collect::<String>();
        if fails(&text) {
            inputs.push(text);
            large += 1;
        }
    }
    inputs
}

/// Whether a weighted input (nine numbers) is one the ninth-move bug answers wrong.
pub fn ninth_move_bug_shows(text: &str) -> bool {
    let values: Vec<i64> = text
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let grid: [i64; 9] = values.try_into().unwrap();
    takahashi_wins_memo(&grid, true) != takahashi_wins_memo(&grid, false)
}

/// Whether a weighted input (nine numbers) is one tests/fixtures/int32_scores.py (the points
/// added up in a 32-bit integer) answers wrong.
pub fn int32_scores_show(text: &str) -> bool {
    let values: Vec<i64> = text
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let grid: [i64; 9] = values.try_into().unwrap();
    takahashi_wins_scored(&grid, false, true) != takahashi_wins_memo(&grid, false)
}
