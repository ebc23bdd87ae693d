//! The shared block `main`: `main` of a batch solver: it reads the whole input, answers it with
//! `run` and writes the answers, or says what is wrong.
//!
//! This file is its one source. A submission must be a single file, so move_values.rs and
//! weighted_tic_tac_toe.rs carry a copy of it between `// ---- shared: main` and
//! `// ---- end shared: main ----`. Edit it here, never in a copy, then write it into them with
//! `BLESS=1 cargo test --test solvers shared_code`; without `BLESS` that test fails while a copy
//! differs from this file.

/// Reads the whole input, answers it with `run`, and writes the answers; or says what is wrong.
fn main() {
    let mut bytes = Vec::new();
    if let Err(error) = io::stdin().read_to_end(&mut bytes) {
        fail(&format!("cannot read the input: {}", error));
    }
    let output = match run(&bytes) {
        Ok(output) => output,
        Err(error) => fail(&error.to_string()),
    };
    write_output(output.as_bytes());
}
