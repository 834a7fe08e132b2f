//! The JavaScript contract, tested in node through wasm-bindgen-test:
//! `analyze` and `suggest` return the documented shapes (null, never
//! undefined, for absent values) and UTF-16 spans; every bad argument
//! throws an `Error` with a bracketed code. (The TypeScript declarations
//! are checked against real results by `tests/js/declarations.test.mjs`.)
//!
//!     CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
//!       cargo test --target wasm32-unknown-unknown --test wasm_api
#![cfg(all(target_arch = "wasm32", feature = "all-games"))]

use analysis_board::wasm::{analyze, congo_alphabeta, exchange_file, suggest};
use serde_json::Value;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

/// Through JSON.stringify, which drops `undefined` fields: a field that is
/// missing here was undefined in JavaScript.
fn json(value: JsValue) -> Value {
    let text = js_sys::JSON::stringify(&value).unwrap().as_string().unwrap();
    serde_json::from_str(&text).unwrap()
}

fn object(pairs: &[(&str, JsValue)]) -> JsValue {
    let options = js_sys::Object::new();
    for (key, value) in pairs {
        js_sys::Reflect::set(&options, &(*key).into(), value).unwrap();
    }
    options.into()
}

fn run(text: &str) -> Value {
    let options = object(&[("suggest", JsValue::FALSE), ("notation", "course".into())]);
    json(analyze(text.into(), options).map_err(|_| "analyze threw").unwrap())
}

/// The message of the Error a call threw.
fn thrown(result: Result<JsValue, wasm_bindgen::JsError>) -> String {
    let error: JsValue = result.expect_err("the call should throw").into();
    let error: js_sys::Error = error.dyn_into().expect("an Error");
    String::from(error.message())
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
            "chess",
            "comments",
            "error",
            "game",
            "initial",
            "message",
            "players",
            "plies",
            "problem",
            "shapes",
            "status",
            "suggestion",
            "unplayed",
            "unplayedOmitted",
            "winner"
        ]
    );
    assert_eq!(o["game"], "chess");
    assert_eq!(o["chess"]["notation"], "course");
    assert_eq!(o["chess"]["result"], "0-1");
    assert_eq!(o["status"], "checkmate");
    assert_eq!(o["winner"], "black");
    assert_eq!(o["message"], "black wins by checkmate");
    assert_eq!(o["error"], Value::Null);
    assert_eq!(o["suggestion"], Value::Null);
    let plies = o["plies"].as_array().unwrap();
    assert_eq!(plies.len(), 4);
    let last = &plies[3];
    assert_eq!(
        keys(last),
        [
            "captured",
            "clock",
            "comments",
            "drowned",
            "end",
            "eval",
            "from",
            "nags",
            "notation",
            "path",
            "piece",
            "promotion",
            "shapes",
            "snapshot",
            "start",
            "to",
            "variations"
        ]
    );
    assert_eq!(last["notation"], "Qh4#");
    assert_eq!(
        (last["from"].as_str(), last["to"].as_str(), last["piece"].as_str()),
        (Some("d8"), Some("h4"), Some("q"))
    );
    assert_eq!(last["captured"], serde_json::json!([]));
    assert_eq!(last["path"], serde_json::json!(["d8", "h4"]));
    let snap = &last["snapshot"];
    assert_eq!(
        keys(snap),
        [
            "cells",
            "check",
            "darkParity",
            "fen",
            "height",
            "landmarks",
            "marks",
            "moveNumber",
            "over",
            "pieces",
            "sideToMove",
            "width"
        ]
    );
    assert_eq!(snap["over"]["status"], "checkmate");
    assert_eq!(snap["moveNumber"], 3);
    assert_eq!(snap["pieces"]["q"], "black queen");
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
fn a_lone_surrogate_reads_as_the_replacement_character() {
    // JavaScript strings may hold half a surrogate pair; UTF-8 cannot.
    let text: JsValue = js_sys::JsString::from_char_code(&[0x65, 0x34, 0x20, 0xD800]).into();
    let options = object(&[("suggest", JsValue::FALSE), ("notation", "course".into())]);
    let o = json(analyze(text, options).map_err(|_| "analyze threw").unwrap());
    assert_eq!(o["message"], "parse error at character '\u{fffd}'");
    assert_eq!((o["error"]["start"].as_u64(), o["error"]["end"].as_u64()), (Some(3), Some(4)));
}

