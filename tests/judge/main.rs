//! The `judge` command (src/main.rs over src/lib.rs) end to end through its binary, and the
//! library pieces it is built on; one module per subject.

#[path = "../common/mod.rs"]
mod common;

mod batch_judging;
mod hostile_programs;
mod installed;
mod interactors;
mod kattis_packages;
mod languages;
mod layers;
mod layouts;
mod misere_minimax;
mod mutants;
mod play;
mod polygon_packages;
mod report_formats;
mod sandbox;
mod seccomp;
mod shards;
mod stress;
mod tic_tac_toe_opponents;
mod validators;
mod verify_packages;
mod verify_shards;
