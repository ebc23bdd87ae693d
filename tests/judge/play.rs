//! `judge play` driven like a person at a terminal, by piped input (and once in a real
//! terminal under tmux): tic-tac-toe by normal and misère rules with each strategy, and Othello
//! against a stand-in computer (`tests/fixtures/fake_othello.py`, its own rules written apart
//! from the judge's). Moves, refused moves, `q`, the running score, the marked line.
// Without `slow-tests` the slow tests below are left out, and helpers only they use unused.
#![cfg_attr(not(feature = "slow-tests"), allow(dead_code, unused_imports))]

use crate::common;
use predicates::prelude::*;
use predicates::str::contains;
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command as StdCommand, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// Longer than any of these sessions should take: a hang fails the test instead of stalling it.
const NEVER_HANG: Duration = Duration::from_secs(120);

/// `judge play ARGS` with `input` typed, and its stdout (the exit status checked by the caller).
fn play(arguments: &[&str], input: &str) -> assert_cmd::assert::Assert {
    let mut judge = common::judge();
    judge
        .timeout(NEVER_HANG)
        .arg("play")
        .args(arguments)
        .write_stdin(input);
    judge.assert()
}

fn stdout(assert: &assert_cmd::assert::Assert) -> String {
    String::from_utf8(assert.get_output().stdout.clone()).unwrap()
}

/// `judge play` run live: the test reads each prompt before it answers, as a person would.
struct Live {
    child: Child,
    stdin: Option<ChildStdin>,
    chunks: Receiver<Vec<u8>>,
    text: String,
    /// How much of `text` there was when the last line was typed: a prompt must come after.
    answered: usize,
}

impl Live {
    fn start(arguments: &[&str]) -> Live {
        let mut child = StdCommand::new(assert_cmd::cargo::cargo_bin("judge"))
            .arg("play")
            .args(arguments)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let (sender, chunks) = mpsc::channel();
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            while let Ok(count) = stdout.read(&mut buffer) {
                if count == 0 || sender.send(buffer[..count].to_vec()).is_err() {
                    return;
                }
            }
        });
        Live {
            stdin: child.stdin.take(),
            child,
            chunks,
            text: String::new(),
            answered: 0,
        }
    }

    /// Reads until the output ends with one of `endings`; which one.
    fn until(&mut self, endings: &[&str]) -> usize {
        let deadline = Instant::now() + NEVER_HANG;
        loop {
            let fresh = self.text.len() > self.answered;
            if let Some(found) = endings.iter().position(|end| self.text.ends_with(end)) {
                if fresh {
                    return found;
                }
            }
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.chunks.recv_timeout(wait) {
                Ok(chunk) => self.text.push_str(&String::from_utf8_lossy(&chunk)),
                Err(_) => {
                    let _ = self.child.kill();
                    panic!("no prompt {endings:?}; the output so far:\n{}", self.text);
                }
            }
        }
    }

    fn type_line(&mut self, line: &str) {
        self.answered = self.text.len();
        let stdin = self.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// Waits for the end (input closed); the whole output.
    fn finish(mut self) -> String {
        drop(self.stdin.take());
        while let Ok(chunk) = self.chunks.recv_timeout(NEVER_HANG) {
            self.text.push_str(&String::from_utf8_lossy(&chunk));
        }
        assert!(self.child.wait().unwrap().success());
        self.text
    }
}

const MOVE_PROMPT: &str = "(q quits): ";
const AGAIN_PROMPT: &str = "[y/n, q quits] ";

/// Plays `games` games taking the lowest free cell of the board last drawn, answers `y` to
/// "again?" between them and `last` after the last one; the whole output.
fn lowest_cell_games(arguments: &[&str], games: usize, last: &str) -> String {
    let mut live = Live::start(arguments);
    let mut played = 0;
    for _ in 0..100 * games {
        if live.until(&[MOVE_PROMPT, AGAIN_PROMPT]) == 0 {
            let cells = last_board(&live.text);
            let free = (0..9)
                .find(|&cell| cells[cell] == cell.to_string())
                .unwrap();
            live.type_line(&free.to_string());
        } else {
            played += 1;
            live.type_line(if played < games { "y" } else { last });
            if played == games {
                return live.finish();
            }
        }
    }
    panic!("{games} games took over 100 answers each:\n{}", live.text);
}

