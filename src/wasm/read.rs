//! Reads an argument object (options, an edit, a position from the board
//! editor) as serde_json read the object's JSON text, with the same
//! results and the same error messages, without serde_json's reader
//! (11 KB of the gzipped module): the caller passes the value of
//! `JSON.parse(JSON.stringify(object))`, which holds only null, booleans,
//! finite numbers, strings, arrays and plain objects, and this walks it.

use serde::de::value::{MapDeserializer, SeqDeserializer};
use serde::de::{self, Deserialize, DeserializeOwned, Deserializer, IntoDeserializer, Unexpected, Visitor};
use std::fmt;
use wasm_bindgen::{JsCast, JsValue};

/// Reads `T` from a value made by `JSON.parse`.
pub fn from_json_value<T: DeserializeOwned>(value: JsValue) -> Result<T, Error> {
    T::deserialize(Json { value, depth: 0 })
}

/// Reads an object as serde reads an internally tagged enum (its
/// `#[serde(tag = ...)]`), with the same results and messages but without
/// serde's buffering of every value (a tenth of the gzipped module): the
/// value of the key `tag` (the variant's name), read when met, and the
/// other entries, for the variant's fields. serde walks every other value
/// as it keeps it, so this walks each too (a too deep one is refused at
/// the same point).
pub fn tagged<T: DeserializeOwned>(value: JsValue, tag: &'static str) -> Result<(T, Entries), Error> {
    let entries = match (Json { value, depth: 0 }).parts()? {
        Parts::Object(entries) => entries,
        other => return Err(de::Error::invalid_type(other.unexpected(), &"an object")),
    };
    let mut found = None;
    let mut rest = Vec::with_capacity(entries.len());
    for (key, value) in entries {
        if key == tag {
            if found.is_some() {
                return Err(de::Error::duplicate_field(tag));
            }
            found = Some(T::deserialize(value)?);
        } else {
            de::IgnoredAny::deserialize(Json { value: value.value.clone(), depth: value.depth })?;
            rest.push((key, value));
        }
    }
    let found = found.ok_or_else(|| de::Error::missing_field(tag))?;
    Ok((found, MapDeserializer::new(rest.into_iter())))
}

/// An object's entries but its tag, to read the variant's fields from.
pub type Entries = MapDeserializer<'static, std::vec::IntoIter<(String, Json)>, Error>;

/// serde_json's limit: at most 127 arrays or objects inside each other,
/// the outermost counted (its depth counter starts at 128 and refuses 0).
const MAX_DEPTH: u32 = 127;

/// A value from `JSON.parse`, `depth` arrays or objects deep.
pub struct Json {
    value: JsValue,
    depth: u32,
}

impl Json {
    fn inner(&self, value: JsValue) -> Json {
        Json { value, depth: self.depth + 1 }
    }
}

impl<'de> IntoDeserializer<'de, Error> for Json {
    type Deserializer = Json;
    fn into_deserializer(self) -> Json {
        self
    }
}

/// A value taken apart, once for every kind of visitor (the deserializer
/// is copied per type read: it stays small).
enum Parts {
    Null,
    Bool(bool),
    Unsigned(u64),
    Signed(i64),
    Float(f64),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    #[inline(never)]
    fn parts(self) -> Result<Parts, Error> {
        let value = &self.value;
        if value.is_null() {
            return Ok(Parts::Null);
        }
        if let Some(b) = value.as_bool() {
            return Ok(Parts::Bool(b));
        }
        if let Some(n) = value.as_f64() {
            return Ok(number(n));
        }
        if let Some(s) = value.as_string() {
            return Ok(Parts::String(s));
        }
        if self.depth >= MAX_DEPTH {
            return Err(Error("recursion limit exceeded".into()));
        }
        if let Some(array) = value.dyn_ref::<js_sys::Array>() {
            return Ok(Parts::Array(array.iter().map(|v| self.inner(v)).collect()));
        }
        let entries = js_sys::Object::entries(value.unchecked_ref());
        let pairs = entries.iter().map(|pair| {
            let pair: js_sys::Array = pair.unchecked_into();
            (pair.get(0).as_string().unwrap_or_default(), self.inner(pair.get(1)))
        });
        Ok(Parts::Object(pairs.collect()))
    }
}

