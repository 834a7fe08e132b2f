//! The JavaScript API (wasm-bindgen): glue only. Every argument is checked
//! here (a wrong type or value throws an `Error` whose message starts with
//! a stable code in brackets, never a trap); options are read with
//! serde-wasm-bindgen, unknown keys refused. Small results cross with
//! serde-wasm-bindgen; a game's Outcome crosses packed (see `packed`).

use crate::analysis::{analyze as analyze_text, analyze_later};
use crate::decimal::Digits;
use crate::game::{GameKind, NeedsAllGames};
use crate::options::{GameChoice, NotationChoice, Options};
use crate::outcome::{LaterPlies, Refusal};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

mod read;

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

/// A game's main line, read but not yet handed over (see `packed`).
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

/// The main line kept as `number` (see `packed`), as lines of fields with
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
        let options = self::options::<AnalyzeOptions>(options)?.read()?;
        Ok(packed(analyze_text(&text, &options), None))
    });
    let plies = again.ok().and_then(|outcome| js_sys::Reflect::get(&outcome, &JsValue::from_str("plies")).ok());
    plies.unwrap_or_else(|| js_sys::Array::new().into())
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
        lines.extend_from_slice(serde_json::to_string(over).unwrap_or_default().as_bytes());
    }
}

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = include_str!("api.d.ts");

/// An error for JavaScript: `[code] message`.
fn error(code: &str, message: impl std::fmt::Display) -> JsError {
    JsError::new(&format!("[{code}] {message}"))
}

/// What a JavaScript value is, in the words of `typeof` (with null and
/// arrays told apart).
fn type_name(value: &JsValue) -> String {
    if value.is_null() {
        "null".into()
    } else if js_sys::Array::is_array(value) {
        "an array".into()
    } else {
        value.js_typeof().as_string().unwrap_or_default()
    }
}

/// A string argument.
fn string_arg(value: &JsValue, name: &str) -> Result<String, JsError> {
    if !value.is_string() {
        return Err(error("bad_argument", format!("{name} must be a string, got {}", type_name(value))));
    }
    // A long one through TextEncoder: the glue's `as_string` copies a
    // character at a time, 5 ms for a 1,000-game PGN text (`npm run bench`);
    // a short one through `as_string`, which leaves no array to collect.
    if value.unchecked_ref::<js_sys::JsString>().length() < 16 * 1024 {
        return Ok(value.as_string().unwrap_or_default());
    }
    String::from_utf8(utf8(value).to_vec()).map_err(|e| error("bad_argument", format!("{name}: {e}")))
}

/// An integer argument in `0..=max`.
fn integer_arg(value: &JsValue, name: &str, max: u32) -> Result<u32, JsError> {
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
fn options<T: DeserializeOwned + Default>(value: JsValue) -> Result<T, JsError> {
    options_and_copy(value).map(|(options, _)| options)
}

/// `options`, and the copy read (`plain_copy`; undefined when absent).
fn options_and_copy<T: DeserializeOwned + Default>(value: JsValue) -> Result<(T, JsValue), JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok((T::default(), JsValue::UNDEFINED));
    }
    let copy = plain_copy(&value, "options").map_err(|e| error("bad_options", e))?;
    let options = read::from_json_value(copy.clone()).map_err(|e| error("bad_options", e))?;
    Ok((options, copy))
}

/// Reads a plain object argument named `name`. Its own properties are
/// copied first, each read once and any exception caught, so that a getter
/// or proxy cannot run later; then the copy goes through JSON (as a JSON
/// text would read) and `read` reads it, refusing unknown keys and wrong
/// types (serde-wasm-bindgen reads only the fields it knows, so it cannot
/// refuse the others).
fn object<T: DeserializeOwned>(value: &JsValue, name: &str) -> Result<T, String> {
    read::from_json_value(plain_copy(value, name)?).map_err(|e| e.to_string())
}