/// The last drawn tic-tac-toe board of `text`: its nine cells as printed.
fn last_board(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let last_rule = lines
        .iter()
        .rposition(|line| *line == "---+---+---")
        .unwrap();
    [last_rule - 3, last_rule - 1, last_rule + 1]
        .iter()
        .flat_map(|&row| lines[row].split('|').map(|cell| cell.trim().to_string()))
        .collect()
}

#[test]
fn a_move_a_refused_move_and_q() {
    let assert = play(&["--seed", "5"], "4\nabc\n4\nq\n").success();
    let text = stdout(&assert);
    assert!(text.contains("tic-tac-toe, normal rules: three in a row wins"));
    assert!(text.contains("seed 5: --seed 5 replays it"));
    assert!(text.contains("your move (o), a free cell 0-8 (q quits): 4\n"));
    assert!(text.contains("\"abc\" is not a cell number 0-8; try again\n"));
    assert!(text.contains("cell 4 is taken; try again\n"));
    assert!(text.ends_with("q\nyou quit: game abandoned\nbye\n"));
    // The board is drawn once per turn: before each of the person's two turns, not again for
    // the computer's move or a refused one.
    assert_eq!(text.matches("---+---+---\n").count(), 2 * 2);
}

#[test]
fn the_finished_line_is_in_capitals_and_the_score_runs() {
    let text = lowest_cell_games(&["--seed", "1"], 2, "n");
    assert_eq!(text.matches("game over: ").count(), 2);
    // A person taking the lowest free cell loses to perfect play: the last board has one line
    // in capitals, all x (the computer's mark), and nothing else in capitals.
    let cells = last_board(&text);
    let capitals: Vec<usize> = (0..9)
        .filter(|&c| cells[c] == "X" || cells[c] == "O")
        .collect();
    assert!(
        common::TRIPLES.iter().any(|line| line.to_vec() == capitals),
        "{cells:?}"
    );
    assert!(capitals.iter().all(|&cell| cells[cell] == "X"));
    assert!(text.contains("game over: x has three in a row (in capitals): the computer wins\n"));
    assert!(text.contains("score: you 0, the computer 1, draws 0\n"));
    assert!(text.contains("score: you 0, the computer 2, draws 0\n"));
    assert!(text.ends_with("play again? [y/n, q quits] n\nbye\n"));
}

#[test]
fn q_quits_at_the_again_prompt() {
    let text = lowest_cell_games(&["--seed", "2"], 1, "q");
    assert!(
        text.ends_with("play again? [y/n, q quits] q\nbye\n"),
        "{text}"
    );
}

#[test]
fn the_same_seed_replays_and_the_opening_varies() {
    let first = lowest_cell_games(&["-r", "--seed", "3"], 1, "n");
    let again = lowest_cell_games(&["-r", "--seed", "3"], 1, "n");
    assert_eq!(first, again);
    // Every opening draws by normal rules, so the computer (o, first) picks among all nine: over
    // ten seeds it does not always take the centre.
    let openings: Vec<String> = (0..10)
        .map(|seed| {
            let text = stdout(&play(&["-r", "--seed", &seed.to_string()], "q\n").success());
            let line = text
                .lines()
                .find(|line| line.starts_with("the computer takes"));
            line.unwrap().to_string()
        })
        .collect();
    assert!(
        openings.iter().any(|line| line != "the computer takes 4"),
        "{openings:?}"
    );
}

#[test]
fn misere_perfect_play_opens_on_the_centre_and_never_loses() {
    // By misère rules only the centre holds the draw for the first player (the known table:
    // every other opening loses), so perfect play opens there, whatever the seed.
    for seed in 0..3 {
        let text = stdout(&play(&["--misere", "-r", "--seed", &seed.to_string()], "q\n").success());
        assert!(text.contains("misère rules: three in a row loses"));
        assert!(text.contains("the computer takes 4\n"), "{text}");
    }
    for seed in 0..3 {
        let arguments = ["--misere", "--seed", &seed.to_string()];
        let text = lowest_cell_games(&arguments, 1, "n");
        assert!(!text.contains("you win"), "{text}");
        // Perfect misère play never makes a line (the game is a draw for both sides), so any
        // line in capitals is the person's, o's.
        let cells = last_board(&text);
        let capitals: Vec<usize> = (0..9)
            .filter(|&c| cells[c] == "X" || cells[c] == "O")
            .collect();
        if !capitals.is_empty() {
            assert!(
                common::TRIPLES.iter().any(|line| line.to_vec() == capitals),
                "{cells:?}"
            );
            assert!(capitals.iter().all(|&cell| cells[cell] == "O"), "{cells:?}");
            assert!(text.contains(
                "game over: o has three in a row (in capitals), which loses: the computer wins"
            ));
        }
    }
}

