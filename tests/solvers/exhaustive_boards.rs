//! perfect_play and board_winner against an independent brute force on every board.
//!
//! The legal positions are found by playing every game from the empty board (not by the count
//! rules the solver uses); the brute force is a plain minimax without memo over character boards.

use crate::common::has_three;
use assert_cmd::Command;
use std::collections::BTreeSet;

#[path = "../../src/bin/board_winner.rs"]
#[allow(dead_code)]
mod board_winner;
#[path = "../../src/bin/perfect_play.rs"]
#[allow(dead_code)]
mod perfect_play;

/// Every board reachable by legal play from the empty board, o first, stopping at a win.
fn reachable(board: &mut [u8; 9], to_move: u8, found: &mut BTreeSet<String>) {
    found.insert(String::from_utf8(board.to_vec()).unwrap());
    if has_three(board, b'o') || has_three(board, b'x') {
        return;
    }
    for cell in 0..9 {
        if board[cell] == b's' {
            board[cell] = to_move;
            reachable(board, if to_move == b'o' { b'x' } else { b'o' }, found);
            board[cell] = b's';
        }
    }
}

fn legal_positions() -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    reachable(&mut [b's'; 9], b'o', &mut found);
    found
}

/// Plain minimax: +1 o wins, 0 draw, -1 x wins.
fn minimax(board: &mut [u8; 9]) -> i32 {
    if has_three(board, b'o') {
        return 1;
    }
    if has_three(board, b'x') {
        return -1;
    }
    let count = |mark| board.iter().filter(|&&c| c == mark).count();
    let to_move = if count(b'o') == count(b'x') {
        b'o'
    } else {
        b'x'
    };
    let mut best: Option<i32> = None;
    for cell in 0..9 {
        if board[cell] == b's' {
            board[cell] = to_move;
            let value = minimax(board);
            board[cell] = b's';
            best = Some(match best {
                None => value,
                Some(best) if to_move == b'o' => best.max(value),
                Some(best) => best.min(value),
            });
        }
    }
    best.unwrap_or(0)
}

fn expected_perfect_play(text: &str) -> char {
    let mut board: [u8; 9] = text.as_bytes().try_into().unwrap();
    match minimax(&mut board) {
        1 => 'o',
        -1 => 'x',
        _ => 'd',
    }
}

fn expected_winner(text: &str) -> Option<char> {
    let board: [u8; 9] = text.as_bytes().try_into().unwrap();
    match (has_three(&board, b'o'), has_three(&board, b'x')) {
        (true, true) => None,
        (true, false) => Some('o'),
        (false, true) => Some('x'),
        (false, false) => Some('d'),
    }
}

fn all_boards() -> Vec<String> {
    (0..19683u32)
        .map(|mut number| {
            (0..9)
                .map(|_| {
                    let mark = ['s', 'o', 'x'][(number % 3) as usize];
                    number /= 3;
                    mark
                })
                .collect()
        })
        .collect()
}

