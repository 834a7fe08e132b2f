//! An evaluation in pawns (`[%eval 0.35]`), read exactly as
//! `str::parse::<f64>` reads it and then rounded to centipawns, without
//! the standard library's float parser: its tables and slow paths were
//! 15 KB of the gzipped wasm module, for this one number.
//!
//! The written decimal is rounded to the nearest `f64` (ties to even), as
//! `parse` does: exactly, by integer arithmetic when the digits do not fit
//! the one-operation fast path.

use std::cmp::Ordering;

/// The evaluation `text` states, in centipawns: `None` if `text` is not a
/// number as `str::parse::<f64>` reads one, or beyond 1000 pawns either way.
pub fn centipawns(text: &str) -> Option<i64> {
    let pawns = match Decimal::parse(text)? {
        Written::Number(d) => d.to_f64()?,
        // `inf`, `infinity`, `nan`: read, but no evaluation.
        Written::NotFinite => return None,
    };
    if pawns.abs() > 1000.0 {
        return None;
    }
    Some((pawns * 100.0).round() as i64)
}

enum Written {
    Number(Decimal),
    NotFinite,
}

/// A halfway point between two neighbouring `f64`s has at most 767
/// significant digits, so digits past the 768th cannot move the rounding
/// except by not all being zero (as in the standard library's parser).
const MAX_DIGITS: usize = 768;

/// A decimal number: `negative`, the significant `digits` (ASCII, no
/// leading or trailing zeros; empty for zero) and the power of ten of the
/// last of them: 0.035 is `"35"`, -3.
struct Decimal {
    negative: bool,
    digits: Vec<u8>,
    exponent: i64,
}

impl Decimal {
    /// Rust's float syntax: a sign, then `inf`, `infinity` or `nan` (any
    /// case), or digits with at most one point (at least one digit) and an
    /// optional exponent (`e` or `E`, a sign, digits).
    fn parse(text: &str) -> Option<Written> {
        let (negative, rest) = match text.as_bytes().first()? {
            b'-' => (true, &text[1..]),
            b'+' => (false, &text[1..]),
            _ => (false, text),
        };
        if ["inf", "infinity", "nan"].iter().any(|word| rest.eq_ignore_ascii_case(word)) {
            return Some(Written::NotFinite);
        }
        let (number, exponent) = match rest.find(['e', 'E']) {
            Some(at) => (&rest[..at], Some(&rest[at + 1..])),
            None => (rest, None),
        };
        let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
        let is_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if whole.len() + fraction.len() == 0 || !is_digits(whole) || !is_digits(fraction) {
            return None;
        }
        let mut written_exponent: i64 = 0;
        if let Some(e) = exponent {
            let digits = e.strip_prefix(['+', '-']).unwrap_or(e);
            if digits.is_empty() || !is_digits(digits) {
                return None;
            }
            // Beyond this the number is 0 or infinite anyway.
            let magnitude = digits.bytes().fold(0i64, |n, b| (n * 10 + i64::from(b - b'0')).min(1 << 40));
            written_exponent = if e.starts_with('-') { -magnitude } else { magnitude };
        }
        let all: Vec<u8> = whole.bytes().chain(fraction.bytes()).collect();
        let start = all.iter().position(|&b| b != b'0').unwrap_or(all.len());
        let end = all.iter().rposition(|&b| b != b'0').map_or(start, |i| i + 1);
        let mut digits = all[start..end].to_vec();
        // The last digit's place: the written exponent, less the fraction's
        // digits, plus the trailing zeros dropped.
        let mut exponent = written_exponent - fraction.len() as i64 + (all.len() - end) as i64;
        // Past MAX_DIGITS only whether a digit is not zero matters (the last
        // is not): one 1 stands for all of them, so the exact arithmetic
        // stays small (a 300 KB number took a second, quadratic).
        if digits.len() > MAX_DIGITS + 1 {
            exponent += (digits.len() - MAX_DIGITS - 1) as i64;
            digits.truncate(MAX_DIGITS);
            digits.push(b'1');
        }
        Some(Written::Number(Decimal { negative, digits, exponent }))
    }

    /// The nearest `f64`, when the number is below 1e5 in size (`None`
    /// above: no evaluation then). Below 1e-20 it may be off, but a
    /// hundred times it still rounds to zero.
    fn to_f64(&self) -> Option<f64> {
        let sign = if self.negative { -1.0 } else { 1.0 };
        let leading = self.exponent + self.digits.len() as i64 - 1;
        if self.digits.is_empty() || leading < -20 {
            return Some(sign * 0.0);
        }
        if leading >= 5 {
            return None;
        }
        // Up to 2^53 with a power of ten up to 1e22, both exact as f64:
        // one correctly rounded operation, as `parse` finds it.
        if self.digits.len() <= 15 && self.exponent.abs() <= 22 {
            let m = self.digits.iter().fold(0u64, |n, &d| n * 10 + u64::from(d - b'0')) as f64;
            let power = 10f64.powi(self.exponent.unsigned_abs() as i32);
            return Some(sign * if self.exponent < 0 { m / power } else { m * power });
        }
        Some(sign * self.nearest())
    }

