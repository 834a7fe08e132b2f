//! Decimal digits without the formatting machinery (`core::fmt`), for the
//! numbers written once per ply: a FEN's clocks, the packed plies' offsets.

/// The decimal digits of a number, written into a buffer of its own (a
/// loop, not recursion: in the wasm the recursive writer was 5% of
/// analysing a game).
pub(crate) struct Digits {
    bytes: [u8; 20],
    start: usize,
}

impl Digits {
    pub(crate) fn of(mut n: u64) -> Digits {
        let mut digits = Digits { bytes: [b'0'; 20], start: 20 };
        loop {
            digits.start -= 1;
            digits.bytes[digits.start] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                return digits;
            }
        }
    }

    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.bytes[self.start..]
    }

    #[cfg(test)]
    pub(crate) fn as_str(&self) -> &str {
        std::str::from_utf8(self.as_bytes()).unwrap_or("0")
    }
}

#[cfg(test)]
mod tests {
    use super::Digits;

    #[test]
    fn digits_are_written_as_display_writes_them() {
        for n in [0, 7, 10, 99, 100, 1234567, u64::MAX] {
            assert_eq!(Digits::of(n).as_str(), n.to_string());
        }
    }
}
