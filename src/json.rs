//! The results' JSON text, written by hand: the same text serde_json
//! writes for them (field names and order, `null` for absent values,
//! strings escaped alike, numbers alike: `tests/json_text.rs` compares the
//! two on every game), without serde's derive and serde_json's writer in
//! the reader's module (3.2 KB of it gzipped).
//!
//! A struct's fields are listed once, by `json_object!`, which takes the
//! struct apart so that a field added to it and not to the list does not
//! compile.

use crate::decimal::Digits;

/// A value that writes itself as JSON text.
pub trait ToJson {
    fn write_json(&self, out: &mut String);
}

/// The JSON text of `value`.
pub fn to_json<T: ToJson + ?Sized>(value: &T) -> String {
    let mut out = String::new();
    value.write_json(&mut out);
    out
}

/// An object of these fields, in this order.
pub fn write_object(out: &mut String, fields: &[(&str, &dyn ToJson)]) {
    out.push('{');
    for (i, (name, value)) in fields.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_str(out, name);
        out.push(':');
        value.write_json(out);
    }
    out.push('}');
}

/// A string as serde_json writes it: quotes, backslashes and control
/// characters escaped (`\n` and the like where JSON has a short escape,
/// else `\u00XX`), everything else as it is (non-ASCII as UTF-8).
pub fn write_str(out: &mut String, text: &str) {
    out.push('"');
    let mut from = 0;
    for (i, byte) in text.bytes().enumerate() {
        let short = match byte {
            b'"' => '"',
            b'\\' => '\\',
            b'\n' => 'n',
            b'\r' => 'r',
            b'\t' => 't',
            0x08 => 'b',
            0x0c => 'f',
            0..=0x1f => 'u',
            _ => continue,
        };
        out.push_str(&text[from..i]);
        out.push('\\');
        out.push(short);
        if short == 'u' {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.push_str("00");
            out.push(HEX[usize::from(byte >> 4)] as char);
            out.push(HEX[usize::from(byte & 0xf)] as char);
        }
        from = i + 1;
    }
    out.push_str(&text[from..]);
    out.push('"');
}

/// A list of these values.
pub fn write_array<'a, T: ToJson + 'a>(out: &mut String, values: impl IntoIterator<Item = &'a T>) {
    out.push('[');
    for (i, value) in values.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        value.write_json(out);
    }
    out.push(']');
}

/// Implements `ToJson` for a struct as an object of its fields, in the
/// order given, each named as written or by the name before it:
/// `json_object!(Snapshot { width, "sideToMove": side_to_move })`.
macro_rules! json_object {
    ($ty:ident $(<$lt:lifetime>)? { $($($name:literal :)? $field:ident),* $(,)? }) => {
        impl$(<$lt>)? $crate::json::ToJson for $ty$(<$lt>)? {
            fn write_json(&self, out: &mut String) {
                let Self { $($field),* } = self;
                $crate::json::write_object(out, &[$(($crate::json::json_object!(@name $($name)? $field), $field as &dyn $crate::json::ToJson)),*]);
            }
        }
    };
    (@name $name:literal $field:ident) => { $name };
    (@name $field:ident) => { stringify!($field) };
}
pub(crate) use json_object;

/// Implements `ToJson` for an enum of unit variants as a string: each
/// variant's name as listed, or what its method `name` returns.
macro_rules! json_enum {
    ($ty:ident { $($variant:ident: $name:literal),* $(,)? }) => {
        impl $crate::json::ToJson for $ty {
            fn write_json(&self, out: &mut String) {
                $crate::json::write_str(out, match self { $($ty::$variant => $name),* });
            }
        }
    };
    ($ty:ident, $method:ident) => {
        impl $crate::json::ToJson for $ty {
            fn write_json(&self, out: &mut String) {
                $crate::json::write_str(out, self.$method());
            }
        }
    };
}
pub(crate) use json_enum;

impl ToJson for str {
    fn write_json(&self, out: &mut String) {
        write_str(out, self);
    }
}

impl ToJson for String {
    fn write_json(&self, out: &mut String) {
        write_str(out, self);
    }
}

impl ToJson for char {
    fn write_json(&self, out: &mut String) {
        write_str(out, self.encode_utf8(&mut [0; 4]));
    }
}

