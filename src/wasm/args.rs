//! Reading the arguments of the JavaScript API: every one is checked (a
//! wrong type or value throws an `Error` whose message starts with a
//! stable code in brackets, never a trap); option objects are copied
//! first, then read refusing unknown keys (`read`).

use super::read::{self, Fields};
use crate::game::{GameKind, NeedsAllGames};
use crate::json::{to_json, ToJson};
use crate::options::Options;
#[cfg(feature = "engine")]
use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/www/unpack.js")]
extern "C" {
    fn utf8(text: &JsValue) -> js_sys::Uint8Array;
    // In JavaScript: one call instead of one per key (a tenth of `analyze`).
    #[wasm_bindgen(js_name = plainJsonCopy, catch)]
    fn plain_json_copy(value: &JsValue) -> Result<JsValue, JsValue>;
    // Every other reading of a caller's value is one of these, which catch
    // what a getter or proxy throws: an exception thrown through the
    // module's frames leaves its stack pointer lowered, and about a
    // thousand of them break the module for good.
    #[wasm_bindgen(js_name = kindOf)]
    fn kind_of(value: &JsValue) -> String;
    #[wasm_bindgen(js_name = squaresOf, catch)]
    fn squares_of(value: &JsValue, most: u32) -> Result<js_sys::Array, JsValue>;
}

/// An error for JavaScript: `[code] message`.
pub(super) fn error(code: &str, message: impl std::fmt::Display) -> JsError {
    JsError::new(&format!("[{code}] {message}"))
}

/// What a JavaScript value is, in the words of `typeof` (with null and
/// arrays told apart; `www/unpack.js`, `kindOf`, which never throws).
pub(super) fn type_name(value: &JsValue) -> String {
    kind_of(value)
}

/// The longest text argument, in UTF-16 code units (JavaScript's
/// `length`): 16 MiB. A longer one is refused before it is copied into
/// the module's memory; the page's own links hold at most 8 MB.
pub const MAX_TEXT: u32 = 16 << 20;

/// A string argument (at most `MAX_TEXT` long).
pub(super) fn string_arg(value: &JsValue, name: &str) -> Result<String, JsError> {
    if !value.is_string() {
        return Err(error("bad_argument", format!("{name} must be a string, got {}", type_name(value))));
    }
    let length = value.unchecked_ref::<js_sys::JsString>().length();
    if length > MAX_TEXT {
        return Err(error(
            "too_long",
            format!("{name} is {length} characters long; the most this module reads is {MAX_TEXT} (16 MiB)"),
        ));
    }
    // A long one through TextEncoder: the glue's `as_string` copies a
    // character at a time, 5 ms for a 1,000-game PGN text (`npm run bench`);
    // a short one through `as_string`, which leaves no array to collect.
    if length < 16 * 1024 {
        return Ok(value.as_string().unwrap_or_default());
    }
    String::from_utf8(utf8(value).to_vec()).map_err(|e| error("bad_argument", format!("{name}: {e}")))
}

/// An integer argument in `0..=max`.
pub(super) fn integer_arg(value: &JsValue, name: &str, max: u32) -> Result<u32, JsError> {
    let Some(n) = value.as_f64() else {
        return Err(error("bad_argument", format!("{name} must be a number, got {}", type_name(value))));
    };
    if n.fract() != 0.0 || !(0.0..=f64::from(max)).contains(&n) {
        let n = read::rust_number(n);
        return Err(error("bad_argument", format!("{name} must be a whole number from 0 to {max}, got {n}")));
    }
    Ok(n as u32)
}

/// Reads an options object (absent: the defaults), refusing unknown keys
/// and wrong types.
pub(super) fn options_arg<T: Fields>(value: JsValue) -> Result<T, JsError> {
    options_and_copy(value).map(|(options, _)| options)
}

/// `options_arg`, and the copy read (`plain_copy`; undefined when absent).
pub(super) fn options_and_copy<T: Fields>(value: JsValue) -> Result<(T, JsValue), JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok((T::default(), JsValue::UNDEFINED));
    }
    let copy = plain_copy(&value, "options").map_err(|e| error("bad_options", e))?;
    let options = read::fields(copy.clone()).map_err(|e| error("bad_options", e))?;
    Ok((options, copy))
}

#[cfg(feature = "engine")]
/// Reads a plain object argument named `name`. Its own properties are
/// copied first, each read once and any exception caught, so that a getter
/// or proxy cannot run later; then the copy goes through JSON (as a JSON
/// text would read) and `read` reads it, refusing unknown keys and wrong
/// types (serde-wasm-bindgen reads only the fields it knows, so it cannot
/// refuse the others).
pub(super) fn object<T: DeserializeOwned>(value: &JsValue, name: &str) -> Result<T, String> {
    read::from_json_value(plain_copy(value, name)?).map_err(|e| e.to_string())
}

/// `object`'s first step, the copy through JSON: apart from the generic
/// reading so that the module holds it once, not once per type read.
#[inline(never)]
pub(super) fn plain_copy(value: &JsValue, name: &str) -> Result<JsValue, String> {
    let kind = type_name(value);
    if kind != "object" {
        return Err(format!("{name} must be an object, got {kind}"));
    }
    plain_json_copy(value).map_err(|e| format!("the {name} cannot be read: {}", why(&e)))
}

/// The most squares a move given as squares may pass (the longest jumps
/// of Congo's monkey and of checkers pass fewer).
const MAX_SQUARES: u32 = 64;

/// A move given as the squares it passes: an array of square names, read
/// through `squaresOf` (at most `MAX_SQUARES` of them); `None` when `value`
/// is not an array.
pub(super) fn squares_arg(value: &JsValue) -> Result<Option<Vec<String>>, JsError> {
    if type_name(value) != "an array" {
        return Ok(None);
    }
    let squares = squares_of(value, MAX_SQUARES).map_err(|e| {
        error("bad_argument", format!("a move given as squares is an array of square names: {}", why(&e)))
    })?;
    Ok(Some(squares.iter().map(|square| square.as_string().unwrap_or_default()).collect()))
}

/// The words of an exception a helper of `www/unpack.js` threw (always an
/// `Error` of its own, so reading it runs none of the caller's code).
fn why(e: &JsValue) -> String {
    e.dyn_ref::<js_sys::Error>().map_or_else(|| "it cannot be read".into(), |e| String::from(e.message()))
}

/// A small result, as plain objects (absent values as `null`): its JSON
/// text (`crate::json`, which the Outcome's wire format writes too),
/// parsed by JavaScript.
pub(super) fn to_js<T: ToJson + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    js_sys::JSON::parse(&to_json(value)).map_err(|_| error("internal", "a result that is not JSON"))
}

/// The error for a game this module has no rules for: `[needs_all_games]
/// congo: ...`, the game's id first, for the page to load the module with
/// every game and ask again.
pub(super) fn needs_all_games(missing: NeedsAllGames) -> JsError {
    error(NeedsAllGames::CODE, missing)
}

/// Refuses a text of a game this module has no rules for.
pub(super) fn has_rules(text: &str, options: &Options) -> Result<(), JsError> {
    if cfg!(feature = "all-games") {
        return Ok(());
    }
    crate::games::has_rules(crate::analysis::game_of(text, options)).map_err(needs_all_games)
}

pub(super) fn game_of(id: &str) -> Result<GameKind, JsError> {
    GameKind::from_id(id).ok_or_else(|| {
        let known: Vec<&str> = GameKind::ALL.iter().map(|g| g.id()).collect();
        error("bad_options", format!("unknown game {id:?} (known: {})", known.join(", ")))
    })
}