/// `object`'s first step, the copy through JSON: apart from the generic
/// reading so that the module holds it once, not once per type read.
#[inline(never)]
fn plain_copy(value: &JsValue, name: &str) -> Result<JsValue, String> {
    if !value.is_object() || js_sys::Array::is_array(value) || value.is_function() {
        return Err(format!("{name} must be an object, got {}", type_name(value)));
    }
    let cannot = |e: JsValue| {
        let why = e.dyn_ref::<js_sys::Error>().map_or_else(|| format!("{e:?}"), |e| String::from(e.message()));
        format!("the {name} cannot be read: {why}")
    };
    plain_json_copy(value).map_err(cannot)
}

/// A small result, as plain objects (absent values as `null`).
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_err(|e| error("internal", e))
}

/// The error for a game this module has no rules for: `[needs_all_games]
/// congo: ...`, the game's id first, for the page to load the module with
/// every game and ask again.
fn needs_all_games(missing: NeedsAllGames) -> JsError {
    error(NeedsAllGames::CODE, missing)
}

/// Refuses a text of a game this module has no rules for.
fn has_rules(text: &str, options: &Options) -> Result<(), JsError> {
    if cfg!(feature = "all-games") {
        return Ok(());
    }
    crate::games::has_rules(crate::analysis::game_of(text, options)).map_err(needs_all_games)
}

fn game_of(id: &str) -> Result<GameKind, JsError> {
    GameKind::from_id(id).ok_or_else(|| {
        let known: Vec<&str> = GameKind::ALL.iter().map(|g| g.id()).collect();
        error("bad_options", format!("unknown game {id:?} (known: {})", known.join(", ")))
    })
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct AnalyzeOptions {
    game: Option<String>,
    notation: Option<String>,
    suggest: Option<bool>,
    game_index: Option<u32>,
}

impl AnalyzeOptions {
    fn read(self) -> Result<Options, JsError> {
        let game = match self.game.as_deref() {
            None | Some("auto") => GameChoice::Auto,
            Some(id) => GameChoice::Game(game_of(id)?),
        };
        let notation = match self.notation.as_deref() {
            None | Some("auto") => NotationChoice::Auto,
            Some("course") => NotationChoice::Course,
            Some("pgn") => NotationChoice::Pgn,
            Some(other) => {
                return Err(error("bad_options", format!("notation must be auto, course or pgn, not {other:?}")))
            }
        };
        Ok(Options {
            game,
            notation,
            game_index: self.game_index.unwrap_or(0) as usize,
            suggest: self.suggest.unwrap_or(true),
        })
    }
}

/// Analyses a pasted game.
#[wasm_bindgen(skip_typescript)]
pub fn analyze(text: JsValue, options: JsValue) -> Result<JsValue, JsError> {
    let read = string_arg(&text, "text")?;
    // The options as read (a copy): the main line may be read again with them.
    let (chosen, options) = options_and_copy::<AnalyzeOptions>(options)?;
    let chosen = chosen.read()?;
    has_rules(&read, &chosen)?;
    let (outcome, later) = analyze_later(&read, &chosen);
    Ok(packed(outcome, later.map(|line| (line, &text, &options))))
}

/// The games this module knows, in the order the page lists them.
#[wasm_bindgen(skip_typescript)]
pub fn games() -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    struct Game {
        id: &'static str,
        title: &'static str,
    }
    to_js(&GameKind::ALL.map(|g| Game { id: g.id(), title: g.title() }))
}

#[wasm_bindgen(module = "/www/unpack.js")]
extern "C" {
    #[wasm_bindgen(js_name = unpackOutcome)]
    fn unpack_outcome(head: &str, plies: &[u8]) -> JsValue;
    #[wasm_bindgen(js_name = unpackLater)]
    fn unpack_later(
        head: &str,
        initial: &str,
        read: &js_sys::Function,
        number: f64,
        text: &JsValue,
        options: &JsValue,
    ) -> JsValue;
    fn utf8(text: &JsValue) -> js_sys::Uint8Array;
    // In JavaScript: one call instead of one per key (a tenth of `analyze`).
    #[wasm_bindgen(js_name = plainJsonCopy, catch)]
    fn plain_json_copy(value: &JsValue) -> Result<JsValue, JsValue>;
}