/// The glue keeps the last long text's UTF-8 and the module its games'
/// index: texts of the same length that differ in one move, read in turn
/// and between short arguments, must each read as themselves.
#[wasm_bindgen_test]
fn long_texts_read_in_turn_are_each_read_as_themselves() {
    let game = |last: &str| format!("[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. {last} *\n\n");
    let many = |last: &str| game("Bb5").repeat(700) + &game(last) + &game("Bb5").repeat(100);
    let (a, b) = (many("Bc4"), many("Bd3"));
    assert_eq!(a.len(), b.len());
    assert!(a.len() >= 32 * 1024);
    let options = || object(&[("suggest", JsValue::FALSE), ("gameIndex", 700.into())]);
    let last_move = |text: &str| {
        let o = json(analyze(text.into(), options()).map_err(|_| "analyze threw").unwrap());
        assert_eq!(o["chess"]["gameIndex"], 700);
        o["plies"].as_array().unwrap().last().unwrap()["notation"].as_str().unwrap().to_string()
    };
    for _ in 0..2 {
        assert_eq!(last_move(&a), "Bc4");
        assert_eq!(last_move(&b), "Bd3");
        assert_eq!(run("e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7")["status"], "checkmate");
        assert_eq!(last_move(&b), "Bd3");
        assert_eq!(last_move(&a), "Bc4");
    }
}

#[wasm_bindgen_test]
fn suggestion_and_bad_input() {
    let s = json(suggest("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1".into(), JsValue::UNDEFINED).map_err(|_| "threw").unwrap());
    assert_eq!(keys(&s), ["from", "line", "mateIn", "notation", "path", "piece", "promotion", "reason", "to"]);
    assert_eq!((s["from"].as_str(), s["to"].as_str()), (Some("a1"), Some("a8")));
    assert_eq!(s["promotion"], Value::Null);
    // Game over: null.
    let over = suggest("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1".into(), JsValue::UNDEFINED).map_err(|_| "threw").unwrap();
    assert!(over.is_null());
    // Bad input throws a JavaScript Error (not a panic).
    assert!(thrown(suggest("not a fen".into(), JsValue::UNDEFINED)).starts_with("[bad_fen] "));
    let message = thrown(analyze("e4".into(), object(&[("notation", "strict".into())])));
    assert!(message.starts_with("[bad_options] notation must be"), "{message}");
    let message = thrown(analyze("e4".into(), object(&[("colour", "red".into())])));
    assert!(message.starts_with("[bad_options] unknown field `colour`"), "{message}");
    // With the default options an unfinished game carries a suggestion.
    let o = json(analyze("e4 e5".into(), JsValue::UNDEFINED).map_err(|_| "threw").unwrap());
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
        "[White \"A\\\"B\"]\n1. e4 {x [%clk 0:01:00]} e5 (1... c5 {y [%cal Gd7d5]}) 2. Nf3 $1 1-0",
        // Quotes, backslashes, control characters, non-ASCII and emoji in
        // tags, comments and variations (each part of the wire format).
        "[Event \"\\\"q\\\" \\\\ b\"]\n[White \"Zoë 🎉\"]\n1. e4 {\"a\" \\ é 🎉 \u{1}\u{1f}\u{7f} a\u{8}b\rc\td} e5 (1... c5 {\"x\"\\ [%csl Re4]} 2. Nf3 (2. c3 {é \u{2}}) Nc6 {🎉}) 2. Nf3 {[%eval -0.5]} Nc6 $2 $14 3. Zz9 1-0",
        "1. e4 (1. d4 d5 2. Zz9 {after \"the\" error}) e5 *",
        "a4 b5 axb5 a6 bxa6 Bb7 axb7 Nc6 bxa8=Q",
        "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\nd2d3 d6d5 b3d5",
        // A piece drowned (the zebra in the river), in the ply's last field.
        "3l3/7/7/Z6/7/7/3L3 w 0\nd1d2 d7d6",
        "c3->d4 f6->e5 d4->f6 g7->e5",
        "1\nQd7\n8 8\n..n.N...\n...QN...\n..b.R...\n.....pk.\n........\n...p....\nn.......\n......K.\n",
        "e4\te5\tNf3\tNc6",
        // Paths of three squares and two pieces taken: a Congo monkey and a checkers double jump.
        "3l3/7/2p1p2/3p3/3M3/7/3L3 w 0\nd3d5b5",
        "RULES: capture multiple jumps\nTURN: red\nBOARD:\n\" . \" . \" . \" b\n. \" . \" . \" . \"\n\" . \" b \" . \" .\n. \" . \" . \" . \"\n\" . \" b \" . \" .\n. \" r \" . \" . \"\n\" . \" . \" . \" .\nr \" . \" . \" . \"\nMOVES:\nc3->e5->c7\n",
    ];
    for text in texts {
        let options = analysis_board::Options { suggest: false, ..Default::default() };
        let expected = serde_json::to_value(analysis_board::analyze(text, &options)).unwrap();
        let js_options = js_sys::Object::new();
        js_sys::Reflect::set(&js_options, &"suggest".into(), &JsValue::FALSE).unwrap();
        let got = json(analyze(text.into(), js_options.into()).map_err(|_| "analyze threw").unwrap());
        assert_eq!(got, expected, "{text:?}");
    }
}

