//! The `judge` command (src/main.rs over src/lib.rs) end to end through its binary, and the
//! library pieces it is built on; one module per subject. The modules and tests marked
//! `#[cfg(feature = "slow-tests")]` are the slow tier (docs/TESTING.md): `cargo test` leaves
//! them out, `cargo test --features slow-tests` runs them too.

#![warn(clippy::too_many_lines)]

#[path = "../common/mod.rs"]
mod common;

mod batch_judging;
mod hostile_programs;
mod installed;
mod interactors;
#[cfg(feature = "slow-tests")]
mod kattis_packages;
#[cfg(feature = "slow-tests")]
mod languages;
mod layouts;
mod misere_minimax;
mod mutants;
mod play;
#[cfg(feature = "slow-tests")]
mod polygon_packages;
mod report_formats;
mod sandbox;
mod seccomp;
mod shards;
mod stress;
mod tic_tac_toe_opponents;
mod tiers;
mod validators;
#[cfg(feature = "slow-tests")]
mod verify_packages;
#[cfg(feature = "slow-tests")]
mod verify_shards;
