//! The page's first module (built without the `all-games` feature) as
//! JavaScript sees it: chess as in the full module, and for another game an
//! `Error` whose message starts `[needs_all_games] <game id>`, the signal
//! for the page to load the module with every game.
//!
//!     CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
//!       cargo test --no-default-features --target wasm32-unknown-unknown --test wasm_chess_only
//! (the reader) and with `--features engine` (the worker's chess module:
//! `suggest`, `report` and `Reporter` besides).
#![cfg(all(target_arch = "wasm32", not(feature = "all-games")))]

use analysis_board::wasm::{analyze, congo_alphabeta, edit_game, exchange_file, games, moves, play};
#[cfg(feature = "engine")]
use analysis_board::wasm::{report, reporter, suggest};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

const CONGO: &str = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\nd2d3 d6d5\n";
const CHECKERS: &str = "c3->d4 f6->e5 d4->f6\n";
const GRID: &str = "2\nw\n4 4\nk...\n....\n....\n...K\n";

fn object(pairs: &[(&str, JsValue)]) -> JsValue {
    let options = js_sys::Object::new();
    for (key, value) in pairs {
        js_sys::Reflect::set(&options, &(*key).into(), value).unwrap();
    }
    options.into()
}

fn game(id: &str) -> JsValue {
    object(&[("game", id.into())])
}

/// The message of the Error a call threw.
fn thrown<T>(result: Result<T, wasm_bindgen::JsError>) -> String {
    let Err(error) = result else { panic!("the call should throw") };
    let error: JsValue = error.into();
    let error: js_sys::Error = error.dyn_into().expect("an Error");
    String::from(error.message())
}

fn field(value: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(value, &key.into()).unwrap()
}

#[wasm_bindgen_test]
fn chess_works() {
    let outcome = analyze("f3 e5 g4 Qh4".into(), JsValue::UNDEFINED).unwrap();
    assert_eq!(field(&outcome, "status").as_string().as_deref(), Some("checkmate"));
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(js_sys::Array::from(&moves(start.into(), JsValue::UNDEFINED).unwrap()).length(), 20);
}

#[cfg(feature = "engine")]
#[wasm_bindgen_test]
fn chess_with_the_engine_suggests() {
    assert!(suggest("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1".into(), JsValue::UNDEFINED).is_ok());
}

#[wasm_bindgen_test]
fn games_lists_every_game() {
    let ids: Vec<String> =
        js_sys::Array::from(&games().unwrap()).iter().map(|g| field(&g, "id").as_string().unwrap()).collect();
    assert_eq!(ids, ["chess", "grid", "congo", "checkers"]);
    // Rules for chess alone: the others' are in the module with every game.
    let ruled: Vec<bool> =
        js_sys::Array::from(&games().unwrap()).iter().map(|g| !field(&g, "rules").is_null()).collect();
    assert_eq!(ruled, [true, false, false, false]);
}

#[wasm_bindgen_test]
fn another_games_text_throws_needs_all_games_with_its_id() {
    for (text, id) in [(CONGO, "congo"), (CHECKERS, "checkers"), (GRID, "grid")] {
        let message = thrown(analyze(text.into(), JsValue::UNDEFINED));
        assert!(message.starts_with(&format!("[needs_all_games] {id}: ")), "{message}");
        #[cfg(feature = "engine")]
        for message in
            [thrown(report(text.into(), JsValue::UNDEFINED)), thrown(reporter(text.into(), JsValue::UNDEFINED))]
        {
            assert!(message.starts_with(&format!("[needs_all_games] {id}: ")), "{message}");
        }
    }
    // Another game named in the options, whatever the text.
    let message = thrown(analyze("e4 e5".into(), game("checkers")));
    assert!(message.starts_with("[needs_all_games] checkers: "), "{message}");
    let edit = object(&[("kind", "add".into()), ("at", js_sys::Array::of1(&0.into()).into()), ("move", "d6d5".into())]);
    let message = thrown(edit_game(CONGO.into(), edit, JsValue::UNDEFINED));
    assert!(message.starts_with("[needs_all_games] congo: "), "{message}");
}

#[wasm_bindgen_test]
fn another_games_positions_throw_needs_all_games() {
    let congo = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0";
    for message in [
        thrown(moves(congo.into(), game("congo"))),
        thrown(play(congo.into(), "d2d3".into(), game("congo"))),
        thrown(congo_alphabeta(congo.into(), 2.into())),
    ] {
        assert!(message.starts_with("[needs_all_games] congo: "), "{message}");
    }
    for message in [thrown(exchange_file("W:W21:B1".into())), thrown(moves("anything".into(), game("checkers")))] {
        assert!(message.starts_with("[needs_all_games] checkers: "), "{message}");
    }
    #[cfg(feature = "engine")]
    for (message, id) in [
        (thrown(suggest(congo.into(), game("congo"))), "congo"),
        (thrown(suggest("W:W21:B1".into(), game("checkers"))), "checkers"),
    ] {
        assert!(message.starts_with(&format!("[needs_all_games] {id}: ")), "{message}");
    }
    let message = thrown(moves(GRID.into(), game("grid")));
    assert!(message.starts_with("[needs_all_games] grid: "), "{message}");
}
