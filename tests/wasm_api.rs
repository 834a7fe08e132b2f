//! The JavaScript contract, tested in node through wasm-bindgen-test:
//! `analyze` and `suggest` return the documented shapes (null, never
//! undefined, for absent values) and UTF-16 spans.
//!
//!     CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
//!       cargo test --target wasm32-unknown-unknown --test wasm_api
#![cfg(target_arch = "wasm32")]

use analysis_board::wasm::{analyze, suggest};
use serde_json::Value;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

/// Through JSON.stringify, which drops `undefined` fields: a field that is
/// missing here was undefined in JavaScript.
fn json(value: JsValue) -> Value {
    let text = js_sys::JSON::stringify(&value).unwrap().as_string().unwrap();
    serde_json::from_str(&text).unwrap()
}

fn run(text: &str) -> Value {
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"suggest".into(), &JsValue::FALSE).unwrap();
    js_sys::Reflect::set(&options, &"notation".into(), &"course".into()).unwrap();
    json(analyze(text, options.into()).map_err(|_| "analyze threw").unwrap())
}

fn keys(v: &Value) -> Vec<String> {
    let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
    k.sort();
    k
}

fn utf16_slice(text: &str, start: u64, end: u64) -> String {
    let units: Vec<u16> = text.encode_utf16().collect();
    String::from_utf16(&units[start as usize..end as usize]).unwrap()
}

#[wasm_bindgen_test]
fn checkmate_has_the_documented_shape() {
    let o = run("f3 e5 g4 Qh4");
    assert_eq!(
        keys(&o),
        [
            "error",
            "game",
            "gamesInText",
            "initial",
            "message",
            "notation",
            "plies",
            "statedResult",
            "status",
            "suggestion",
            "tags",
            "unplayed",
            "winner"
        ]
    );
    assert_eq!(o["game"], "chess");
    assert_eq!(o["notation"], "course");
    assert_eq!(o["status"], "checkmate");
    assert_eq!(o["winner"], "black");
    assert_eq!(o["message"], "black wins by checkmate");
    assert_eq!(o["error"], Value::Null);
    assert_eq!(o["suggestion"], Value::Null);
    let plies = o["plies"].as_array().unwrap();
    assert_eq!(plies.len(), 4);
    let last = &plies[3];
    assert_eq!(keys(last), ["captured", "end", "from", "notation", "piece", "promotion", "snapshot", "start", "to"]);
    assert_eq!(last["notation"], "Qh4#");
    assert_eq!(
        (last["from"].as_str(), last["to"].as_str(), last["piece"].as_str()),
        (Some("d8"), Some("h4"), Some("q"))
    );
    assert_eq!(last["captured"], Value::Null);
    let snap = &last["snapshot"];
    assert_eq!(keys(snap), ["cells", "check", "fen", "height", "marks", "sideToMove", "width"]);
    assert_eq!((snap["width"].as_u64(), snap["height"].as_u64()), (Some(8), Some(8)));
    assert_eq!(snap["cells"].as_str().unwrap().len(), 64);
    assert_eq!(snap["check"], "e1");
    assert_eq!(snap["sideToMove"], "white");
    assert_eq!(snap["fen"], "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert_eq!(o["initial"]["check"], Value::Null);
}

#[wasm_bindgen_test]
fn stalemate() {
    let o = run("e3 a5 Qh5 Ra6 Qxa5 h5 h4 Rah6 Qxc7 f6 Qxd7 Kf7 Qxb7 Qd3 Qxb8 Qh7 Qxc8 Kg6 Qe6");
    assert_eq!(o["status"], "stalemate");
    assert_eq!(o["winner"], Value::Null);
    assert_eq!(o["message"], "draw by stalemate");
}

#[wasm_bindgen_test]
fn every_error_kind_with_utf16_spans() {
    // Non-ASCII text before the error: 'é' is one UTF-16 unit, '😀' two.
    let cases = [
        ("e4 e5 Nf3 Nс6", "parse_error", "parse error at character 'с'", "с"),
        ("é", "parse_error", "parse error at character 'é'", "é"),
        ("😀 e4", "parse_error", "parse error at character '😀'", "😀"),
        ("e4 e5 exd5", "completion_error", "move completion error: white pawn to d5", "exd5"),
        ("e4 d5 exd5 0-0", "illegal_move", "illegal move: black king from e8 to g8", "0-0"),
        ("e4 e5 Nxf3", "illegal_move", "illegal move: white knight from g1 to f3", "Nxf3"),
    ];
    for (text, status, message, sliced) in cases {
        let o = run(text);
        assert_eq!(o["status"], status, "{text}");
        assert_eq!(o["message"], message, "{text}");
        let e = &o["error"];
        assert_eq!(keys(e), ["character", "end", "from", "ply", "reason", "start", "to"], "{text}");
        assert_eq!(utf16_slice(text, e["start"].as_u64().unwrap(), e["end"].as_u64().unwrap()), sliced, "{text}");
        assert!(!e["reason"].as_str().unwrap().is_empty());
    }
    // The span after a surrogate pair counts it twice.
    let text = "e4 e5 😀";
    let e = run(text)["error"].clone();
    assert_eq!((e["start"].as_u64(), e["end"].as_u64()), (Some(6), Some(8)));
    let text = "😀 e4";
    assert_eq!(run(text)["error"]["end"].as_u64(), Some(2));
    let o = run("e4 e5 Nxf3");
    assert_eq!((o["error"]["from"].as_str(), o["error"]["to"].as_str()), (Some("g1"), Some("f3")));
    assert_eq!(o["error"]["ply"].as_u64(), Some(2));
}

#[wasm_bindgen_test]
fn suggestion_and_bad_input() {
    let s = json(suggest("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", JsValue::UNDEFINED).map_err(|_| "threw").unwrap());
    assert_eq!(keys(&s), ["from", "line", "mateIn", "notation", "piece", "promotion", "reason", "to"]);
    assert_eq!((s["from"].as_str(), s["to"].as_str()), (Some("a1"), Some("a8")));
    assert_eq!(s["promotion"], Value::Null);
    // Game over: null.
    let over = suggest("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", JsValue::UNDEFINED).map_err(|_| "threw").unwrap();
    assert!(over.is_null());
    // Bad input throws a JavaScript Error (not a panic).
    assert!(suggest("not a fen", JsValue::UNDEFINED).is_err());
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"notation".into(), &"strict".into()).unwrap();
    assert!(analyze("e4", options.into()).is_err());
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"colour".into(), &"red".into()).unwrap();
    assert!(analyze("e4", options.into()).is_err());
    // With the default options an unfinished game carries a suggestion.
    let o = json(analyze("e4 e5", JsValue::UNDEFINED).map_err(|_| "threw").unwrap());
    assert_eq!(o["status"], "incomplete");
    assert!(o["suggestion"]["line"].as_str().unwrap().starts_with("suggest white "));
}

