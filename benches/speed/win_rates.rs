//! How strong `othello_player` is: 100 games against each of the judge's weak opponents
//! (random moves; greedy: most discs flipped), the player black in 50 and white in 50, judged
//! by `judge` through the built-in Othello opponent, with the player's CPU time per game.

use std::fs;
use std::path::PathBuf;
use std::process::Command;

/// Games per opponent and seed.
const GAMES: usize = 100;
/// Seeds of the opponents' random choices.
const SEEDS: [u64; 2] = [1, 2];

/// A folder with one case per opponent and seed, every game counted (no bar).
fn case_folder() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("bench-win-rates");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    for opponent in ["random", "greedy"] {
        for seed in SEEDS {
            fs::write(
                dir.join(format!("{opponent}-seed-{seed}.in")),
                format!("opponent {opponent}\nseed {seed}\ngames {GAMES}\nwin-percent 0\n"),
            )
            .unwrap();
        }
    }
    fs::create_dir_all(dir.with_file_name("bench-win-rates.judge")).unwrap();
    fs::write(
        dir.with_file_name("bench-win-rates.judge")
            .join("interactive"),
        "othello\n",
    )
    .unwrap();
    dir
}

pub fn bench() {
    let judge = env!("CARGO_BIN_EXE_judge");
    let player = env!("CARGO_BIN_EXE_othello_player");
    let dir = case_folder();
    let output = Command::new(judge)
        .args(["-j", "1", "-t", "600s", "--cmd", player])
        .arg(&dir)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "the judge failed:\n{report}");
    println!(
        "\n### othello_player win rates: {GAMES} games per opponent and seed, black in half\n"
    );
    println!("| opponent, seed | games: won (as X, as O), drawn, lost | player CPU ms per game |");
    println!("|---|---|---|");
    for line in report.lines().filter(|line| line.contains(" AC ")) {
        // `bench-win-rates/greedy-seed-1  AC   1234 ms   5.0 MiB  (100 games: …)`
        let name = line.split_whitespace().next().unwrap_or("");
        let case = name.rsplit('/').next().unwrap_or(name);
        let words: Vec<&str> = line.split_whitespace().collect();
        let cpu_ms: f64 = words
            .get(2)
            .and_then(|ms| ms.parse().ok())
            .unwrap_or(f64::NAN);
        let games = line
            .split_once('(')
            .map_or("", |(_, rest)| rest.trim_end_matches(')'));
        println!("| {case} | {games} | {:.1} |", cpu_ms / GAMES as f64);
    }
}