impl ToJson for bool {
    fn write_json(&self, out: &mut String) {
        out.push_str(if *self { "true" } else { "false" });
    }
}

/// Unsigned integers, in decimal.
macro_rules! unsigned {
    ($($ty:ty),*) => {$(
        impl ToJson for $ty {
            fn write_json(&self, out: &mut String) {
                // Digits are ASCII.
                out.push_str(std::str::from_utf8(Digits::of(*self as u64).as_bytes()).unwrap_or("0"));
            }
        }
    )*};
}
unsigned!(u8, u32, u64, usize);

impl ToJson for i32 {
    fn write_json(&self, out: &mut String) {
        if *self < 0 {
            out.push('-');
        }
        self.unsigned_abs().write_json(out);
    }
}

/// As serde_json writes it: with its own writer's (`zmij`) shortest
/// digits, and `null` for what is not finite (JSON has no number for it).
/// Only the report has such numbers (the reader's module writes none).
#[cfg(feature = "engine")]
impl ToJson for f64 {
    fn write_json(&self, out: &mut String) {
        if self.is_finite() {
            out.push_str(zmij::Buffer::new().format_finite(*self));
        } else {
            out.push_str("null");
        }
    }
}

impl<T: ToJson> ToJson for Option<T> {
    fn write_json(&self, out: &mut String) {
        match self {
            Some(value) => value.write_json(out),
            None => out.push_str("null"),
        }
    }
}

impl<T: ToJson> ToJson for [T] {
    fn write_json(&self, out: &mut String) {
        write_array(out, self);
    }
}

impl<T: ToJson, const N: usize> ToJson for [T; N] {
    fn write_json(&self, out: &mut String) {
        write_array(out, self);
    }
}

impl<T: ToJson> ToJson for Vec<T> {
    fn write_json(&self, out: &mut String) {
        write_array(out, self);
    }
}

impl<T: ToJson + ?Sized> ToJson for &T {
    fn write_json(&self, out: &mut String) {
        (**self).write_json(out);
    }
}

impl<T: ToJson + ?Sized> ToJson for Box<T> {
    fn write_json(&self, out: &mut String) {
        (**self).write_json(out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        let every_control: String = (0u8..0x20).map(char::from).collect();
        for text in ["", "plain", "\"quoted\" \\ back", "é♞ 🎉 \u{7f} \u{2028}", &every_control, "a\u{0}b\u{1f}"] {
            assert_eq!(to_json(text), serde_json::to_string(text).unwrap(), "{text:?}");
        }
    }

    #[test]
    fn numbers_are_written_as_serde_json_writes_them() {
        for n in [0u64, 9, 10, 255, 65535, u64::from(u32::MAX), u64::MAX] {
            assert_eq!(to_json(&n), serde_json::to_string(&n).unwrap());
        }
        for n in [0, -1, 7, i32::MIN, i32::MAX] {
            assert_eq!(to_json(&n), serde_json::to_string(&n).unwrap());
        }
    }

    #[cfg(feature = "engine")]
    #[test]
    fn floating_point_numbers_are_written_as_serde_json_writes_them() {
        let floats = [
            0.0, -0.0, 1.0, -1.5, 0.1, 1e-4, 9.99e-5, 1e-5, 1.5e-5, 9.9e-6, 1e-6, 1e15, 1e16, 1.5e16, 1e21, 1e300,
            5e-324,
        ];
        for n in floats.into_iter().chain([f64::MAX, f64::MIN_POSITIVE, f64::NAN, f64::INFINITY, f64::NEG_INFINITY]) {
            assert_eq!(to_json(&n), serde_json::to_string(&n).unwrap(), "{n:e}");
        }
        // The report's values: chances from -1 to 1.
        for i in 0..100_000 {
            let n = (f64::from(i) / 100_000.0 * 8.0 - 4.0).tanh();
            assert_eq!(to_json(&n), serde_json::to_string(&n).unwrap(), "{n:e}");
        }
        // Spread over every exponent, both signs.
        let mut bits = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200_000 {
            bits ^= bits << 13;
            bits ^= bits >> 7;
            bits ^= bits << 17;
            let n = f64::from_bits(bits);
            assert_eq!(to_json(&n), serde_json::to_string(&n).unwrap(), "{n:e}");
        }
    }
}
