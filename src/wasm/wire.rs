//! The wire format of an Outcome, shared with its reader, `www/unpack.js`
//! (`unpackOutcome`, `unpackLater`): the Outcome as one JSON text without
//! its main line, and the main line's plies as lines of tab-separated
//! fields, in this order (`packed_lines`, `put_snapshot`):
//!
//!     notation  path (squares joined by spaces)  piece  captured
//!     promotion  start  end  cells  sideToMove  check  fen  moveNumber
//!     over (JSON)  what else the ply has (`Extra`, as JSON, when it has
//!     anything else: pieces drowned, annotations, variations)
//!
//! What every position of a game shares (size, landmarks, dark parity,
//! piece names) crosses once, with the initial snapshot. The round trip is
//! tested by `tests/wasm_api.rs` (`unpacked_outcomes_equal_the_serialised_outcome`).

use crate::decimal::Digits;
use crate::json::{to_json, write_object, ToJson};
use crate::outcome::{Outcome, Ply};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/www/unpack.js")]
extern "C" {
    #[wasm_bindgen(js_name = unpackOutcome)]
    fn unpack_outcome(head: &str, plies: &[u8]) -> JsValue;
    #[wasm_bindgen(js_name = unpackLater)]
    pub(super) fn unpack_later(
        head: &str,
        initial: &str,
        read: &js_sys::Function,
        number: f64,
        text: &JsValue,
        options: &JsValue,
    ) -> JsValue;
}

/// Writes a snapshot's own fields (what not every position of the game
/// shares), tab-separated, for `www/unpack.js`.
fn put_snapshot(lines: &mut Vec<u8>, snapshot: &crate::snapshot::Snapshot) {
    for field in [
        snapshot.cells.as_bytes(),
        snapshot.side_to_move.map_or("", |s| s.name()).as_bytes(),
        snapshot.check.as_deref().unwrap_or("").as_bytes(),
        snapshot.fen.as_bytes(),
    ] {
        lines.extend_from_slice(field);
        lines.push(b'\t');
    }
    lines.extend_from_slice(Digits::of(u64::from(snapshot.move_number)).as_bytes());
    lines.push(b'\t');
    if let Some(over) = &snapshot.over {
        lines.extend_from_slice(to_json(over).as_bytes());
    }
}

/// The Outcome's JSON text but its initial position and main line, as
/// `kept::hand_over` hands them over for a main line read later; JSON texts
/// of both have the same keys (tests/js/lazy.test.mjs).
pub(super) fn head_json(outcome: &Outcome) -> String {
    let fields: Vec<_> =
        outcome.json_fields().into_iter().filter(|(name, _)| !matches!(*name, "initial" | "plies")).collect();
    let mut out = String::new();
    write_object(&mut out, &fields);
    out
}

/// A snapshot's JSON text; the last one's written once.
pub(super) fn initial_json(snapshot: crate::snapshot::Snapshot) -> String {
    thread_local! {
        static LAST: std::cell::RefCell<(crate::snapshot::Snapshot, String)> =
            std::cell::RefCell::new((crate::snapshot::Snapshot::empty(), String::new()));
    }
    LAST.with_borrow_mut(|(last, json)| {
        if json.is_empty() || *last != snapshot {
            *json = to_json(&snapshot);
            *last = snapshot;
        }
        json.clone()
    })
}

/// The plies as `pack` hands them over: a line each, of tab-separated
/// fields (the snapshot's as `put_snapshot` writes them).
pub(super) fn packed_lines(plies: &[Ply]) -> Vec<u8> {
    // Bytes, not a String: the short texts are written without being
    // checked as UTF-8 again (JS decodes the whole once).
    let mut lines: Vec<u8> = Vec::with_capacity(plies.len() * 160);
    let put_char = |lines: &mut Vec<u8>, c: char| lines.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
    for (i, p) in plies.iter().enumerate() {
        if i > 0 {
            lines.push(b'\n');
        }
        let more = !(p.comments.is_empty()
            && p.nags.is_empty()
            && p.shapes.is_empty()
            && p.clock.is_none()
            && p.eval.is_none()
            && p.variations.is_empty()
            && p.drowned.is_empty());
        let extra = if more { to_json(&Extra(p)) } else { String::new() };
        // Written straight into the lines (no string per field): this runs per ply.
        lines.extend_from_slice(p.notation.as_bytes());
        lines.push(b'\t');
        for (k, square) in p.path.iter().enumerate() {
            if k > 0 {
                lines.push(b' ');
            }
            lines.extend_from_slice(square.as_bytes());
        }
        lines.push(b'\t');
        put_char(&mut lines, p.piece);
        lines.push(b'\t');
        p.captured.iter().for_each(|&c| put_char(&mut lines, c));
        lines.push(b'\t');
        p.promotion.into_iter().for_each(|c| put_char(&mut lines, c));
        lines.push(b'\t');
        lines.extend_from_slice(Digits::of(p.start as u64).as_bytes());
        lines.push(b'\t');
        lines.extend_from_slice(Digits::of(p.end as u64).as_bytes());
        lines.push(b'\t');
        put_snapshot(&mut lines, &p.snapshot);
        lines.push(b'\t');
        lines.extend_from_slice(extra.as_bytes());
    }
    lines
}