/// Every exported function checks its arguments: a wrong type or value
/// throws an Error with a bracketed code, never a trap or a TypeError.
#[wasm_bindgen_test]
fn wrong_arguments_throw_errors_with_codes() {
    let cases = [
        (thrown(analyze(123.into(), JsValue::UNDEFINED)), "[bad_argument] text must be a string, got number"),
        (thrown(analyze(JsValue::NULL, JsValue::UNDEFINED)), "[bad_argument] text must be a string, got null"),
        (
            thrown(analyze(JsValue::UNDEFINED, JsValue::UNDEFINED)),
            "[bad_argument] text must be a string, got undefined",
        ),
        (thrown(suggest(0.into(), JsValue::UNDEFINED)), "[bad_argument] position must be a string, got number"),
        (
            thrown(exchange_file(true.into()).map(JsValue::from)),
            "[bad_argument] position must be a string, got boolean",
        ),
        (thrown(analyze("e4".into(), "chess".into())), "[bad_options] options must be an object, got string"),
        (
            thrown(analyze("e4".into(), js_sys::Array::new().into())),
            "[bad_options] options must be an object, got an array",
        ),
        (
            thrown(congo_alphabeta("3l3/7/7/7/7/7/3L3 w 0".into(), 4294967297.0.into())),
            "[bad_argument] depth must be a whole number from 0 to 8, got 4294967297",
        ),
        (
            thrown(congo_alphabeta("3l3/7/7/7/7/7/3L3 w 0".into(), 1.5.into())),
            "[bad_argument] depth must be a whole number from 0 to 8, got 1.5",
        ),
        (
            thrown(congo_alphabeta("3l3/7/7/7/7/7/3L3 w 0".into(), (-1.0).into())),
            "[bad_argument] depth must be a whole number from 0 to 8, got -1",
        ),
        (
            thrown(congo_alphabeta("3l3/7/7/7/7/7/3L3 w 0".into(), f64::NAN.into())),
            "[bad_argument] depth must be a whole number from 0 to 8, got NaN",
        ),
        (
            thrown(analyze("e4".into(), object(&[("gameIndex", 1.5.into())]))),
            "[bad_options] invalid type: floating point `1.5`, expected u32",
        ),
        (
            thrown(analyze("e4".into(), object(&[("suggest", "yes".into())]))),
            "[bad_options] invalid type: string \"yes\", expected a boolean",
        ),
    ];
    for (got, expected) in cases {
        assert_eq!(got, expected);
    }
    // Numbers are written as Rust writes them.
    let numbers = [9.0, 8.5, -0.5, 0.1, 123.456, 1e21, 1.5e-7, 1e-5, 1e300, 5e-324, 2f64.powi(60), f64::INFINITY];
    for n in numbers.into_iter().chain(numbers.map(|n| -n)) {
        let message = thrown(congo_alphabeta("3l3/7/7/7/7/7/3L3 w 0".into(), n.into()));
        assert_eq!(message, format!("[bad_argument] depth must be a whole number from 0 to 8, got {n}"));
    }
    // An object without a prototype is an object.
    let bare: js_sys::Object = js_sys::Object::create(&JsValue::NULL.unchecked_into());
    js_sys::Reflect::set(&bare, &"suggest".into(), &JsValue::FALSE).unwrap();
    assert!(analyze("e4".into(), bare.into()).is_ok());
    // A getter that throws is an error, not ignored.
    let trap = js_sys::Function::new_no_args("throw new Error('nope')");
    let tricky = js_sys::Object::new();
    let descriptor = object(&[("get", trap.into()), ("enumerable", JsValue::TRUE)]);
    js_sys::Object::define_property(&tricky, &"suggest".into(), &descriptor.unchecked_into());
    let message = thrown(analyze("e4".into(), tricky.into()));
    assert_eq!(message, "[bad_options] the options cannot be read: nope");
}

