//! The games' own rules, independent of any judging: tic-tac-toe (with its computer strategies
//! and the built-in opponent's case files) and Othello (with its opponent's case files), and the
//! `key value` reader those case files share.

pub mod case_keys;
pub mod othello;
pub mod tic_tac_toe;
