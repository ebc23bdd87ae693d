//! The solvers' errors as a person reads them, through the real binaries: errors that quote a
//! short piece of a huge line, not the line; a byte-order mark named as such; the first bad line
//! reported first, whatever is wrong with it; counts in words that agree; and othello_endgame's
//! note before a position too big to solve soon.

use crate::common::SHORT;
use assert_cmd::Command;

/// Runs `solver` on `input`: its exit code, stdout and stderr.
fn run(solver: &str, input: &[u8]) -> (Option<i32>, String, String) {
    let output = Command::cargo_bin(solver)
        .unwrap()
        .write_stdin(input)
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// Checks the error contract (exit 1, nothing on stdout, stderr ending in one `error: ` line)
/// and returns the whole of stderr: that line alone, except for the interactive players, which
/// show the game for a person watching before it.
fn error_line(solver: &str, input: &[u8]) -> String {
    let (code, stdout, stderr) = run(solver, input);
    assert_eq!(code, Some(1), "{solver}: {stderr:.200}");
    assert_eq!(stdout, "", "{solver}");
    let last = stderr.trim_end().rsplit('\n').next().unwrap();
    assert!(last.starts_with("error: line "), "{solver}: {stderr:.200}");
    assert_eq!(
        stderr.matches("error:").count(),
        1,
        "{solver}: {stderr:.200}"
    );
    if !solver.ends_with("_player") {
        assert_eq!(stderr.matches('\n').count(), 1, "{solver}: {stderr:.200}");
    }
    stderr
}

#[test]
fn a_10_mb_line_gives_a_short_error_in_every_solver() {
    let long = |text: &str| text.repeat(10_000_000 / text.len());
    let cases: Vec<(&str, String)> = vec![
        ("board_winner", long("o")),
        ("perfect_play", long("o")),
        ("move_values", format!("sssssssss {}", long("n"))),
        ("move_values", format!("{} normal", long("s"))),
        ("move_values", format!("sssssssss normal {}", long("s"))),
        ("weighted_tic_tac_toe", format!("0 0 {}", long("x"))),
        ("weighted_tic_tac_toe", format!("0 0 {}", long("9"))),
        ("weighted_tic_tac_toe", long("1 ")),
        (
            "weighted_tic_tac_toe",
            format!("0 0 0\n0 1 0\n0 0 0\n{}", long("z")),
        ),
        ("othello_endgame", long("-")),
        (
            "othello_endgame",
            format!("{} {}", "-".repeat(64), long("X")),
        ),
        (
            "othello_endgame",
            format!("{} X {}", "-".repeat(64), long("y")),
        ),
        ("tic_tac_toe_player", long("o")),
        ("tic_tac_toe_player", format!("x\n{}", long("7"))),
        ("tic_tac_toe_player", format!("x\n{}", long("\u{1b}"))),
        ("othello_player", long("X")),
        ("othello_player", format!("O\n{}", long("d"))),
        ("othello_player", format!("O\n{}", long("P"))),
    ];
    for (solver, input) in cases {
        let stderr = error_line(solver, format!("{input}\n").as_bytes());
        assert!(
            stderr.len() <= SHORT,
            "{solver}: {} bytes on stderr: {:.200}",
            stderr.len(),
            stderr
        );
    }
    // Exactly what one of them says: 40 characters, `…`, the length.
    assert_eq!(
        error_line("tic_tac_toe_player", format!("{}\n", long("o")).as_bytes()),
        format!(
            "error: line 1: expected the player's mark o or x, found \"{}\"… (10000000 characters)\n",
            "o".repeat(40)
        )
    );
}

#[test]
fn a_100_kb_token_is_quoted_in_part() {
    let token = "q".repeat(100_000);
    let cut = format!("\"{}\"… (100000 characters)", "q".repeat(40));
    assert_eq!(
        error_line("move_values", format!("sssssssss {token}\n").as_bytes()),
        format!("error: line 1: expected the rule normal or misere, found {cut}\n")
    );
    assert_eq!(
        error_line("weighted_tic_tac_toe", format!("1 {token} 0\n").as_bytes()),
        format!("error: line 1: expected an integer, found {cut}\n")
    );
}

#[test]
fn counts_of_words_agree_and_show_what_was_found() {
    assert_eq!(
        error_line("move_values", b"sssssssss\n"),
        "error: line 1: expected a board and a rule (normal or misere), found 1 word\n"
    );
    assert_eq!(
        error_line("weighted_tic_tac_toe", b"SSSSSSSSS\n"),
        "error: line 1: expected 3 integers, found 1 word: \"SSSSSSSSS\"\n"
    );
    assert_eq!(
        error_line("weighted_tic_tac_toe", b"0 0 0\n0\t1\n0 0 0\n"),
        "error: line 2: expected 3 integers, found 2 words: \"0\\t1\"\n"
    );
}

#[test]
fn a_byte_order_mark_is_named_in_every_solver() {
    let bom = "error: line 1: starts with a UTF-8 byte-order mark (save the file without BOM)\n";
    let inputs = [
        ("board_winner", "ooosxssxs\n"),
        ("perfect_play", "sssssssss\n"),
        ("move_values", "sssssssss normal\n"),
        ("weighted_tic_tac_toe", "0 0 0\n0 1 0\n0 0 0\n"),
        (
            "othello_endgame",
            "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X\n",
        ),
        ("tic_tac_toe_player", "o\n"),
        ("othello_player", "X\n"),
    ];
    for (solver, input) in inputs {
        assert_eq!(
            error_line(solver, format!("\u{feff}{input}").as_bytes()),
            bom,
            "{solver}"
        );
    }
}

#[test]
fn the_first_bad_line_is_reported_first() {
    // A bad board on line 1, bytes that are not UTF-8 on line 3.
    assert_eq!(
        error_line("perfect_play", b"ssss\nsssssssss\nss\xffssssss\n"),
        "error: line 1: expected a board of 9 characters (o, x or s), found 4 characters\n"
    );
    // An illegal position on line 2, then a byte-order mark in the middle (two files joined).
    assert_eq!(
        error_line(
            "perfect_play",
            b"sssssssss\nxxsssssss\n\xef\xbb\xbfsssssssss\n"
        ),
        "error: line 2: illegal position: 0 o and 2 x (o moves first, so o must have as many \
         as x or one more)\n"
    );
    assert_eq!(
        error_line("board_winner", b"ooosxssxs\nooosssxxx\n\xfe\n"),
        "error: line 2: both o and x have three in a row (the game ends at the first line)\n"
    );
    assert_eq!(
        error_line("move_values", b"sssssssss losing\n\xff\n"),
        "error: line 1: expected the rule normal or misere, found \"losing\"\n"
    );
    assert_eq!(
        error_line("weighted_tic_tac_toe", b"0 0\n\xff\n"),
        "error: line 1: expected 3 integers, found 2 words: \"0 0\"\n"
    );
    assert_eq!(
        error_line("othello_endgame", b"---- X\n\xff\n"),
        "error: line 1: expected 64 squares (X, O or -), found 4 characters\n"
    );
    // And the bad bytes themselves, when they come first, on their own line.
    assert_eq!(
        error_line("perfect_play", b"sssssssss\nss\xffssssss\nssss\n"),
        "error: line 2: the input is not UTF-8 text\n"
    );
}

#[test]
fn othello_notes_a_position_past_the_practical_size_without_changing_the_answer() {
    // 40 empty squares, but black's only move (a1, flanking white's only disc on b1 with c1)
    // ends the game at once: the note is printed and the solve is instant.
    let big = format!("-OX{}{} X", "X".repeat(22), "-".repeat(39));
    // FFO #1 (14 empties) before it: no note for it.
    let ffo_1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    let (code, stdout, stderr) = run(
        "othello_endgame",
        format!("{ffo_1}\n; a comment\n{big}\n").as_bytes(),
    );
    assert_eq!(code, Some(0));
    assert_eq!(stdout, "+18 G8\n+64 A1\n");
    assert_eq!(
        stderr,
        "note: line 3: 40 empty squares: an exact solve may take very long \
         (up to about 26 is practical)\n"
    );
    // Bad input after it: the error alone, no note, since nothing is solved.
    assert_eq!(
        error_line("othello_endgame", format!("{big}\nX\n").as_bytes()),
        "error: line 2: expected 64 squares (X, O or -), found 1 character\n"
    );
}
