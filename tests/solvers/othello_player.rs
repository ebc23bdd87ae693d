//! othello_player, the binary: whole games over pipes against a seeded random opponent, every
//! move of the player checked by a referee written here (moves found by walking the board square
//! by square, independent of the player's bitboards), and its exit statuses.

use assert_cmd::Command;
use predicates::str::contains;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command as Process, Stdio};

const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// A board as 64 cells: 'X', 'O' or '-'; index = file + 8 * rank, a1 = 0.
pub type Board = [char; 64];

/// The discs `colour` flips by playing `square`: empty when the move is not legal.
pub fn flips(board: &Board, colour: char, square: usize) -> Vec<usize> {
    let opponent = if colour == 'X' { 'O' } else { 'X' };
    let mut flipped = Vec::new();
    if board[square] != '-' {
        return flipped;
    }
    for (file_step, rank_step) in DIRECTIONS {
        let (mut file, mut rank) = ((square % 8) as i32, (square / 8) as i32);
        let mut run = Vec::new();
        loop {
            file += file_step;
            rank += rank_step;
            if !(0..8).contains(&file) || !(0..8).contains(&rank) {
                break;
            }
            let at = (rank * 8 + file) as usize;
            if board[at] == opponent {
                run.push(at);
            } else {
                if board[at] == colour {
                    flipped.extend(run);
                }
                break;
            }
        }
    }
    flipped
}

pub fn legal_moves(board: &Board, colour: char) -> Vec<usize> {
    (0..64)
        .filter(|&square| !flips(board, colour, square).is_empty())
        .collect()
}

pub fn name(square: usize) -> String {
    format!("{}{}", (b'a' + (square % 8) as u8) as char, square / 8 + 1)
}

/// Seeded pseudo-random numbers (xorshift64), the same on every run.
fn random_numbers(mut seed: u64) -> impl FnMut(usize) -> usize {
    move |below| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % below as u64) as usize
    }
}

/// Plays the given games (the player's colour each) against random moves through the binary,
/// checks every line the player writes, then closes its input. Returns the player's final disc
/// difference per game and its exit status.
fn play_against_random(colours: &[char], seed: u64) -> (Vec<i32>, Option<i32>) {
    let mut child = Process::new(assert_cmd::cargo::cargo_bin("othello_player"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut to_player = child.stdin.take().unwrap();
    let mut from_player = BufReader::new(child.stdout.take().unwrap());
    let mut random = random_numbers(seed);
    let mut results = Vec::new();
    for &mine in colours {
        writeln!(to_player, "{mine}").unwrap();
        let mut board: Board = ['-'; 64];
        board[27] = 'O'; // d4
        board[36] = 'O'; // e5
        board[35] = 'X'; // d5
        board[28] = 'X'; // e4
        let mut colour = 'X';
        let other = |colour: char| if colour == 'X' { 'O' } else { 'X' };
        loop {
            let legal = legal_moves(&board, colour);
            if legal.is_empty() && legal_moves(&board, other(colour)).is_empty() {
                break;
            }
            let square = if colour == mine {
                let mut line = String::new();
                from_player.read_line(&mut line).unwrap();
                let line = line.trim_end();
                if legal.is_empty() {
                    assert_eq!(line, "PS", "the player has no move: {board:?}");
                    None
                } else {
                    let square = legal.iter().copied().find(|&square| name(square) == line);
                    assert!(square.is_some(), "{line:?} is not one of {legal:?}");
                    square
                }
            } else if legal.is_empty() {
                writeln!(to_player, "PS").unwrap();
                None
            } else {
                let square = legal[random(legal.len())];
                // Upper case half the time: the player reads either.
                let text = name(square);
                let text = if random(2) == 0 {
                    text.to_uppercase()
                } else {
                    text
                };
                writeln!(to_player, "{text}").unwrap();
                Some(square)
            };
            to_player.flush().unwrap();
            if let Some(square) = square {
                for flipped in flips(&board, colour, square) {
                    board[flipped] = colour;
                }
                board[square] = colour;
            }
            colour = other(colour);
        }
        let count = |colour: char| board.iter().filter(|&&cell| cell == colour).count() as i32;
        results.push(count(mine) - count(other(mine)));
    }
    drop(to_player);
    let mut rest = String::new();
    from_player.read_line(&mut rest).unwrap();
    assert_eq!(rest, "", "nothing after the last game");
    (results, child.wait().unwrap().code())
}

#[test]
fn plays_whole_games_as_either_colour_and_exits_0_at_the_end_of_input() {
    let (results, status) = play_against_random(&['X', 'O', 'O', 'X'], 0x5EED_0001);
    assert_eq!(status, Some(0));
    assert_eq!(results.len(), 4);
    assert!(
        results.iter().all(|&difference| difference > 0),
        "wins every game against random moves: {results:?}"
    );
}

#[test]
fn no_game_is_a_clean_exit() {
    let mut player = Command::cargo_bin("othello_player").unwrap();
    player.write_stdin("").assert().success().stdout("");
}

#[test]
fn bad_judge_lines_are_an_error_with_status_1() {
    let cases = [
        (
            "hello\n",
            "error: line 1: expected the player's colour X or O, found \"hello\"",
        ),
        (
            "O\nd4\n",
            "error: line 2: d4 is not a legal move for X (legal: d3 c4 f5 e6)",
        ),
        ("O\nPS\n", "error: line 2: PS, but X has a legal move"),
        (
            "O\n",
            "error: line 2: expected the judge's move for X, found the end of input",
        ),
    ];
    for (input, message) in cases {
        let mut player = Command::cargo_bin("othello_player").unwrap();
        player
            .write_stdin(input)
            .assert()
            .code(1)
            .stdout("")
            .stderr(contains(message));
    }
    // As X the player has written its first move before the bad reply.
    let mut player = Command::cargo_bin("othello_player").unwrap();
    let output = player.write_stdin("X\nz9\n").assert().code(1);
    let output = output.get_output();
    assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 1);
    assert!(String::from_utf8_lossy(&output.stderr)
        .contains("error: line 2: expected a square a1-h8 or PS, found \"z9\""));
}