/// Whether two of a game's tables are the same: they are shared statics, so
/// the same address is the same table (and comparing is left for the rest).
fn same<T: PartialEq>(a: &[T], b: &[T]) -> bool {
    std::ptr::eq(a, b) || a == b
}

/// What a ply of the main line has beyond its fields, as its last field
/// holds it: the pieces it drowned, its annotations and variations.
struct Extra<'a>(&'a Ply);

impl ToJson for Extra<'_> {
    fn write_json(&self, out: &mut String) {
        let variations = compact(self.0);
        let [a, b, c, d, e, f] = annotations(self.0, &variations);
        write_object(out, &[("drowned", &self.0.drowned), a, b, c, d, e, f]);
    }
}

/// A ply's variations as `CompactLine`s.
fn compact(p: &Ply) -> Vec<CompactLine<'_>> {
    p.variations.iter().map(CompactLine).collect()
}

/// A ply's annotations and variations (`variations`, as `compact` makes
/// them), as `Extra` and `CompactLine` write them.
fn annotations<'a>(p: &'a Ply, variations: &'a dyn ToJson) -> [(&'static str, &'a dyn ToJson); 6] {
    [
        ("comments", &p.comments),
        ("nags", &p.nags),
        ("shapes", &p.shapes),
        ("clock", &p.clock),
        ("eval", &p.eval),
        ("variations", variations),
    ]
}

/// A variation for `packed`: its snapshots without what every position of
/// the game shares (size, landmarks, dark parity, piece names), which
/// `www/unpack.js` puts back from the initial snapshot.
struct CompactLine<'a>(&'a crate::outcome::Line);

impl ToJson for CompactLine<'_> {
    fn write_json(&self, out: &mut String) {
        let line = self.0;
        let plies: Vec<CompactPly> = line.plies.iter().map(CompactPly).collect();
        write_object(
            out,
            &[
                ("comments", &line.comments),
                ("shapes", &line.shapes),
                ("plies", &plies),
                ("error", &line.error),
                ("unplayed", &line.unplayed),
                ("unplayedOmitted", &line.unplayed_omitted),
            ],
        );
    }
}

/// A ply of a variation (`CompactLine`).
struct CompactPly<'a>(&'a Ply);

impl ToJson for CompactPly<'_> {
    fn write_json(&self, out: &mut String) {
        let (p, snapshot) = (self.0, CompactSnapshot(&self.0.snapshot));
        let variations = compact(p);
        let [a, b, c, d, e, f] = annotations(p, &variations);
        write_object(
            out,
            &[
                ("notation", &p.notation),
                ("from", &p.from),
                ("to", &p.to),
                ("path", &p.path),
                ("piece", &p.piece),
                ("captured", &p.captured),
                ("promotion", &p.promotion),
                ("drowned", &p.drowned),
                ("start", &p.start),
                ("end", &p.end),
                ("snapshot", &snapshot),
                a,
                b,
                c,
                d,
                e,
                f,
            ],
        );
    }
}

/// A variation's snapshot, without what every position of the game shares.
struct CompactSnapshot<'a>(&'a crate::snapshot::Snapshot);

impl ToJson for CompactSnapshot<'_> {
    fn write_json(&self, out: &mut String) {
        let s = self.0;
        write_object(
            out,
            &[
                ("cells", &s.cells),
                ("sideToMove", &s.side_to_move),
                ("check", &s.check),
                ("fen", &s.fen),
                ("moveNumber", &s.move_number),
                ("over", &s.over),
                ("marks", &s.marks),
            ],
        );
    }
}

/// The Outcome as one JSON text whose main line is empty, plus the main
/// line's plies as lines of tab-separated fields (`packed_lines`): a
/// JSON.parse and one object literal per ply are much faster than creating
/// every field from WebAssembly (`npm run bench`). A ply's annotations and
/// variations, when it has any, cross as JSON in its last field.
pub(super) fn pack(mut outcome: Outcome) -> JsValue {
    let plain = |s: &[u8]| !s.iter().any(|&b| b == b'\t' || b == b'\n');
    let packable = outcome.plies.iter().all(|p| {
        p.snapshot.marks.is_empty()
            && p.snapshot.width == outcome.initial.width
            && p.snapshot.height == outcome.initial.height
            && same(p.snapshot.landmarks, outcome.initial.landmarks)
            && p.snapshot.dark_parity == outcome.initial.dark_parity
            && same(p.snapshot.pieces.0, outcome.initial.pieces.0)
            && [p.notation.as_bytes(), p.snapshot.cells.as_bytes(), p.snapshot.fen.as_bytes()].iter().all(|s| plain(s))
            && p.path.iter().all(|s| plain(s.as_bytes()) && !s.contains(' '))
            && p.snapshot.check.as_deref().is_none_or(|s| plain(s.as_bytes()))
    });
    if !packable {
        return unpack_outcome(&to_json(&outcome), &[]);
    }
    let plies = std::mem::take(&mut outcome.plies);
    // The head's `plies` is empty; unpack fills it from the lines.
    unpack_outcome(&to_json(&outcome), &packed_lines(&plies))
}
