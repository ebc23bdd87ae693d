//! What `judge validate` is asked to check: the named solvers' folders with their built-in
//! validators (all when none is named), or one folder with a validator command.

/// The folders `judge validate` checks, and with what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValidateOptions {
    /// Solver names, or with `command` the one folder.
    pub names: Vec<String>,
    /// `--validator 'COMMAND'`: this command instead of the built-in validators.
    pub command: Option<String>,
}

impl ValidateOptions {
    /// The options for `judge validate NAMES` with `--validator COMMAND` if given, or why they do
    /// not fit.
    pub fn new(names: Vec<String>, command: Option<String>) -> Result<ValidateOptions, String> {
        if command.is_some() && names.len() != 1 {
            return Err(format!(
                "--validator takes one folder: judge validate --validator 'COMMAND' DIR, found {}",
                names.len()
            ));
        }
        Ok(ValidateOptions { names, command })
    }
}