/// The Outcome as one JSON text whose main line is empty, plus the main
/// line's plies as lines of tab-separated fields (see `www/unpack.js`): a
/// JSON.parse and one object literal per ply are much faster than creating
/// every field from WebAssembly (`npm run bench`). A ply's annotations and
/// variations, when it has any, cross as JSON in its last field.
///
/// A game read with its main line's plies left for later (a chess game,
/// by `analyze`: `later` holds the line, and the `text` and `options` it
/// was read with) crosses without its main line, which is kept here: the
/// Outcome's `plies` has it handed over, its snapshots built, when first
/// read (`main_line`). A game read for its verdict, or a game of a long
/// PGN listed, costs half as much (`npm run bench`).
fn packed(mut outcome: crate::outcome::Outcome, later: Option<(Box<dyn LaterPlies>, &JsValue, &JsValue)>) -> JsValue {
    if let Some((line, text, options)) = later {
        // A chess main line (chess's is the one reader that keeps one):
        // SAN, square names, cells and FENs hold no tab, newline or space,
        // and every position shares the board.
        let number = keep(line);
        let head = serde_json::to_string(&Head::of(&outcome)).unwrap_or_default();
        let initial = initial_json(outcome.initial);
        return MAIN_LINE
            .with(|read| unpack_later(&head, &initial, read.as_ref().unchecked_ref(), number as f64, text, options));
    }
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
        return unpack_outcome(&serde_json::to_string(&outcome).unwrap_or_default(), &[]);
    }
    let plies = std::mem::take(&mut outcome.plies);
    // The head's `plies` is empty; unpack fills it from the lines.
    unpack_outcome(&serde_json::to_string(&outcome).unwrap_or_default(), &packed_lines(&plies))
}

/// The Outcome's fields but its initial position and main line, as
/// `packed` hands them over for a main line read later; JSON texts of both
/// have the same keys (tests/js/lazy.test.mjs).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Head<'a> {
    game: GameKind,
    players: [crate::snapshot::Side; 2],
    status: crate::outcome::Status,
    winner: Option<crate::snapshot::Side>,
    message: &'a str,
    error: &'a Option<crate::outcome::ErrorInfo>,
    comments: &'a [String],
    shapes: &'a [crate::outcome::Shape],
    unplayed: &'a [crate::outcome::Unplayed],
    suggestion: &'a Option<crate::outcome::Suggestion>,
    chess: &'a Option<crate::outcome::ChessInfo>,
    problem: &'a Option<crate::outcome::ProblemInfo>,
}

