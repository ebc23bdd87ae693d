//! Validator for weighted_tic_tac_toe (AtCoder ABC349 E): three lines of three integers with
//! single spaces, each |A| <= 10^9, and an odd sum.

use super::reader::{Invalid, Reader};

/// The largest |A[i][j]|.
const LIMIT: i64 = 1_000_000_000;

pub fn validate(input: &[u8]) -> Result<(), Invalid> {
    let mut reader = Reader::new(input);
    let mut sum = 0i64;
    for row in 1..=3 {
        for column in 1..=3 {
            if column > 1 {
                reader.read_space("numbers")?;
            }
            sum += reader.read_integer(-LIMIT, LIMIT, &format!("A[{row}][{column}]"))?;
        }
        if row == 3 && sum % 2 == 0 {
            return Err(reader.fail(format!(
                "the sum of the grid is {sum}, even; it must be odd"
            )));
        }
        reader.read_line_end()?;
    }
    reader.read_end()
}
