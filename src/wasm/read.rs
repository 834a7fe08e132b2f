//! Reads an argument object (options, an edit, a position from the board
//! editor) as serde_json read the object's JSON text, with the same
//! results and the same error messages, without serde_json's reader
//! (11 KB of the gzipped module): the caller passes the value of
//! `JSON.parse(JSON.stringify(object))`, which holds only null, booleans,
//! finite numbers, strings, arrays and plain objects, and this walks it.
//!
//! The options and the edit are read by hand (`fields`, `Json`'s readers),
//! as serde's derive reads them: serde's deserializing code was 8 KB of the
//! gzipped reader. The module with the engine reads the board editor's
//! position with serde (`from_json_value`, over the same walk).

#[cfg(feature = "engine")]
use serde::de::value::{MapDeserializer, SeqDeserializer};
#[cfg(feature = "engine")]
use serde::de::{self, DeserializeOwned, Deserializer, IntoDeserializer, Unexpected, Visitor};
use std::fmt;
use wasm_bindgen::{JsCast, JsValue};

#[cfg(feature = "engine")]
/// Reads `T` from a value made by `JSON.parse`.
pub fn from_json_value<T: DeserializeOwned>(value: JsValue) -> Result<T, Error> {
    T::deserialize(Json::top(value))
}

/// An argument object read as serde's derive reads a struct with
/// `deny_unknown_fields` whose fields are all optional: its entries in
/// order, each key known or refused, each value read as its field's type.
pub trait Fields: Default {
    /// The keys, in the order serde lists them in its message.
    const NAMES: &'static [&'static str];
    /// Reads the value of the key `NAMES[field]`.
    fn read(&mut self, field: usize, value: Json) -> Result<(), Error>;
}

/// Reads `T` (`Fields`) from a value made by `JSON.parse`.
pub fn fields<T: Fields>(value: JsValue) -> Result<T, Error> {
    let mut read = T::default();
    for (key, value) in Json::top(value).entries()? {
        read.read(name_of(&key, "field", T::NAMES)?, value)?;
    }
    Ok(read)
}

/// Which of `names` (at least one) `name` is, or serde's message for an
/// unknown one (`what`: "field" or "variant").
pub fn name_of(name: &str, what: &str, names: &[&str]) -> Result<usize, Error> {
    names.iter().position(|n| *n == name).ok_or_else(|| {
        let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
        let expected = match quoted.as_slice() {
            [one] => one.clone(),
            [a, b] => format!("{a} or {b}"),
            _ => format!("one of {}", quoted.join(", ")),
        };
        Error(format!("unknown {what} `{name}`, expected {expected}"))
    })
}

/// serde_json's limit: at most 127 arrays or objects inside each other,
/// the outermost counted (its depth counter starts at 128 and refuses 0).
const MAX_DEPTH: u32 = 127;

/// A value from `JSON.parse`, `depth` arrays or objects deep.
pub struct Json {
    value: JsValue,
    depth: u32,
}

impl Json {
    /// An argument object, the outermost value.
    pub fn top(value: JsValue) -> Json {
        Json { value, depth: 0 }
    }

    fn inner(&self, value: JsValue) -> Json {
        Json { value, depth: self.depth + 1 }
    }

    /// Null as `None`, anything else read by `read` (serde's `Option`).
    pub fn optional<T>(self, read: fn(Json) -> Result<T, Error>) -> Result<Option<T>, Error> {
        if self.value.is_null() {
            return Ok(None);
        }
        read(self).map(Some)
    }

    pub fn string(self) -> Result<String, Error> {
        match self.parts()? {
            Parts::String(s) => Ok(s),
            other => Err(Error::invalid("type", other.unexpected(), "a string")),
        }
    }

    pub fn boolean(self) -> Result<bool, Error> {
        match self.parts()? {
            Parts::Bool(b) => Ok(b),
            other => Err(Error::invalid("type", other.unexpected(), "a boolean")),
        }
    }

    /// A whole number up to `max`, of the type serde names `name`.
    fn whole(self, max: u64, name: &str) -> Result<u64, Error> {
        match self.parts()? {
            Parts::Unsigned(n) if n <= max => Ok(n),
            found @ (Parts::Unsigned(_) | Parts::Signed(_)) => Err(Error::invalid("value", found.unexpected(), name)),
            other => Err(Error::invalid("type", other.unexpected(), name)),
        }
    }

    pub fn u32(self) -> Result<u32, Error> {
        self.whole(u32::MAX.into(), "u32").map(|n| n as u32)
    }

    pub fn usize(self) -> Result<usize, Error> {
        self.whole(usize::MAX as u64, "usize").map(|n| n as usize)
    }

    /// An array, each item read by `read`.
    pub fn sequence<T>(self, read: fn(Json) -> Result<T, Error>) -> Result<Vec<T>, Error> {
        match self.parts()? {
            Parts::Array(items) => items.into_iter().map(read).collect(),
            other => Err(Error::invalid("type", other.unexpected(), "a sequence")),
        }
    }