impl<'de> Deserializer<'de> for Json {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.parts()? {
            Parts::Null => visitor.visit_unit(),
            Parts::Bool(b) => visitor.visit_bool(b),
            Parts::Unsigned(n) => visitor.visit_u64(n),
            Parts::Signed(n) => visitor.visit_i64(n),
            Parts::Float(n) => visitor.visit_f64(n),
            Parts::String(s) => visitor.visit_string(s),
            Parts::Array(items) => {
                let mut seq = SeqDeserializer::new(items.into_iter());
                let read = visitor.visit_seq(&mut seq)?;
                seq.end()?;
                Ok(read)
            }
            Parts::Object(entries) => {
                let mut map = MapDeserializer::new(entries.into_iter());
                let read = visitor.visit_map(&mut map)?;
                map.end()?;
                Ok(read)
            }
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.value.is_null() {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    /// Only a string names a field or a variant (as in JSON text).
    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.parts()? {
            Parts::String(s) => visitor.visit_string(s),
            other => Err(de::Error::invalid_type(other.unexpected(), &visitor)),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _: &'static str, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple
        tuple_struct map struct enum ignored_any
    }
}

impl Parts {
    /// What this value is, for a message.
    fn unexpected(&self) -> Unexpected<'_> {
        match self {
            Parts::Null => Unexpected::Unit,
            Parts::Bool(b) => Unexpected::Bool(*b),
            Parts::Unsigned(n) => Unexpected::Unsigned(*n),
            Parts::Signed(n) => Unexpected::Signed(*n),
            Parts::Float(n) => Unexpected::Float(*n),
            Parts::String(s) => Unexpected::Str(s),
            Parts::Array(_) => Unexpected::Seq,
            Parts::Object(_) => Unexpected::Map,
        }
    }
}

/// A number as serde_json reads the text JSON.stringify writes for it: an
/// integer (no fraction, no exponent) as unsigned or negative when it
/// fits, anything else as floating point.
fn number(n: f64) -> Parts {
    let text = js_text(n);
    if !text.contains(['.', 'e']) {
        if let Ok(u) = text.parse::<u64>() {
            return Parts::Unsigned(u);
        }
        if let Ok(i) = text.parse::<i64>() {
            return Parts::Signed(i);
        }
    }
    Parts::Float(n)
}

/// JavaScript's text for a number (what JSON.stringify writes): the
/// shortest that reads back the same.
fn js_text(n: f64) -> String {
    js_sys::Number::from(n).to_string_with_radix(10).map(String::from).unwrap_or_default()
}

/// A finite number's sign, shortest significant digits (as JavaScript
/// finds them) and the power of ten of the first digit: 1.5e-7 is
/// `("", "15", -7)`.
fn decimal(n: f64) -> (&'static str, String, i32) {
    let text = js_text(n.abs());
    let sign = if n.is_sign_negative() { "-" } else { "" };
    match text.split_once('e') {
        Some((mantissa, exponent)) => (sign, mantissa.replace('.', ""), exponent.parse().unwrap_or(0)),
        None => {
            let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
            let all = format!("{whole}{fraction}");
            let leading = all.len() - all.trim_start_matches('0').len();
            (sign, all.trim_matches('0').to_string(), whole.len() as i32 - 1 - leading as i32)
        }
    }
}

/// A floating point number as serde_json writes it in messages: the
/// shortest digits, with an exponent outside 1e-5..1e16 (`1.5`, `1e+16`,
/// `1.5e-6`).
fn json_number(n: f64) -> String {
    let (sign, digits, exponent) = decimal(n);
    if (-5..=15).contains(&exponent) || digits.is_empty() {
        // JavaScript writes these without an exponent too.
        return js_text(n);
    }
    let (first, rest) = digits.split_at(1);
    let point = if rest.is_empty() { "" } else { "." };
    let plus = if exponent >= 0 { "+" } else { "" };
    format!("{sign}{first}{point}{rest}e{plus}{exponent}")
}

/// A number as Rust's `{}` writes an `f64`: the shortest digits, never
/// with an exponent (`1.5`, `-1`, `1000000000000000000000`, `0.00000015`,
/// `NaN`, `inf`, `-0`).
pub fn rust_number(n: f64) -> String {
    if n.is_nan() {
        return "NaN".into();
    }
    if n.is_infinite() {
        return if n > 0.0 { "inf" } else { "-inf" }.into();
    }
    let (sign, digits, exponent) = decimal(n);
    if digits.is_empty() {
        return format!("{sign}0");
    }
    let places = digits.len() as i32;
    if exponent < 0 {
        let zeros = "0".repeat((-exponent - 1) as usize);
        format!("{sign}0.{zeros}{digits}")
    } else if exponent + 1 >= places {
        let zeros = "0".repeat((exponent + 1 - places) as usize);
        format!("{sign}{digits}{zeros}")
    } else {
        let (whole, fraction) = digits.split_at(exponent as usize + 1);
        format!("{sign}{whole}.{fraction}")
    }
}

/// A reading error, worded as serde_json words it.
#[derive(Debug)]
pub struct Error(String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl de::Error for Error {
    fn custom<T: fmt::Display>(message: T) -> Error {
        Error(message.to_string())
    }

    fn invalid_type(unexpected: Unexpected, expected: &dyn de::Expected) -> Error {
        Error(format!("invalid type: {}, expected {expected}", AsJson(unexpected)))
    }

    fn invalid_value(unexpected: Unexpected, expected: &dyn de::Expected) -> Error {
        Error(format!("invalid value: {}, expected {expected}", AsJson(unexpected)))
    }
}

/// What was found, in serde_json's words (serde's, but `null` for a unit
/// and numbers as JSON writes them); written out here so that the module
/// carries no floating point formatting of its own.
struct AsJson<'a>(Unexpected<'a>);

impl fmt::Display for AsJson<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Unexpected::*;
        match self.0 {
            Bool(b) => write!(f, "boolean `{b}`"),
            Unsigned(i) => write!(f, "integer `{i}`"),
            Signed(i) => write!(f, "integer `{i}`"),
            Float(n) => write!(f, "floating point `{}`", json_number(n)),
            Char(c) => write!(f, "character `{c}`"),
            Str(s) => write!(f, "string {s:?}"),
            Bytes(_) => f.write_str("byte array"),
            Unit => f.write_str("null"),
            Option => f.write_str("Option value"),
            NewtypeStruct => f.write_str("newtype struct"),
            Seq => f.write_str("sequence"),
            Map => f.write_str("map"),
            Enum => f.write_str("enum"),
            UnitVariant => f.write_str("unit variant"),
            NewtypeVariant => f.write_str("newtype variant"),
            TupleVariant => f.write_str("tuple variant"),
            StructVariant => f.write_str("struct variant"),
            Other(other) => f.write_str(other),
        }
    }
}