/// Argument objects (options, edits, edited positions) are read as
/// serde_json reads their JSON text: the same values, and for every kind
/// of mistake the same message.
#[wasm_bindgen_test]
fn argument_objects_read_as_serde_json_reads_them() {
    use analysis_board::wasm::{edit_game, play, write_position};
    use serde::Deserialize;

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields, rename_all = "camelCase")]
    #[allow(dead_code)]
    struct AnalyzeOptions {
        game: Option<String>,
        notation: Option<String>,
        suggest: Option<bool>,
        game_index: Option<u32>,
    }
    #[derive(Deserialize)]
    #[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
    #[allow(dead_code)]
    enum Edit {
        Add {
            at: Vec<usize>,
            #[serde(rename = "move")]
            mv: String,
        },
        Delete {
            at: Vec<usize>,
        },
        Promote {
            at: Vec<usize>,
        },
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields, rename_all = "camelCase")]
    #[allow(dead_code)]
    struct Setup {
        cells: String,
        side_to_move: String,
        castling: String,
        en_passant: Option<String>,
        halfmoves: u32,
        fullmoves: u32,
    }

    /// serde_json's message for the JSON text JavaScript writes for
    /// `value`, without its position in that text; `None` if it reads.
    fn serde_json_error<T: serde::de::DeserializeOwned>(value: &JsValue) -> Option<String> {
        let text = js_sys::JSON::stringify(value).unwrap().as_string().unwrap();
        let message = serde_json::from_str::<T>(&text).err()?.to_string();
        Some(message.split(" at line ").next().unwrap().to_string())
    }
    fn check(case: &str, expected: Option<String>, got: Result<JsValue, wasm_bindgen::JsError>, code: &str) {
        match expected {
            Some(m) => assert!(thrown(got).starts_with(&format!("[{code}] {m}")), "{case}: expected {m}"),
            // Read: any error is about the values, not their reading.
            None => {
                if let Err(e) = got {
                    let e: js_sys::Error = JsValue::from(e).dyn_into().unwrap();
                    let message = String::from(e.message());
                    let reading =
                        ["invalid type", "invalid value", "unknown field", "unknown variant", "missing field"];
                    assert!(!reading.iter().any(|r| message.contains(r)), "{case}: {message}");
                }
            }
        }
    }

    let deep = format!("{{\"kind\":\"delete\",\"at\":{}0{}}}", "[".repeat(200), "]".repeat(200));
    let numbers = [
        "0",
        "1.5",
        "-1",
        "4294967296",
        "1e21",
        "1e16",
        "18446744073709551616",
        "9223372036854775808",
        "-9223372036854775809",
        "0.0000015",
        "0.000015",
        "1.5e-7",
        "-2.5e-300",
        "123456.789",
        "1e300",
        "\"3\"",
        "true",
        "[1]",
        "{\"a\":1}",
        "null",
    ];
    let mut options: Vec<String> = numbers.iter().map(|n| format!("{{\"gameIndex\":{n}}}")).collect();
    options.extend(numbers.iter().map(|n| format!("{{\"suggest\":{n}}}")));
    options.extend(numbers.iter().map(|n| format!("{{\"notation\":{n}}}")));
    options.extend(
        [
            "{}",
            "{\"notation\":\"pgn\",\"game\":\"chess\",\"suggest\":false}",
            "{\"colour\":\"red\"}",
            "{\"suggest\":false,\"colour\":1}",
            "{\"game\":[\"chess\"]}",
            "{\"notation\":\"pgn\",\"extra\":{\"deep\":[1,[2,[3]]]}}",
        ]
        .map(String::from),
    );
    // serde_json's depth limit, the outermost object counted.
    options
        .extend([125, 126, 127].map(|n| format!("{{\"game\":\"chess\",\"x\":{}0{}}}", "[".repeat(n), "]".repeat(n))));
    for case in &options {
        let value = js_sys::JSON::parse(case).unwrap();
        let expected = serde_json_error::<AnalyzeOptions>(&value);
        check(case, expected, analyze("e4 e5".into(), value), "bad_options");
    }

    let mut edits: Vec<String> = numbers.iter().map(|n| format!("{{\"kind\":\"delete\",\"at\":[{n}]}}")).collect();
    edits.extend(numbers.iter().map(|n| format!("{{\"kind\":\"add\",\"at\":[0],\"move\":{n}}}")));
    edits.extend(numbers.iter().map(|n| format!("{{\"kind\":{n},\"at\":[0]}}")));
    edits.extend(
        [
            "{\"kind\":\"add\",\"at\":[1],\"move\":\"Nf3\"}",
            "{\"kind\":\"add\",\"at\":[0]}",
            "{\"kind\":\"nope\",\"at\":[0]}",
            "{\"at\":[0]}",
            "{\"kind\":\"delete\",\"at\":\"0\"}",
            "{\"kind\":\"delete\",\"at\":[0],\"x\":1}",
            "{\"kind\":\"promote\",\"at\":[[0]]}",
            "{\"kind\":\"delete\",\"at\":[4294967296]}",
            &deep,
            // The kind anywhere; every other value walked first when it comes first.
            "{\"at\":[0],\"kind\":true}",
            "{\"at\":[1],\"move\":\"Nf3\",\"kind\":\"add\"}",
            "{\"at\":[0],\"move\":\"e5\",\"kind\":\"delete\"}",
            "{\"move\":1,\"kind\":\"add\"}",
            "{\"kind\":\"promote\"}",
            "{}",
            &format!("{{\"x\":{}0{},\"kind\":\"nope\"}}", "[".repeat(200), "]".repeat(200)),
            &format!("{{\"kind\":\"nope\",\"x\":{}0{}}}", "[".repeat(200), "]".repeat(200)),
            // serde_json's depth limit, the outermost object counted.
            &format!("{{\"kind\":\"add\",\"x\":{}0{}}}", "[".repeat(126), "]".repeat(126)),
            &format!("{{\"kind\":\"add\",\"x\":{}0{}}}", "[".repeat(127), "]".repeat(127)),
        ]
        .map(String::from),
    );
    for case in &edits {
        let value = js_sys::JSON::parse(case).unwrap();
        let expected = serde_json_error::<Edit>(&value);
        check(case, expected, edit_game("e4 e5".into(), value, JsValue::UNDEFINED), "bad_argument");
    }

    // A move given as squares: an array of strings.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let squares = |json: &str| js_sys::JSON::parse(json).unwrap();
    let ply = json(play(start.into(), squares("[\"e2\",\"e4\"]"), JsValue::UNDEFINED).map_err(|_| "threw").unwrap());
    assert_eq!(ply["notation"], "e4");
    for (bad, why) in [("[\"e2\",4]", "item 1"), ("[null]", "item 0"), ("[[\"e2\"]]", "item 0")] {
        let message = thrown(play(start.into(), squares(bad), JsValue::UNDEFINED));
        let expected =
            format!("[bad_argument] a move given as squares is an array of square names: {why} is not a square name");
        assert_eq!(message, expected, "{bad}");
    }

    let setup =
        "\"cells\":\"rnbqkbnrpppppppp................................PPPPPPPPRNBQKBNR\",\"sideToMove\":\"white\"";
    let mut setups: Vec<String> = numbers
        .iter()
        .map(|n| format!("{{{setup},\"castling\":\"KQkq\",\"enPassant\":null,\"halfmoves\":{n},\"fullmoves\":1}}"))
        .collect();
    setups.extend(numbers.iter().map(|n| format!("{{{setup},\"castling\":{n},\"halfmoves\":0,\"fullmoves\":1}}")));
    setups.push(format!("{{{setup},\"castling\":\"-\"}}"));
    setups.push(format!("{{{setup},\"castling\":\"-\",\"halfmoves\":0,\"fullmoves\":1,\"flip\":true}}"));
    for case in &setups {
        let value = js_sys::JSON::parse(case).unwrap();
        let expected = serde_json_error::<Setup>(&value);
        check(case, expected, write_position(value), "bad_argument");
    }
}