    /// An object's entries, in order.
    pub fn entries(self) -> Result<Vec<(String, Json)>, Error> {
        match self.parts()? {
            Parts::Object(entries) => Ok(entries),
            other => Err(Error::invalid("type", other.unexpected(), "an object")),
        }
    }

    /// A variant's name (a string) among `names`: its index.
    pub fn variant(self, names: &[&str]) -> Result<usize, Error> {
        match self.parts()? {
            Parts::String(s) => name_of(&s, "variant", names),
            other => Err(Error::invalid("type", other.unexpected(), "variant identifier")),
        }
    }

    /// Walks the whole value, as serde does as it keeps a value to read
    /// later (an internally tagged enum's fields): one too deep is refused
    /// at the same point.
    pub fn walk(&self) -> Result<(), Error> {
        match self.parts()? {
            Parts::Array(items) => items.iter().try_for_each(Json::walk),
            Parts::Object(entries) => entries.iter().try_for_each(|(_, value)| value.walk()),
            _ => Ok(()),
        }
    }
}

#[cfg(feature = "engine")]
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
    fn parts(&self) -> Result<Parts, Error> {
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

#[cfg(feature = "engine")]
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
            other => Err(Error::invalid("type", other.unexpected(), &visitor as &dyn de::Expected)),
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
    fn unexpected(&self) -> Found<'_> {
        match self {
            Parts::Null => Found::Words("null"),
            Parts::Bool(b) => Found::Bool(*b),
            Parts::Unsigned(n) => Found::Unsigned(*n),
            Parts::Signed(n) => Found::Signed(*n),
            Parts::Float(n) => Found::Float(*n),
            Parts::String(s) => Found::Str(s),
            Parts::Array(_) => Found::Words("sequence"),
            Parts::Object(_) => Found::Words("map"),
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

impl Error {
    /// serde's "invalid type" or "invalid value" (`what`) message.
    fn invalid(what: &str, found: Found, expected: impl fmt::Display) -> Error {
        Error(format!("invalid {what}: {found}, expected {expected}"))
    }

    pub fn missing_field(field: &str) -> Error {
        Error(format!("missing field `{field}`"))
    }
}

#[cfg(feature = "engine")]
impl de::Error for Error {
    fn custom<T: fmt::Display>(message: T) -> Error {
        Error(message.to_string())
    }

    fn invalid_type(unexpected: Unexpected, expected: &dyn de::Expected) -> Error {
        Error::invalid("type", unexpected.into(), expected)
    }

    fn invalid_value(unexpected: Unexpected, expected: &dyn de::Expected) -> Error {
        Error::invalid("value", unexpected.into(), expected)
    }
}

/// What was found, in serde_json's words (serde's, but `null` for a unit
/// and numbers as JSON writes them); written out here so that the module
/// carries no floating point formatting of its own.
enum Found<'a> {
    Bool(bool),
    Unsigned(u64),
    Signed(i64),
    Float(f64),
    #[cfg(feature = "engine")]
    Char(char),
    Str(&'a str),
    /// Anything else, named.
    Words(&'a str),
}

impl fmt::Display for Found<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::Bool(b) => write!(f, "boolean `{b}`"),
            Found::Unsigned(i) => write!(f, "integer `{i}`"),
            Found::Signed(i) => write!(f, "integer `{i}`"),
            Found::Float(n) => write!(f, "floating point `{}`", json_number(*n)),
            #[cfg(feature = "engine")]
            Found::Char(c) => write!(f, "character `{c}`"),
            Found::Str(s) => write!(f, "string {s:?}"),
            Found::Words(words) => f.write_str(words),
        }
    }
}

#[cfg(feature = "engine")]
impl<'a> From<Unexpected<'a>> for Found<'a> {
    fn from(unexpected: Unexpected<'a>) -> Found<'a> {
        use Unexpected::*;
        match unexpected {
            Bool(b) => Found::Bool(b),
            Unsigned(i) => Found::Unsigned(i),
            Signed(i) => Found::Signed(i),
            Float(n) => Found::Float(n),
            Char(c) => Found::Char(c),
            Str(s) => Found::Str(s),
            Bytes(_) => Found::Words("byte array"),
            Unit => Found::Words("null"),
            Option => Found::Words("Option value"),
            NewtypeStruct => Found::Words("newtype struct"),
            Seq => Found::Words("sequence"),
            Map => Found::Words("map"),
            Enum => Found::Words("enum"),
            UnitVariant => Found::Words("unit variant"),
            NewtypeVariant => Found::Words("newtype variant"),
            TupleVariant => Found::Words("tuple variant"),
            StructVariant => Found::Words("struct variant"),
            Other(other) => Found::Words(other),
        }
    }
}
