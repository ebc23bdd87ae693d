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

#[cfg(test)]
mod tests {
    use super::super::check_near_misses;
    use super::validate;

    #[test]
    fn one_near_miss_per_rule() {
        check_near_misses(
            validate,
            b"-1 1 0\n-4 -2 -5\n-4 -1 -5\n",
            &[
                ("empty input", b"", "line 1: expected A[1][1], found end of input"),
                ("single spaces", b"0  0 0\n0 1 0\n0 0 0\n", "line 1: expected a single space between numbers, found two"),
                ("no leading space", b" 0 0 0\n0 1 0\n0 0 0\n", "line 1: expected A[1][1], found a space"),
                ("no trailing space", b"0 0 0 \n0 1 0\n0 0 0\n", "line 1: expected the end of the line, found a trailing space"),
                ("spaces, not tabs", b"0\t0 0\n0 1 0\n0 0 0\n", "line 1: expected a space between numbers, found a tab"),
                ("LF, not CRLF", b"0 0 0\r\n0 1 0\r\n0 0 0\r\n", "line 1: expected the end of the line, found a CR (line ends must be LF, not CRLF)"),
                ("a final newline", b"0 0 0\n0 1 0\n0 0 0", "line 3: expected a newline at the end of the line, found end of input"),
                ("nothing after the grid", b"0 0 0\n0 1 0\n0 0 0\n\n", "line 4: expected end of input, found an empty line"),
                ("three numbers a row, not four", b"0 0 0 0\n0 1 0\n0 0 0\n", "line 1: expected the end of the line, found more: \" 0\""),
                ("three numbers a row, not two", b"0 0\n0 1 0\n0 0 0\n", "line 1: expected a space between numbers, found the end of the line"),
                ("three rows", b"0 0 0\n0 1 0\n", "line 3: expected A[3][1], found end of input"),
                ("integers", b"0 0 0\n0 1 0\n0 0.5 0\n", "line 3: expected A[3][2] as an integer, found \"0.5\""),
                ("no leading zeros", b"0 0 0\n0 01 0\n0 0 0\n", "line 2: expected A[2][2] as an integer, found \"01\""),
                ("no plus sign", b"0 0 0\n0 +1 0\n0 0 0\n", "line 2: expected A[2][2] as an integer, found \"+1\""),
                ("|A| <= 10^9", b"0 0 0\n0 1 0\n0 0 -1000000001\n", "line 3: A[3][3] is -1000000001, out of range [-1000000000, 1000000000]"),
                ("an odd sum", b"0 0 0\n0 2 0\n0 0 0\n", "line 3: the sum of the grid is 2, even; it must be odd"),
            ],
        );
    }
}