impl<'a> Head<'a> {
    fn of(o: &'a crate::outcome::Outcome) -> Head<'a> {
        Head {
            game: o.game,
            players: o.players,
            status: o.status,
            winner: o.winner,
            message: &o.message,
            error: &o.error,
            comments: &o.comments,
            shapes: &o.shapes,
            unplayed: &o.unplayed,
            suggestion: &o.suggestion,
            chess: &o.chess,
            problem: &o.problem,
        }
    }
}

/// A snapshot's JSON text; the last one's written once.
fn initial_json(snapshot: crate::snapshot::Snapshot) -> String {
    thread_local! {
        static LAST: std::cell::RefCell<(crate::snapshot::Snapshot, String)> =
            std::cell::RefCell::new((crate::snapshot::Snapshot::empty(), String::new()));
    }
    LAST.with_borrow_mut(|(last, json)| {
        if json.is_empty() || *last != snapshot {
            *json = serde_json::to_string(&snapshot).unwrap_or_default();
            *last = snapshot;
        }
        json.clone()
    })
}

/// The plies as `packed` hands them over: a line each, of tab-separated
/// fields (the snapshot's as `put_snapshot` writes them).
fn packed_lines(plies: &[crate::outcome::Ply]) -> Vec<u8> {
    // Bytes, not a String: the short texts are written without being
    // checked as UTF-8 again (JS decodes the whole once).
    let mut lines: Vec<u8> = Vec::with_capacity(plies.len() * 160);
    let put_char = |lines: &mut Vec<u8>, c: char| lines.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
    for (i, p) in plies.iter().enumerate() {
        if i > 0 {
            lines.push(b'\n');
        }
        let annotated = !(p.comments.is_empty()
            && p.nags.is_empty()
            && p.shapes.is_empty()
            && p.clock.is_none()
            && p.eval.is_none()
            && p.variations.is_empty());
        let extra =
            if annotated { serde_json::to_string(&Annotations::of(p)).unwrap_or_default() } else { String::new() };
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

/// A ply's annotations and variations, as `packed` writes them.
#[derive(Serialize)]
struct Annotations<'a> {
    comments: &'a [String],
    nags: &'a [u8],
    shapes: &'a [crate::outcome::Shape],
    clock: &'a Option<String>,
    eval: &'a Option<String>,
    variations: Vec<CompactLine<'a>>,
}

impl<'a> Annotations<'a> {
    fn of(p: &'a crate::outcome::Ply) -> Annotations<'a> {
        Annotations {
            comments: &p.comments,
            nags: &p.nags,
            shapes: &p.shapes,
            clock: &p.clock,
            eval: &p.eval,
            variations: p.variations.iter().map(CompactLine).collect(),
        }
    }
}

/// A variation for `packed`: its snapshots without what every position of
/// the game shares (size, landmarks, dark parity, piece names), which
/// `www/unpack.js` puts back from the initial snapshot.
struct CompactLine<'a>(&'a crate::outcome::Line);

impl Serialize for CompactLine<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use crate::outcome::{ErrorInfo, Unplayed};
        use crate::snapshot::{Mark, Over, Side};
        #[derive(Serialize)]
        #[serde(rename_all = "camelCase")]
        struct Snapshot<'a> {
            cells: &'a str,
            side_to_move: Option<Side>,
            check: &'a Option<crate::short::SquareName>,
            fen: &'a str,
            move_number: u32,
            over: &'a Option<Over>,
            marks: &'a [Mark],
        }
        #[derive(Serialize)]
        struct Ply<'a> {
            notation: &'a str,
            from: &'a str,
            to: &'a str,
            path: &'a [crate::short::SquareName],
            piece: char,
            captured: &'a [char],
            promotion: Option<char>,
            start: usize,
            end: usize,
            snapshot: Snapshot<'a>,
            #[serde(flatten)]
            annotations: Annotations<'a>,
        }
        #[derive(Serialize)]
        struct Line<'a> {
            comments: &'a [String],
            shapes: &'a [crate::outcome::Shape],
            plies: Vec<Ply<'a>>,
            error: &'a Option<ErrorInfo>,
            unplayed: &'a [Unplayed],
        }
        let line = self.0;
        Line {
            comments: &line.comments,
            shapes: &line.shapes,
            plies: line
                .plies
                .iter()
                .map(|p| Ply {
                    notation: &p.notation,
                    from: &p.from,
                    to: &p.to,
                    path: &p.path,
                    piece: p.piece,
                    captured: &p.captured,
                    promotion: p.promotion,
                    start: p.start,
                    end: p.end,
                    snapshot: Snapshot {
                        cells: &p.snapshot.cells,
                        side_to_move: p.snapshot.side_to_move,
                        check: &p.snapshot.check,
                        fen: &p.snapshot.fen,
                        move_number: p.snapshot.move_number,
                        over: &p.snapshot.over,
                        marks: &p.snapshot.marks,
                    },
                    annotations: Annotations::of(p),
                })
                .collect(),
            error: &line.error,
            unplayed: &line.unplayed,
        }
        .serialize(serializer)
    }
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct GameOption {
    game: Option<String>,
}