    /// The nearest `f64` by exact integer arithmetic (1e-20 <= |x| < 1e5):
    /// the value is num / den; scaled by 2^s into [2^52, 2^53) its integer
    /// part is the significand, its remainder decides the rounding.
    fn nearest(&self) -> f64 {
        let mut whole = Big::from_digits(&self.digits);
        let mut den = Big::from(1);
        if self.exponent >= 0 {
            whole.mul_pow10(self.exponent as u64);
        } else {
            den.mul_pow10(self.exponent.unsigned_abs());
        }
        // An estimate of the value from its first digits, to start from.
        let first: String = self.digits.iter().take(17).map(|&d| d as char).collect();
        let kept = self.digits.len().min(17) as i64;
        let estimate = first.bytes().fold(0f64, |n, b| n * 10.0 + f64::from(b - b'0'))
            * 10f64.powi((self.exponent + self.digits.len() as i64 - kept) as i32);
        // 2^52 over the estimate's power of two (it is a normal number).
        let mut s = 52 - (((estimate.to_bits() >> 52) & 0x7ff) as i32 - 1023);
        let scaled = |s: i32| {
            let mut num = whole.clone();
            num.shl(s as u32);
            num
        };
        let mut num = scaled(s);
        // Correct the estimate: 2^52 * den <= num < 2^53 * den.
        loop {
            if num.cmp(&den.times(1 << 52)) == Ordering::Less {
                s += 1;
            } else if num.cmp(&den.times(1 << 53)) != Ordering::Less {
                s -= 1;
            } else {
                break;
            }
            num = scaled(s);
        }
        let mut q = ((estimate * 2f64.powi(s)) as u64).clamp(1 << 52, (1 << 53) - 1);
        while den.times(q).cmp(&num) == Ordering::Greater {
            q -= 1;
        }
        while den.times(q + 1).cmp(&num) != Ordering::Greater {
            q += 1;
        }
        // Round half to even: compare twice the remainder with den.
        let mut twice = num;
        twice.shl(1);
        let up = match twice.cmp(&den.times(2 * q + 1)) {
            Ordering::Greater => true,
            Ordering::Equal => q % 2 == 1,
            Ordering::Less => false,
        };
        (q + u64::from(up)) as f64 * 2f64.powi(-s)
    }
}

/// A natural number as 32-bit limbs, least significant first.
#[derive(Clone, Debug)]
struct Big(Vec<u32>);

impl From<u32> for Big {
    fn from(n: u32) -> Big {
        Big(vec![n])
    }
}

impl Big {
    fn from_digits(digits: &[u8]) -> Big {
        let mut n = Big::from(0);
        for chunk in digits.chunks(9) {
            let value = chunk.iter().fold(0u32, |v, &d| v * 10 + u32::from(d - b'0'));
            n.mul_add(10u32.pow(chunk.len() as u32), value);
        }
        n
    }