#[test]
fn random_and_monte_carlo_play_whole_games() {
    let text = lowest_cell_games(&["--strategy", "random", "--seed", "4"], 1, "n");
    assert!(text.contains("the computer plays random (seed 4"));
    assert!(text.contains("game over: "));
    let arguments = [
        "--strategy",
        "montecarlo",
        "--playouts",
        "50",
        "--seed",
        "4",
        "--misere",
    ];
    let text = lowest_cell_games(&arguments, 1, "n");
    assert!(text.contains("the computer plays montecarlo (50 playouts per candidate move) (seed 4"));
    assert!(text.contains("game over: "));
}

#[test]
fn the_judged_solver_can_be_the_computer() {
    let text = lowest_cell_games(&["--strategy", "solver", "-r"], 1, "n");
    assert!(text.contains("the computer is a program"));
    assert!(text.contains("game over: ") && !text.contains("you win"));
}

#[test]
fn play_flags_that_do_not_fit_are_usage_errors() {
    for (arguments, message) in [
        (
            &["--misere", "--strategy", "solver"][..],
            "the programs play by normal rules",
        ),
        (
            &["othello", "--misere"][..],
            "--misere goes with tic-tac-toe",
        ),
        (
            &["--playouts", "9"][..],
            "--playouts goes with --strategy montecarlo",
        ),
        (
            &["chess"][..],
            "play knows tic-tac-toe and othello, found \"chess\"",
        ),
        (
            &["othello", "--computer", "./no-such-program"][..],
            "there is no file ./no-such-program",
        ),
    ] {
        play(arguments, "").code(2).stderr(contains(message));
    }
    common::judge()
        .args(["--misere"])
        .assert()
        .code(2)
        .stderr(contains("--misere goes with play: judge play --misere"));
}

#[test]
fn a_person_plays_a_full_game_and_never_wins() {
    // Each line tries the next cell; a taken one is refused and the next line tried, so the game
    // runs to its end whatever the computer plays.
    play(&[], "0\n1\n2\n3\n4\n5\n6\n7\n8\nn\n")
        .success()
        .stdout(contains("you are o and move first"))
        .stdout(contains("game over: "))
        .stdout(contains("you win").not())
        .stdout(contains("bye"));
}

#[test]
fn the_computer_can_start() {
    play(&["-r"], "0\n1\n2\n3\n4\n5\n6\n7\n8\nn\n")
        .success()
        .stdout(contains("the computer (o) moves first"))
        .stdout(contains("the computer takes").and(contains("game over: ")));
}

#[test]
fn a_bad_move_is_refused_and_asked_again() {
    play(&[], "9\nabc\n4\n")
        .success()
        .stdout(contains("\"9\" is not a cell number 0-8; try again"))
        .stdout(contains("\"abc\" is not a cell number 0-8; try again"))
        .stdout(contains(" 3 | o | 5"))
        .stdout(contains("input ended: game abandoned"));
}

#[test]
fn a_taken_cell_is_refused() {
    // The computer answers the centre with a corner or edge; 4 is then taken.
    play(&[], "4\n4\n")
        .success()
        .stdout(contains("cell 4 is taken; try again"));
}

#[test]
fn end_of_input_mid_game_quits_cleanly() {
    play(&[], "")
        .success()
        .stdout(contains("input ended: game abandoned"));
}

