//! The JavaScript API (wasm-bindgen): glue only. Each function reads its
//! arguments (`args`, `options`: a wrong type or value throws an `Error`
//! whose message starts with a stable code in brackets, never a trap),
//! calls the library, and hands the result over: small results as plain
//! objects (their JSON text, parsed by JavaScript), an Outcome in its wire
//! format (`wire`), its chess main line kept until read (`kept`).
//!
//! Without the feature `engine` (the reader, the page thread's module) the
//! functions of the engine are not exported: `suggest`, `Reporter`,
//! `report`, `puzzle`, `puzzleMove`, `positionSetup`, `writePosition`.

use crate::adapter::GameRules;
use crate::analysis::analyze_later;
use crate::game::GameKind;
use crate::json::json_object;
use crate::outcome::Refusal;
use crate::snapshot::Side;
use wasm_bindgen::prelude::*;

mod args;
mod kept;
mod options;
mod read;
mod wire;

use args::{error, has_rules, integer_arg, options_and_copy, options_arg, squares_arg, string_arg, to_js};
#[cfg(feature = "engine")]
use args::{needs_all_games, object};
use options::{edit_request, AnalyzeOptions, ExportOptions, GameOption};

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = include_str!("api.d.ts");

/// Analyses a pasted game.
#[wasm_bindgen(skip_typescript)]
pub fn analyze(text: JsValue, options: JsValue) -> Result<JsValue, JsError> {
    let read = string_arg(&text, "text")?;
    // The options as read (a copy): the main line may be read again with them.
    let (chosen, options) = options_and_copy::<AnalyzeOptions>(options)?;
    let chosen = chosen.read()?;
    has_rules(&read, &chosen)?;
    let (outcome, later) = analyze_later(&read, &chosen);
    Ok(kept::hand_over(outcome, later.map(|line| (line, &text, &options))))
}

/// The games this module knows, in the order the page lists them, with
/// what it can do with each (`rules`: null where it has not the game's rules).
#[wasm_bindgen(skip_typescript)]
pub fn games() -> Result<JsValue, JsError> {
    struct Game {
        id: &'static str,
        title: &'static str,
        players: [Side; 2],
        rules: Option<GameRules>,
    }
    json_object!(Game { id, title, players, rules });
    let game = |g: GameKind| Game {
        id: g.id(),
        title: g.title(),
        players: g.players(),
        rules: crate::games::adapter(g).ok().map(|adapter| adapter.rules()),
    };
    to_js(&GameKind::ALL.map(game))
}

#[cfg(feature = "engine")]
/// The suggested move for a position, or null when the game is over.
#[wasm_bindgen(skip_typescript)]
pub fn suggest(position: JsValue, options: JsValue) -> Result<JsValue, JsError> {
    let position = string_arg(&position, "position")?;
    let game = options_arg::<GameOption>(options)?.kind()?;
    let adapter = crate::games::adapter(game).map_err(needs_all_games)?;
    to_js(&adapter.suggest(&position).map_err(|e| error(e.code(), e))?)
}