/// Runs a solver binary on the boards, one per line, and returns its answer lines.
fn answers_of(solver: &str, boards: &[&String]) -> Vec<String> {
    let input: String = boards.iter().map(|board| format!("{board}\n")).collect();
    let output = Command::cargo_bin(solver)
        .unwrap()
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{solver}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn there_are_5478_legal_positions() {
    assert_eq!(legal_positions().len(), 5478);
}

#[test]
fn perfect_play_binary_matches_minimax_on_every_legal_position() {
    let legal: Vec<String> = legal_positions().into_iter().collect();
    let answers = answers_of("perfect_play", &legal.iter().collect::<Vec<_>>());
    assert_eq!(answers.len(), legal.len());
    let mut counts = [0; 3];
    for (board, answer) in legal.iter().zip(&answers) {
        let expected = expected_perfect_play(board);
        assert_eq!(answer, &expected.to_string(), "board {board}");
        counts["oxd".find(expected).unwrap()] += 1;
    }
    println!(
        "checked {} legal positions: o {}, x {}, d {}",
        legal.len(),
        counts[0],
        counts[1],
        counts[2]
    );
    assert!(
        counts.iter().all(|&count| count > 100),
        "every outcome occurs: {counts:?}"
    );
}

#[test]
fn perfect_play_rejects_every_other_board() {
    let legal = legal_positions();
    let table = perfect_play::outcome_table();
    let mut rejected = 0;
    for board in all_boards().iter().filter(|board| !legal.contains(*board)) {
        let error = perfect_play::answer(&table, 7, board).expect_err(board);
        assert_eq!(error.line, 7);
        assert!(
            error.message.starts_with("illegal position: "),
            "{board}: {}",
            error.message
        );
        rejected += 1;
    }
    println!("rejected {rejected} illegal boards");
    assert_eq!(rejected, 14205);
}

#[test]
fn board_winner_binary_matches_a_line_check_on_every_legal_position() {
    let legal: Vec<String> = legal_positions().into_iter().collect();
    let answers = answers_of("board_winner", &legal.iter().collect::<Vec<_>>());
    assert_eq!(answers.len(), legal.len());
    for (board, answer) in legal.iter().zip(&answers) {
        assert_eq!(
            answer,
            &expected_winner(board).unwrap().to_string(),
            "board {board}"
        );
    }
}

#[test]
fn board_winner_answers_every_board_and_rejects_both_lines() {
    let mut both = 0;
    for board in all_boards() {
        match expected_winner(&board) {
            Some(winner) => assert_eq!(board_winner::answer(1, &board), Ok(winner), "{board}"),
            None => {
                both += 1;
                let error = board_winner::answer(1, &board).expect_err(&board);
                assert!(
                    error.message.contains("both o and x"),
                    "{board}: {}",
                    error.message
                );
            }
        }
    }
    assert!(both > 0, "some boards show both players with a line");
}

/// Both line solvers on every legal position 13 times over (71,214 lines: more than the two
/// blocks of 32,768 lines their output is written in, and not a whole number of the 32 answers
/// a held word has), with a CRLF line now and then (read the slow way, so the groups of eight
/// after it start elsewhere in a held word): every answer in its place.
#[test]
fn line_solvers_answer_blocks_of_lines_in_order() {
    let legal: Vec<String> = legal_positions().into_iter().collect();
    let (mut input, mut perfect_play, mut winner) = (String::new(), String::new(), String::new());
    for round in 0..13 {
        for (index, board) in legal.iter().enumerate() {
            input.push_str(board);
            input.push_str(if (index + round) % 997 == 0 {
                "\r\n"
            } else {
                "\n"
            });
            perfect_play.push(expected_perfect_play(board));
            perfect_play.push('\n');
            winner.push(expected_winner(board).unwrap());
            winner.push('\n');
        }
    }
    assert_eq!(perfect_play.len(), 2 * 13 * 5478);
    for (solver, expected) in [("perfect_play", perfect_play), ("board_winner", winner)] {
        let output = Command::cargo_bin(solver)
            .unwrap()
            .write_stdin(input.clone())
            .output()
            .unwrap();
        assert!(output.status.success(), "{solver}");
        let output = String::from_utf8(output.stdout).unwrap();
        let first_wrong = output
            .lines()
            .zip(expected.lines())
            .position(|(found, wanted)| found != wanted);
        assert_eq!(first_wrong, None, "{solver}: the first wrong answer's line");
        assert_eq!(output, expected, "{solver}");
    }
}

/// The value of moving to `cell` for the side to move, by plain minimax: +1 win, 0 draw, -1
/// loss; under misère rules completing a line loses.
fn brute_move_value(board: &mut [u8; 9], cell: usize, misere: bool) -> i32 {
    let count = |board: &[u8; 9], mark| board.iter().filter(|&&c| c == mark).count();
    let mover = if count(board, b'o') == count(board, b'x') {
        b'o'
    } else {
        b'x'
    };
    board[cell] = mover;
    let value = if has_three(board, mover) {
        if misere {
            -1
        } else {
            1
        }
    } else if !board.contains(&b's') {
        0
    } else {
        let free: Vec<usize> = (0..9).filter(|&next| board[next] == b's').collect();
        -free
            .into_iter()
            .map(|next| brute_move_value(board, next, misere))
            .max()
            .unwrap()
    };
    board[cell] = b's';
    value
}

fn expected_move_values(text: &str, misere: bool) -> String {
    let mut board: [u8; 9] = text.as_bytes().try_into().unwrap();
    if has_three(&board, b'o') || has_three(&board, b'x') || !board.contains(&b's') {
        return "over".to_string();
    }
    let cells: Vec<String> = (0..9)
        .map(|cell| match board[cell] {
            b's' => brute_move_value(&mut board, cell, misere).to_string(),
            _ => ".".to_string(),
        })
        .collect();
    cells.join(" ")
}

#[test]
fn move_values_binary_matches_minimax_on_every_legal_position_under_both_rules() {
    let legal: Vec<String> = legal_positions().into_iter().collect();
    let lines: Vec<String> = legal
        .iter()
        .flat_map(|board| [format!("{board} normal"), format!("{board} misere")])
        .collect();
    let answers = answers_of("move_values", &lines.iter().collect::<Vec<_>>());
    assert_eq!(answers.len(), lines.len());
    let mut over = 0;
    for (line, answer) in lines.iter().zip(&answers) {
        let (board, rule) = line.split_once(' ').unwrap();
        let expected = expected_move_values(board, rule == "misere");
        over += usize::from(expected == "over");
        assert_eq!(answer, &expected, "{line}");
    }
    println!(
        "checked {} lines (5478 positions x 2 rules), {over} of them finished games",
        lines.len()
    );
    assert_eq!(lines.len(), 2 * 5478);
}

/// The (input line, expected line) pairs of every case of `cases/<problem>`.
fn folder_lines(problem: &str) -> Vec<(String, String, String)> {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("cases")
        .join(problem);
    let mut inputs: Vec<_> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "in"))
        .collect();
    inputs.sort();
    assert!(!inputs.is_empty(), "no cases in {}", folder.display());
    let mut lines = Vec::new();
    for input in inputs {
        let case = input.file_stem().unwrap().to_string_lossy().into_owned();
        let given = std::fs::read_to_string(&input).unwrap();
        let expected = std::fs::read_to_string(input.with_extension("out")).unwrap();
        let given: Vec<&str> = given.lines().collect();
        let expected: Vec<&str> = expected.lines().collect();
        assert_eq!(
            given.len(),
            expected.len(),
            "{problem}/{case}: one answer a line"
        );
        for (line, answer) in given.iter().zip(expected) {
            lines.push((case.clone(), line.to_string(), answer.to_string()));
        }
    }
    lines
}

#[test]
fn every_shipped_case_of_the_board_folders_matches_the_brute_force() {
    for (case, board, answer) in folder_lines("board_winner") {
        let expected = expected_winner(&board).unwrap().to_string();
        assert_eq!(
            answer, expected,
            "board_winner/{case}: for the input line {board:?}, the .out says {answer:?} (left), a brute force says {expected:?} (right)"
        );
    }
    for (case, board, answer) in folder_lines("perfect_play") {
        let expected = expected_perfect_play(&board).to_string();
        assert_eq!(
            answer, expected,
            "perfect_play/{case}: for the input line {board:?}, the .out says {answer:?} (left), a brute force says {expected:?} (right)"
        );
    }
    for (case, line, answer) in folder_lines("move_values") {
        let (board, rule) = line.split_once(' ').unwrap();
        let expected = expected_move_values(board, rule == "misere");
        assert_eq!(
            answer, expected,
            "move_values/{case}: for the input line {line:?}, the .out says {answer:?} (left), a brute force says {expected:?} (right)"
        );
    }
}