impl GameOption {
    /// The game named, chess when none is.
    fn kind(&self) -> Result<GameKind, JsError> {
        self.game.as_deref().map_or(Ok(GameKind::Chess), game_of)
    }
}

/// The suggested move for a position, or null when the game is over.
#[wasm_bindgen(skip_typescript)]
pub fn suggest(position: JsValue, options: JsValue) -> Result<JsValue, JsError> {
    let position = string_arg(&position, "position")?;
    let game = self::options::<GameOption>(options)?.kind()?;
    let adapter = crate::games::adapter(game).map_err(needs_all_games)?;
    to_js(&adapter.suggest(&position).map_err(|e| error(e.code(), e))?)
}

/// The course's Congo alpha-beta (fail-hard negamax, advanced evaluation)
/// to `depth` (at most 8): its value and the positions it visited. For
/// checking the course's values and timing the search from JavaScript.
#[wasm_bindgen(js_name = congoAlphabeta, skip_typescript)]
pub fn congo_alphabeta(fen: JsValue, depth: JsValue) -> Result<JsValue, JsError> {
    let fen = string_arg(&fen, "fen")?;
    let depth = integer_arg(&depth, "depth", 8)?;
    let (value, nodes) = congo_search(&fen, depth).map_err(|e| error(e.code(), e))?;
    #[derive(Serialize)]
    struct Searched {
        value: i32,
        nodes: u64,
    }
    to_js(&Searched { value, nodes })
}

#[cfg(feature = "all-games")]
fn congo_search(fen: &str, depth: u32) -> Result<(i32, u64), Refusal> {
    crate::congo::adapter::alphabeta(fen, depth)
}

#[cfg(not(feature = "all-games"))]
fn congo_search(_: &str, _: u32) -> Result<(i32, u64), Refusal> {
    Err(Refusal::NeedsAllGames(GameKind::Congo))
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ExportOptions {
    notation: Option<String>,
    game_index: Option<u32>,
}

/// The PGN of a chess text's whole tree (the page's "copy PGN").
#[wasm_bindgen(js_name = exportPgn, skip_typescript)]
pub fn export_pgn(text: JsValue, options: JsValue) -> Result<String, JsError> {
    let text = string_arg(&text, "text")?;
    let given = self::options::<ExportOptions>(options)?;
    let read = AnalyzeOptions { notation: given.notation, game_index: given.game_index, ..AnalyzeOptions::default() };
    let options = read.read()?;
    Ok(crate::chess::analysis::export_pgn(&text, options.notation, options.game_index))
}

/// The course's exchange file for a checkers position (the page's "copy
/// exchange file").
#[wasm_bindgen(js_name = exchangeFile, skip_typescript)]
pub fn exchange_file(position: JsValue) -> Result<String, JsError> {
    let position = string_arg(&position, "position")?;
    checkers_exchange_file(&position).map_err(|e| error(e.code(), e))
}

#[cfg(feature = "all-games")]
fn checkers_exchange_file(position: &str) -> Result<String, Refusal> {
    crate::checkers::adapter::exchange_file(position)
}

#[cfg(not(feature = "all-games"))]
fn checkers_exchange_file(_: &str) -> Result<String, Refusal> {
    Err(Refusal::NeedsAllGames(GameKind::Checkers))
}

/// The legal moves of a position (for grid problems: the problem text, and
/// where each piece can go by its pattern).
#[wasm_bindgen(skip_typescript)]
pub fn moves(position: JsValue, options: JsValue) -> Result<JsValue, JsError> {
    let position = string_arg(&position, "position")?;
    let game = self::options::<GameOption>(options)?.kind()?;
    let found = crate::play::moves(game, &position).map_err(|e| error(e.code(), e))?;
    to_js(&found)
}

/// One move played on a position: the ply, with the new position. The move
/// is written as the game writes it, or given as the squares it passes.
#[wasm_bindgen(skip_typescript)]
pub fn play(position: JsValue, mv: JsValue, options: JsValue) -> Result<JsValue, JsError> {
    let position = string_arg(&position, "position")?;
    let game = self::options::<GameOption>(options)?.kind()?;
    let mv = if js_sys::Array::is_array(&mv) {
        let squares: Option<Vec<String>> = js_sys::Array::from(&mv).iter().map(|square| square.as_string()).collect();
        let squares =
            squares.ok_or_else(|| error("bad_argument", "a move given as squares is an array of square names"))?;
        crate::play::path_text(game, &squares)
    } else {
        string_arg(&mv, "move")?
    };
    let ply = crate::play::play(game, &position, &mv).map_err(|e| error(e.code(), e))?;
    to_js(&ply)
}

/// What an edit's `kind` names (the variants of serde's internally tagged
/// enum, read by `read::tagged`).
#[derive(Deserialize)]
#[serde(variant_identifier, rename_all = "lowercase")]
enum EditKind {
    Add,
    Delete,
    Promote,
}

/// The fields of an edit that adds a move.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AddFields {
    at: Vec<usize>,
    #[serde(rename = "move")]
    mv: String,
}