/// The course's Congo alpha-beta (fail-hard negamax, advanced evaluation)
/// to `depth` (at most 8): its value and the positions it visited. For
/// checking the course's values and timing the search from JavaScript.
/// A search estimated to take more than about ten seconds is refused at
/// once, `[over_budget]` (`CourseSearch::bounded`).
#[wasm_bindgen(js_name = congoAlphabeta, skip_typescript)]
pub fn congo_alphabeta(fen: JsValue, depth: JsValue) -> Result<JsValue, JsError> {
    let fen = string_arg(&fen, "fen")?;
    let depth = integer_arg(&depth, "depth", 8)?;
    let (value, nodes) = congo_search(&fen, depth).map_err(|e| error(e.code(), e))?;
    struct Searched {
        value: i32,
        nodes: u64,
    }
    json_object!(Searched { value, nodes });
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

/// The PGN of a chess text's whole tree (the page's "copy PGN").
#[wasm_bindgen(js_name = exportPgn, skip_typescript)]
pub fn export_pgn(text: JsValue, options: JsValue) -> Result<String, JsError> {
    let text = string_arg(&text, "text")?;
    let options = options_arg::<ExportOptions>(options)?.read()?;
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
    let game = options_arg::<GameOption>(options)?.kind()?;
    let found = crate::play::moves(game, &position).map_err(|e| error(e.code(), e))?;
    to_js(&found)
}

/// One move played on a position: the ply, with the new position. The move
/// is written as the game writes it, or given as the squares it passes.
#[wasm_bindgen(skip_typescript)]
pub fn play(position: JsValue, mv: JsValue, options: JsValue) -> Result<JsValue, JsError> {
    let position = string_arg(&position, "position")?;
    let game = options_arg::<GameOption>(options)?.kind()?;
    let mv = match squares_arg(&mv)? {
        Some(squares) => crate::play::path_text(game, &squares),
        None => string_arg(&mv, "move")?,
    };
    let ply = crate::play::play(game, &position, &mv).map_err(|e| error(e.code(), e))?;
    to_js(&ply)
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
    let options = options_arg::<AnalyzeOptions>(options)?.read()?;
    has_rules(&text, &options)?;
    let edited = crate::play::edit(&text, &options, &edit).map_err(|e| error(e.code(), e))?;
    struct Result<'a> {
        text: &'a str,
        path: &'a [usize],
        note: Option<&'a str>,
    }
    json_object!(Result<'a> { text, path, note });
    to_js(&Result { text: &edited.text, path: &edited.path, note: edited.note.as_deref() })
}

/// Every game of a PGN text, for a game chooser.
#[wasm_bindgen(js_name = listGames, skip_typescript)]
pub fn list_games(text: JsValue) -> Result<JsValue, JsError> {
    let text = string_arg(&text, "text")?;
    to_js(&crate::chess::notation::pgn::list_games(&text))
}

#[cfg(feature = "engine")]
/// A chess FEN as the board editor edits it.
#[wasm_bindgen(js_name = positionSetup, skip_typescript)]
pub fn position_setup(fen: JsValue) -> Result<JsValue, JsError> {
    let fen = string_arg(&fen, "fen")?;
    let view = crate::chess::editor::setup_view(&fen).map_err(|e| error(e.code(), e))?;
    to_js(&view)
}

#[cfg(feature = "engine")]
/// The FEN of a position from the board editor, and why it cannot be
/// played from, if it cannot.
#[wasm_bindgen(js_name = writePosition, skip_typescript)]
pub fn write_position(setup: JsValue) -> Result<JsValue, JsError> {
    let view: crate::chess::editor::SetupView = object(&setup, "setup").map_err(|e| error("bad_argument", e))?;
    let written = crate::chess::editor::write_setup(&view).map_err(|e| error(e.code(), e))?;
    to_js(&written)
}

#[cfg(feature = "engine")]
#[wasm_bindgen(module = "/www/unpack.js")]
extern "C" {
    // The state passed as its class, not as a JsValue, so that the glue
    // wraps it: the glue imports `www/unpack.js` once more, under the same
    // key of the module's imports, for each function it hands the module
    // as it is (no conversion either way), and two of them (with `utf8`)
    // made esbuild warn of a duplicate key as it bundled the page.
    #[wasm_bindgen(js_name = wrapReporter)]
    fn wrap_reporter(state: JsReporter) -> JsValue;
}

#[cfg(feature = "engine")]
/// The report on a game, a ply at a time (for progress in a worker):
/// `new Reporter(text, options)` from JavaScript, whose object
/// (`www/unpack.js`, `wrapReporter`) holds this state and answers
/// `[freed]` once freed. (A freed object of the module's own class would
/// reach the module with a null pointer, which the glue throws through
/// the module's frames: thousands of calls broke it for good.)
#[wasm_bindgen(js_name = Reporter, skip_typescript)]
pub fn reporter(text: JsValue, options: JsValue) -> Result<JsValue, JsError> {
    let text = string_arg(&text, "text")?;
    let options = options_arg::<AnalyzeOptions>(options)?.read()?;
    has_rules(&text, &options)?;
    let inner = crate::analysis::reporter(&text, &options).map_err(|e| error("no_report", e.0))?;
    Ok(wrap_reporter(JsReporter { inner }))
}

/// What a `Reporter` holds; its methods are the `Reporter`'s.
#[cfg(feature = "engine")]
#[wasm_bindgen(private)]
pub struct JsReporter {
    inner: Box<dyn crate::report::PlyReporter>,
}

#[cfg(feature = "engine")]
#[wasm_bindgen]
impl JsReporter {
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

#[cfg(feature = "engine")]
/// The whole report at once.
#[wasm_bindgen(skip_typescript)]
pub fn report(text: JsValue, options: JsValue) -> Result<JsValue, JsError> {
    let text = string_arg(&text, "text")?;
    let options = options_arg::<AnalyzeOptions>(options)?.read()?;
    has_rules(&text, &options)?;
    let mut reporter = crate::analysis::reporter(&text, &options).map_err(|e| error("no_report", e.0))?;
    struct Whole {
        start: crate::report::ReportStart,
        method: crate::report::ReportMethod,
        plies: Vec<crate::report::ReportPly>,
    }
    json_object!(Whole { start, method, plies });
    let start = reporter.start();
    let method = reporter.method();
    let mut plies = Vec::with_capacity(reporter.len());
    while let Some(ply) = reporter.next_ply() {
        plies.push(ply);
    }
    to_js(&Whole { start, method, plies })
}

#[cfg(feature = "engine")]
/// A chess position as a mate puzzle: the mate's length (null: none within
/// three moves), a hint (the square of the piece that starts it) and the
/// solution.
#[wasm_bindgen(skip_typescript)]
pub fn puzzle(fen: JsValue) -> Result<JsValue, JsError> {
    let fen = string_arg(&fen, "fen")?;
    to_js(&crate::chess::puzzle::puzzle_info(&fen).map_err(|e| error(e.code(), e))?)
}

#[cfg(feature = "engine")]
/// A move played in a mate puzzle, judged: solved, continue (with the
/// board's answer) or wrong (with the reason).
#[wasm_bindgen(js_name = puzzleMove, skip_typescript)]
pub fn puzzle_move(fen: JsValue, mv: JsValue) -> Result<JsValue, JsError> {
    let fen = string_arg(&fen, "fen")?;
    let mv = string_arg(&mv, "move")?;
    to_js(&crate::chess::puzzle::puzzle_move(&fen, &mv).map_err(|e| error(e.code(), e))?)
}
