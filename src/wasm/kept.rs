//! Main lines kept until the page first reads them: `analyze` hands a
//! chess game over without its main line (`hand_over`), and the Outcome's
//! `plies` asks for it (`main_line`), built then. Thread-local: the
//! module runs on one thread, and each of the page's two modules keeps its
//! own.

use super::args::{options_arg, string_arg};
use super::options::AnalyzeOptions;
use super::wire::{head_json, initial_json, pack, packed_lines, unpack_later};
use crate::analysis::analyze;
use crate::outcome::{LaterPlies, Outcome};
use wasm_bindgen::prelude::*;

/// A game's main line, read but not yet handed over (see `hand_over`).
struct KeptLine {
    /// Counted from 0: a JavaScript number holds it exactly up to 2^53, so
    /// no Outcome can meet another line of its number.
    number: u64,
    line: Box<dyn LaterPlies>,
}

/// The main lines kept, at most this many and, beyond the newest, this
/// many plies in all (120 bytes a move: about half a megabyte, more for
/// moves with comments, whose plies are kept built), the oldest dropped first.
const KEPT_LINES: usize = 32;
const KEPT_PLIES: usize = 4096;

thread_local! {
    static KEPT: std::cell::RefCell<std::collections::VecDeque<KeptLine>> = Default::default();
    static NEXT_NUMBER: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// `main_line` as a JavaScript function, handed with each Outcome that
    /// needs it (`www/unpack.js` cannot import this module's exports: it is
    /// imported by them; and the page has two modules, each with its lines).
    static MAIN_LINE: Closure<dyn Fn(f64, JsValue, JsValue) -> JsValue> = Closure::new(main_line);
}

/// Keeps a main line for `main_line`; its number.
fn keep(line: Box<dyn LaterPlies>) -> u64 {
    let number = NEXT_NUMBER.with(|next| {
        let number = next.get();
        next.set(number + 1);
        number
    });
    KEPT.with_borrow_mut(|kept| {
        kept.push_back(KeptLine { number, line });
        let mut total: usize = kept.iter().map(|kept| kept.line.len()).sum();
        while kept.len() > KEPT_LINES || (kept.len() > 1 && total > KEPT_PLIES) {
            total -= kept.pop_front().map_or(0, |kept| kept.line.len());
        }
    });
    number
}

/// The main line kept as `number` (see `hand_over`), as lines of fields with
/// every snapshot built; once dropped (read already, or pushed out by
/// newer ones), the main line of `text` read again with `options`, as the
/// plies of the Outcome.
fn main_line(number: f64, text: JsValue, options: JsValue) -> JsValue {
    // A number from `keep` (a whole number below 2^53) comes back exact.
    let number = number as u64;
    let kept = KEPT.with_borrow_mut(|kept| {
        let at = kept.iter().position(|line| line.number == number)?;
        kept.remove(at)
    });
    if let Some(KeptLine { line, .. }) = kept {
        let plies = line.build();
        return JsValue::from_str(&String::from_utf8(packed_lines(&plies)).unwrap_or_default());
    }
    let again = string_arg(&text, "text").and_then(|text| {
        let options = options_arg::<AnalyzeOptions>(options)?.read()?;
        Ok(pack(analyze(&text, &options)))
    });
    let plies = again.ok().and_then(|outcome| js_sys::Reflect::get(&outcome, &JsValue::from_str("plies")).ok());
    plies.unwrap_or_else(|| js_sys::Array::new().into())
}

/// An Outcome for JavaScript (see `wire::pack`). A game read with its main
/// line's plies left for later (a chess game, by `analyze`: `later` holds
/// the line, and the `text` and `options` it was read with) crosses
/// without its main line, which is kept here: the Outcome's `plies` has it
/// handed over, its snapshots built, when first read (`main_line`). A game
/// read for its verdict, or a game of a long PGN listed, costs half as
/// much (`npm run bench`).
pub(super) fn hand_over(outcome: Outcome, later: Option<(Box<dyn LaterPlies>, &JsValue, &JsValue)>) -> JsValue {
    let Some((line, text, options)) = later else { return pack(outcome) };
    // A chess main line (chess's is the one reader that keeps one): SAN,
    // square names, cells and FENs hold no tab, newline or space, and every
    // position shares the board.
    let number = keep(line);
    let (head, initial) = (head_json(&outcome), initial_json(outcome.initial));
    MAIN_LINE.with(|read| unpack_later(&head, &initial, read.as_ref().unchecked_ref(), number as f64, text, options))
}