/// The fields of an edit that deletes or promotes a move.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AtFields {
    at: Vec<usize>,
}

/// Reads an edit, `{ kind: "add", at, move }` or `{ kind: "delete" or
/// "promote", at }`, as serde_json reads it as an internally tagged enum.
fn edit_request(value: &JsValue) -> Result<crate::edit::Edit, String> {
    use crate::edit::Edit;
    let (kind, fields) = read::tagged::<EditKind>(plain_copy(value, "edit")?, "kind").map_err(|e| e.to_string())?;
    let edit = match kind {
        EditKind::Add => AddFields::deserialize(fields).map(|f| Edit::Add { at: f.at, mv: f.mv }),
        EditKind::Delete => AtFields::deserialize(fields).map(|f| Edit::Delete { at: f.at }),
        EditKind::Promote => AtFields::deserialize(fields).map(|f| Edit::Promote { at: f.at }),
    };
    edit.map_err(|e| e.to_string())
}

/// Rewrites a game's text with one edit of its tree.
#[wasm_bindgen(js_name = editGame, skip_typescript)]
pub fn edit_game(text: JsValue, edit: JsValue, options: JsValue) -> Result<JsValue, JsError> {
    let text = string_arg(&text, "text")?;
    let edit = edit_request(&edit).map_err(|e| {
        error(
            "bad_argument",
            format!("{e} (an edit is {{ kind: \"add\", at, move }} or {{ kind: \"delete\" or \"promote\", at }})"),
        )
    })?;
    let options = self::options::<AnalyzeOptions>(options)?.read()?;
    has_rules(&text, &options)?;
    let edited = crate::play::edit(&text, &options, &edit).map_err(|e| error(e.code(), e))?;
    #[derive(Serialize)]
    struct Result<'a> {
        text: &'a str,
        path: &'a [usize],
        note: Option<&'a str>,
    }
    to_js(&Result { text: &edited.text, path: &edited.path, note: edited.note.as_deref() })
}

/// Every game of a PGN text, for a game chooser.
#[wasm_bindgen(js_name = listGames, skip_typescript)]
pub fn list_games(text: JsValue) -> Result<JsValue, JsError> {
    let text = string_arg(&text, "text")?;
    to_js(&crate::chess::notation::pgn::list_games(&text))
}

