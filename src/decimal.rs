//! Decimal digits without the formatting machinery (`core::fmt`), for the
//! numbers written once per ply: a FEN's clocks, the packed plies' offsets.

/// Calls `push` with the decimal digits of `n`, most significant first.
pub(crate) fn digits(n: u64, push: &mut impl FnMut(u8)) {
    if n >= 10 {
        digits(n / 10, push);
    }
    push(b'0' + (n % 10) as u8);
}

#[cfg(test)]
mod tests {
    #[test]
    fn digits_are_written_as_display_writes_them() {
        for n in [0, 7, 10, 99, 100, 1234567, u64::MAX] {
            let mut s = String::new();
            super::digits(n, &mut |d| s.push(char::from(d)));
            assert_eq!(s, n.to_string());
        }
    }
}