#[test]
#[cfg(feature = "slow-tests")]
fn a_computer_that_never_moves_ends_the_session_instead_of_holding_it() {
    // The person has typed a move and then nothing more; the computer never answers. The wait
    // is bounded (10 s a move), the computer stopped, and nothing of it left running.
    let tag = format!("play-computer-hangs-{}", std::process::id());
    let computer = format!("sleep 60; : {tag}");
    play(&["--computer", &computer], "4\n")
        .failure()
        .code(1)
        .stderr(contains("the computer gave no move within 10 s"));
    let left = StdCommand::new("pgrep")
        .args(["-f", &tag])
        .output()
        .unwrap();
    assert!(
        left.stdout.is_empty(),
        "the computer outlived the session: {left:?}"
    );
}

fn fake_othello(strategy: &str) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fake_othello.py");
    format!("python3 {} {strategy}", script.display())
}

fn othello(arguments: &[&str], computer: &str, input: &str) -> assert_cmd::assert::Assert {
    let mut all = vec!["othello", "--computer", computer];
    all.extend_from_slice(arguments);
    play(&all, input)
}

#[test]
fn othello_refused_moves_say_why_and_q_quits() {
    // A tag of its own on the stand-in's command line, to find it if it outlived the session.
    let tag = format!("play-quit-leaves-nothing-{}", std::process::id());
    let computer = fake_othello(&format!("first {tag}"));
    let assert = othello(&[], &computer, "z9\nd4\na1\nps\nD3\nq\n").success();
    let left = StdCommand::new("pgrep")
        .args(["-f", &tag])
        .output()
        .unwrap();
    assert!(left.stdout.is_empty(), "the computer outlived q: {left:?}");
    let text = stdout(&assert);
    assert!(text.contains("othello: you are X (black) and move first; the computer is O (white)."));
    // The start position, by hand: d4 and e5 white, d5 and e4 black, black's four moves marked.
    assert!(text.contains(
        "  a b c d e f g h
1 . . . . . . . . 1
2 . . . . . . . . 2
3 . . . * . . . . 3
4 . . * O X . . . 4
5 . . . X O * . . 5
6 . . . . * . . . 6
7 . . . . . . . . 7
8 . . . . . . . . 8
  a b c d e f g h
X (black) 2, O (white) 2
your move (X), like d3 (q quits): z9
"
    ));
    assert!(
        text.contains("\"z9\" is not a square: a column a-h then a row 1-8, like d3; try again\n")
    );
    assert!(text.contains("d4 is occupied; try again\n"));
    assert!(text.contains("a1 flips nothing: a move must outflank at least one disc; try again\n"));
    assert!(text.contains("you cannot pass while you have a legal move; try again\n"));
    // After d3 white's moves are c3, e3, c5 (by hand); the stand-in takes the first, c3, and
    // black then has b3, c4, f5, e6.
    assert!(text.contains("the computer (O) plays c3\n"));
    assert!(text.contains("3 . * O X . . . . 3\n4 . . * O X . . . 4\n"));
    assert!(text.contains("X (black) 3, O (white) 3\n"));
    assert!(text.ends_with("(q quits): q\nyou quit: game abandoned\nbye\n"));
}

#[test]
fn othello_a_whole_game_with_both_passes() {
    // A game found and scored with the stand-in's rules (not the judge's): black must pass
    // after O's a3, white after black's h4; it ends 25 to 38.
    let black =
        "f5 c3 d7 f6 b8 f4 g7 h8 a1 h6 b5 b7 h5 f8 h3 b4 c2 f3 c4 a5 e3 d1 a4 b1 g3 g1 e1 h1 h4 d2";
    let white =
        "d6,g5,c7,f7,b2,g4,h7,e7,c6,c8,c5,d8,d3,b6,a7,a8,b3,e6,g8,e2,a6,e8,c1,a3,g2,f1,h2,g6,f2,PS";
    let input: String = black
        .split(' ')
        .map(|square| format!("{square}\n"))
        .collect();
    let assert = othello(
        &[],
        &fake_othello(&format!("script {white}")),
        &format!("{input}n\n"),
    )
    .success();
    let text = stdout(&assert);
    assert!(text.contains("the computer (O) plays a3\n"));
    assert!(text.contains("you have no legal move: you pass\n"));
    assert!(text.contains("the computer (O) has no legal move: it passes\n"));
    assert!(text.contains(
        "X (black) 25, O (white) 38\ngame over: you 25, the computer 38: the computer wins\n"
    ));
    assert!(text.contains("score: you 0, the computer 1, draws 0\n"));
    assert!(text.ends_with("play again? [y/n, q quits] n\nbye\n"));
}