    /// self = self * factor + add.
    fn mul_add(&mut self, factor: u32, add: u32) {
        let mut carry = u64::from(add);
        for limb in &mut self.0 {
            let product = u64::from(*limb) * u64::from(factor) + carry;
            *limb = product as u32;
            carry = product >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    fn mul_pow10(&mut self, mut n: u64) {
        while n > 0 {
            let step = n.min(9);
            self.mul_add(10u32.pow(step as u32), 0);
            n -= step;
        }
    }

    /// self * m, for m below 2^64.
    fn times(&self, m: u64) -> Big {
        let mut low = self.clone();
        low.mul_add(m as u32, 0);
        let mut high = self.clone();
        high.mul_add((m >> 32) as u32, 0);
        high.0.insert(0, 0);
        low.add(&high);
        low
    }

    fn add(&mut self, other: &Big) {
        let mut carry = 0u64;
        for i in 0..self.0.len().max(other.0.len()) {
            if i == self.0.len() {
                self.0.push(0);
            }
            let sum = u64::from(self.0[i]) + u64::from(other.0.get(i).copied().unwrap_or(0)) + carry;
            self.0[i] = sum as u32;
            carry = sum >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    fn shl(&mut self, bits: u32) {
        let (limbs, bits) = ((bits / 32) as usize, bits % 32);
        if bits > 0 {
            let mut carry = 0u32;
            for limb in &mut self.0 {
                let shifted = (u64::from(*limb) << bits) | u64::from(carry);
                *limb = shifted as u32;
                carry = (shifted >> 32) as u32;
            }
            if carry > 0 {
                self.0.push(carry);
            }
        }
        self.0.splice(0..0, std::iter::repeat_n(0, limbs));
    }

    fn cmp(&self, other: &Big) -> Ordering {
        let significant = |n: &Big| n.0.iter().rposition(|&l| l != 0).map_or(0, |i| i + 1);
        let (a, b) = (significant(self), significant(other));
        a.cmp(&b).then_with(|| self.0[..a].iter().rev().cmp(other.0[..b].iter().rev()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `eval` did before: the standard library's parser.
    fn reference(text: &str) -> Option<i64> {
        let pawns: f64 = text.parse().ok()?;
        if !pawns.is_finite() || pawns.abs() > 1000.0 {
            return None;
        }
        Some((pawns * 100.0).round() as i64)
    }

    #[test]
    fn written_numbers_read_as_the_standard_parser_reads_them() {
        let cases = [
            "0.35",
            "-1.2",
            "+2",
            "0",
            "-0",
            "0.0",
            ".5",
            "5.",
            ".",
            "",
            "+",
            "-",
            "1e2",
            "1E-2",
            "1e",
            "1e+",
            "e5",
            "1.2.3",
            "1_0",
            " 1",
            "1 ",
            "0x10",
            "inf",
            "-Infinity",
            "NaN",
            "nan(1)",
            "0.285",
            "0.295",
            "-0.285",
            "1000",
            "1000.004",
            "1000.005",
            "1000.0000000000000001",
            "-1000.0000000000001",
            "999.995",
            "1e3",
            "100000",
            "99999.99",
            "1e-21",
            "-1e-400",
            "1e-99999999999999999999",
            "1e99999999999999999999",
            "0e99999999999",
            "00000.00012345000",
            "12345678901234567890e-17",
            "0.1000000000000000055511151231257827",
            "0.28499999999999999999999999999999999999",
            "0.28500000000000000000000000000000000001",
            "١",
        ];
        for case in cases {
            assert_eq!(centipawns(case), reference(case), "{case:?}");
        }
    }

    /// The exact decimal of n / 2^k (k <= 64).
    fn dyadic(n: u128, k: u32) -> String {
        let mut text = format!("{}.", n >> k);
        let mut rest = n & ((1u128 << k) - 1);
        while rest != 0 {
            rest *= 10;
            text.push(char::from(b'0' + (rest >> k) as u8));
            rest &= (1u128 << k) - 1;
        }
        text
    }

    #[test]
    fn halfway_cases_round_to_even_as_the_standard_parser_does() {
        // Midpoints between neighbouring doubles (and a hair either side),
        // where only exact arithmetic finds the parser's answer.
        let mut x = 0.000_123_f64;
        while x < 2000.0 {
            let bits = x.to_bits();
            let exponent = ((bits >> 52) & 0x7ff) as i32 - 1075;
            let significand = u128::from((bits & ((1 << 52) - 1)) | (1 << 52));
            // x = significand * 2^exponent; the midpoint to the next double:
            let k = (1 - exponent) as u32;
            let mid = dyadic(2 * significand + 1, k);
            for case in [mid.clone(), format!("{mid}0000001"), mid[..mid.len() - 1].to_string()] {
                assert_eq!(centipawns(&case), reference(&case), "{case}");
                assert_eq!(
                    Decimal::parse(&case).and_then(|d| match d {
                        Written::Number(d) => d.to_f64(),
                        Written::NotFinite => None,
                    }),
                    case.parse::<f64>().ok().filter(|v| v.abs() < 1e5),
                    "{case}"
                );
            }
            x = x * 1.37 + 0.011;
        }
    }

    #[test]
    fn long_numbers_read_as_the_standard_parser_reads_them() {
        // Digits by the hundred thousand, past the halfway point between
        // two doubles or on it: only whether the long tail is zero decides.
        // (Without MAX_DIGITS the million-digit case took about 30 s.)
        let tail = "0".repeat(100_000);
        let mid = dyadic(2 * ((1 << 52) + 5) + 1, 53);
        let long = format!("0.{}", "123456789".repeat(111_112));
        for case in
            [format!("{mid}{tail}1"), format!("{mid}{tail}"), format!("-{}{tail}9", &mid[..mid.len() - 1]), long]
        {
            let parsed = Decimal::parse(&case).and_then(|d| match d {
                Written::Number(d) => d.to_f64(),
                Written::NotFinite => None,
            });
            assert_eq!(parsed, case.parse::<f64>().ok(), "{}", &case[..40]);
            assert_eq!(centipawns(&case), reference(&case));
        }
    }

    #[test]
    fn random_numbers_read_alike() {
        // A fixed pseudo-random series of digits, points and exponents.
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        for _ in 0..50_000 {
            let length = 1 + next(40) as usize;
            let mut text: String = (0..length).map(|_| char::from(b'0' + next(10) as u8)).collect();
            if next(3) > 0 {
                let point = next(length as u64 + 1) as usize;
                text.insert(point, '.');
            }
            if next(4) == 0 {
                text.push_str(&format!("e{}", next(60) as i64 - 40));
            }
            if next(2) == 0 {
                text.insert(0, '-');
            }
            assert_eq!(centipawns(&text), reference(&text), "{text}");
            let expected = text.parse::<f64>().ok().filter(|v| (1e-20..1e5).contains(&v.abs()));
            if let (Some(expected), Some(Written::Number(d))) = (expected, Decimal::parse(&text)) {
                assert_eq!(d.to_f64(), Some(expected), "{text}");
            }
        }
    }
}