/// The page's objects are built from a compact form (`www/unpack.js`):
/// they must equal the Outcome serialised directly, for every game.
#[wasm_bindgen_test]
fn unpacked_outcomes_equal_the_serialised_outcome() {
    let texts = [
        "",
        "f3 e5 g4 Qh4",
        "e4 e5 Nf3 Nc6 Bb5 a6 O-O Nf6 d4 exd4 e5 Ne4",
        "e4 d5 exd5 0-0 Nf3",
        "[White \"A\\\"B\"]\n1. e4 {x} e5 (1... c5) 2. Nf3 $1 1-0",
        "a4 b5 axb5 a6 bxa6 Bb7 axb7 Nc6 bxa8=Q",
        "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\nd2d3 d6d5 b3d5",
        "c3->d4 f6->e5 d4->f6 g7->e5",
        "1\nQd7\n8 8\n..n.N...\n...QN...\n..b.R...\n.....pk.\n........\n...p....\nn.......\n......K.\n",
        "e4\te5\tNf3\tNc6",
    ];
    for text in texts {
        let options = analysis_board::Options { suggest: false, ..Default::default() };
        let expected = serde_json::to_value(analysis_board::analyze(text, &options)).unwrap();
        let js_options = js_sys::Object::new();
        js_sys::Reflect::set(&js_options, &"suggest".into(), &JsValue::FALSE).unwrap();
        let got = json(analyze(text, js_options.into()).map_err(|_| "analyze threw").unwrap());
        assert_eq!(got, expected, "{text:?}");
    }
}