#[test]
fn othello_the_computer_can_move_first_and_games_run_to_the_end() {
    // Every turn the person tries all 64 squares in order, so some legal one is taken.
    let turn: String = (1..=8)
        .flat_map(|row| ('a'..='h').map(move |column| format!("{column}{row}\n")))
        .collect();
    let input = format!("{}n\n", turn.repeat(40));
    let assert = othello(&["-r"], &fake_othello("first"), &input).success();
    let text = stdout(&assert);
    assert!(text.contains("othello: you are O (white); the computer is X (black)."));
    // Black's first legal square in a1..h8 order is d3.
    assert!(text.contains("the computer (X) plays d3\n"));
    let over = text
        .lines()
        .find(|line| line.starts_with("game over: you "))
        .unwrap();
    let counts: Vec<u32> = over
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|word| word.parse().ok())
        .collect();
    assert!(counts.len() == 2 && counts[0] + counts[1] <= 64, "{over}");
    assert!(text.contains("score: you "));
}

#[test]
fn othello_against_the_real_othello_player() {
    // The judge builds othello_player and plays it through its protocol; the person tries all
    // 64 squares in order every turn.
    let turn: String = (1..=8)
        .flat_map(|row| ('a'..='h').map(move |column| format!("{column}{row}\n")))
        .collect();
    let assert = play(&["othello"], &format!("{}n\n", turn.repeat(40))).success();
    let text = stdout(&assert);
    assert!(text.contains("your move (X), like d3 (q quits): a1\na1 flips nothing"));
    assert!(text.contains("the computer (O) plays "));
    assert!(text.contains("game over: you "));
    assert!(text.contains("score: you "));
}

#[test]
fn othello_a_computer_that_breaks_the_protocol_is_an_error() {
    othello(&["-r"], &fake_othello("garbage"), "")
        .code(1)
        .stderr(contains(
            "error: the computer wrote \"hello\", not a square or PS",
        ));
    othello(&["-r"], &fake_othello("illegal"), "")
        .code(1)
        .stderr(contains(
            "error: the computer played a1, which is refused: a1 flips nothing",
        ));
}

/// One session in a real terminal: tmux runs `judge play`, keys are sent, the screen is read.
#[test]
fn a_session_in_a_real_terminal() {
    if StdCommand::new("tmux").arg("-V").output().is_err() {
        common::skip(
            "needs tmux",
            "tmux is not installed (apt-get install -y tmux)",
        );
        return;
    }
    let judge = assert_cmd::cargo::cargo_bin("judge");
    // A socket of its own, named for this test run, so no other tmux session is touched.
    let socket = format!("judge-play-test-{}", std::process::id());
    let tmux = |arguments: &[&str]| {
        StdCommand::new("tmux")
            .arg("-L")
            .arg(&socket)
            .args(arguments)
            .output()
            .unwrap()
    };
    let command = format!("{} play --seed 8; sleep 30", judge.display());
    // Started with no pipes: the tmux server it forks would hold them open.
    StdCommand::new("tmux")
        .args([
            "-L",
            &socket,
            "new-session",
            "-d",
            "-x",
            "100",
            "-y",
            "50",
            &command,
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    let screen = |wanted: &str| {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let text = String::from_utf8(tmux(&["capture-pane", "-p"]).stdout).unwrap();
            if text.contains(wanted) {
                return text;
            }
            if Instant::now() > deadline {
                tmux(&["kill-server"]);
                panic!("no {wanted:?} on the screen:\n{text}");
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    };
    // (A captured pane has no trailing spaces.)
    let first = screen("(q quits):");
    tmux(&["send-keys", "4", "Enter"]);
    let after = screen("the computer takes");
    tmux(&["send-keys", "q", "Enter"]);
    let end = screen("bye");
    tmux(&["kill-server"]);
    assert!(first.contains("you are o and move first"), "{first}");
    // Typed input is shown once, by the terminal itself (no echo on a terminal).
    assert!(
        after.contains("your move (o), a free cell 0-8 (q quits): 4\nthe computer takes"),
        "{after}"
    );
    assert!(end.contains("you quit: game abandoned\nbye"), "{end}");
}
