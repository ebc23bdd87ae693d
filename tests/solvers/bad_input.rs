//! Bad input through the real binaries: `error: line N: …` on stderr, exit status 1, nothing on
//! stdout (not even the answers for the good lines before the bad one), and never a panic.

use assert_cmd::Command;
use predicates::prelude::*;

/// Runs `solver` on `input` and checks the whole error contract; `message` is the exact stderr
/// line after `error: `.
fn rejects(solver: &str, input: &[u8], message: &str) {
    Command::cargo_bin(solver)
        .unwrap()
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::eq(format!("error: {message}\n")));
}

#[test]
fn perfect_play_rejects_wrong_length_and_characters() {
    let found_4 = "line 2: expected a board of 9 characters (o, x or s), found 4 characters";
    rejects("perfect_play", b"sssssssss\nssss\n", found_4);
    rejects(
        "perfect_play",
        b"sssssssss\nssssssssss\n",
        &found_4.replace('4', "10"),
    );
    rejects(
        "perfect_play",
        b"sssssssss\n\nssssosssX\n",
        "line 3: expected o, x or s, found 'X' at column 9",
    );
    rejects(
        "perfect_play",
        "ｏssssssss\n".as_bytes(),
        "line 1: expected o, x or s, found 'ｏ' at column 1",
    );
    rejects(
        "perfect_play",
        b"sssssssss\nsss\xffsssss\n",
        "line 2: the input is not UTF-8 text",
    );
}

#[test]
fn perfect_play_rejects_each_kind_of_illegal_position() {
    rejects(
        "perfect_play",
        b"xssssssss\n",
        "line 1: illegal position: 0 o and 1 x (o moves first, so o must have as many as x or one more)",
    );
    rejects(
        "perfect_play",
        b"ooosssxxx\n",
        "line 1: illegal position: both o and x have three in a row",
    );
    rejects(
        "perfect_play",
        b"sssssssss\noooxxsxss\n",
        "line 2: illegal position: o has three in a row but x moved after it (equal counts)",
    );
    rejects(
        "perfect_play",
        b"xxxoososo\n",
        "line 1: illegal position: x has three in a row but o moved after it (o has one more)",
    );
}

#[test]
fn board_winner_rejects_bad_boards_and_double_lines() {
    rejects(
        "board_winner",
        b"ooosxssxs\nooosssxxx\n",
        "line 2: both o and x have three in a row (the game ends at the first line)",
    );
    rejects(
        "board_winner",
        b"ooosxssx\n",
        "line 1: expected a board of 9 characters (o, x or s), found 8 characters",
    );
    rejects(
        "board_winner",
        b"oo-sxssxs\n",
        "line 1: expected o, x or s, found '-' at column 3",
    );
}

#[test]
fn weighted_rejects_bad_grids() {
    let w = "weighted_tic_tac_toe";
    rejects(
        w,
        b"0 0 0\n0 1\n0 0 0\n",
        "line 2: expected 3 integers, found 2 words: \"0 1\"",
    );
    rejects(
        w,
        b"0 0 0\n0 1 0 0\n0 0 0\n",
        "line 2: expected 3 integers, found 4 words: \"0 1 0 0\"",
    );
    rejects(
        w,
        b"0 0 0\n0 1 0\n0 0.5 0\n",
        "line 3: expected an integer, found \"0.5\"",
    );
    rejects(
        w,
        b"0 0 0\n0 1 0\n0 0 1000000001\n",
        "line 3: 1000000001 is out of range (|A| <= 10^9)",
    );
    rejects(
        w,
        b"0 0 0\n0 2 0\n0 0 0\n",
        "line 3: the sum of the grid is 2, which is even; it must be odd",
    );
    rejects(
        w,
        b"0 0 0\n0 1 0\n",
        "line 3: expected 3 rows of 3 integers, found end of input after 2",
    );
    rejects(
        w,
        b"0 0 0\n0 1 0\n0 0 0\n0 0 0\n",
        "line 4: expected end of input after 3 rows, found \"0 0 0\"",
    );
}

#[test]
fn move_values_rejects_bad_rules_and_illegal_boards() {
    let m = "move_values";
    rejects(
        m,
        b"sssssssss normal
sssssssss
",
        "line 2: expected a board and a rule (normal or misere), found 1 word",
    );
    rejects(
        m,
        b"sssssssss losing
",
        "line 1: expected the rule normal or misere, found \"losing\"",
    );
    rejects(
        m,
        b"oooxxxsss misere
",
        "line 1: illegal position: both o and x have three in a row",
    );
    rejects(
        m,
        b"ssss normal
",
        "line 1: expected a board of 9 characters (o, x or s), found 4 characters",
    );
}