/// A chess FEN as the board editor edits it.
#[wasm_bindgen(js_name = positionSetup, skip_typescript)]
pub fn position_setup(fen: JsValue) -> Result<JsValue, JsError> {
    let fen = string_arg(&fen, "fen")?;
    let view = crate::chess::editor::setup_view(&fen).map_err(|e| error(e.code(), e))?;
    to_js(&view)
}

/// The FEN of a position from the board editor, and why it cannot be
/// played from, if it cannot.
#[wasm_bindgen(js_name = writePosition, skip_typescript)]
pub fn write_position(setup: JsValue) -> Result<JsValue, JsError> {
    let view: crate::chess::editor::SetupView = object(&setup, "setup").map_err(|e| error("bad_argument", e))?;
    let written = crate::chess::editor::write_setup(&view).map_err(|e| error(e.code(), e))?;
    to_js(&written)
}

/// The report on a game, a ply at a time (for progress in a worker).
#[wasm_bindgen(js_name = Reporter, skip_typescript)]
pub struct JsReporter {
    inner: Box<dyn crate::report::PlyReporter>,
}

#[wasm_bindgen(js_class = Reporter)]
impl JsReporter {
    #[wasm_bindgen(constructor)]
    pub fn new(text: JsValue, options: JsValue) -> Result<JsReporter, JsError> {
        let text = string_arg(&text, "text")?;
        let options = self::options::<AnalyzeOptions>(options)?.read()?;
        has_rules(&text, &options)?;
        let inner = crate::analysis::reporter(&text, &options).map_err(|e| error("no_report", e.0))?;
        Ok(JsReporter { inner })
    }

    /// How many plies the report will have.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.inner.len()
    }

    pub fn start(&self) -> Result<JsValue, JsError> {
        to_js(&self.inner.start())
    }

    pub fn method(&self) -> Result<JsValue, JsError> {
        to_js(&self.inner.method())
    }

    /// The next ply's report, or null after the last.
    #[wasm_bindgen(js_name = next)]
    pub fn next_ply(&mut self) -> Result<JsValue, JsError> {
        match self.inner.next_ply() {
            Some(ply) => to_js(&ply),
            None => Ok(JsValue::NULL),
        }
    }
}

/// The whole report at once.
#[wasm_bindgen(skip_typescript)]
pub fn report(text: JsValue, options: JsValue) -> Result<JsValue, JsError> {
    let text = string_arg(&text, "text")?;
    let options = self::options::<AnalyzeOptions>(options)?.read()?;
    has_rules(&text, &options)?;
    let mut reporter = crate::analysis::reporter(&text, &options).map_err(|e| error("no_report", e.0))?;
    #[derive(Serialize)]
    struct Whole {
        start: crate::report::ReportStart,
        method: crate::report::ReportMethod,
        plies: Vec<crate::report::ReportPly>,
    }
    let start = reporter.start();
    let method = reporter.method();
    let mut plies = Vec::with_capacity(reporter.len());
    while let Some(ply) = reporter.next_ply() {
        plies.push(ply);
    }
    to_js(&Whole { start, method, plies })
}

/// A chess position as a mate puzzle: the mate's length (null: none within
/// three moves), a hint (the square of the piece that starts it) and the
/// solution.
#[wasm_bindgen(skip_typescript)]
pub fn puzzle(fen: JsValue) -> Result<JsValue, JsError> {
    let fen = string_arg(&fen, "fen")?;
    to_js(&crate::chess::puzzle::puzzle_info(&fen).map_err(|e| error(e.code(), e))?)
}

/// A move played in a mate puzzle, judged: solved, continue (with the
/// board's answer) or wrong (with the reason).
#[wasm_bindgen(js_name = puzzleMove, skip_typescript)]
pub fn puzzle_move(fen: JsValue, mv: JsValue) -> Result<JsValue, JsError> {
    let fen = string_arg(&fen, "fen")?;
    let mv = string_arg(&mv, "move")?;
    to_js(&crate::chess::puzzle::puzzle_move(&fen, &mv).map_err(|e| error(e.code(), e))?)
}
