//! Every import arrow of `src/` points down (DESIGN.md, "Shape"): the
//! common layer (the shared vocabulary, the Snapshot, the Outcome) imports
//! no game and nothing above it; a game imports the common layer and no
//! other game (but grid problems, which use chess's pieces); the games'
//! table and the dispatcher sit above the games, the JavaScript glue above
//! everything. And no two files import each other, around a circle of any
//! length.
//!
//! An arrow is a path that names another file's module: in a `use` (tree,
//! `super::`, `self::` and, from a folder's root, a child's name) or
//! written out in code (`crate::outcome::Ply`). A path through a folder's
//! re-exports (`crate::chess::Position`) is followed to the file that
//! defines it. Comments and string literals are not read.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, lowest first: a file may import its own layer and those
/// below. (`src/lib.rs` is above them all; `src/bin/` are crates of their own.)
const LAYERS: &[(&str, &[&str])] = &[
    (
        "common",
        &[
            "color", "decimal", "json", "limits", "short", "sort", "snapshot", "game", "options", "outcome", "edit",
            "report", "adapter",
        ],
    ),
    ("games", &["chess", "grid", "congo", "checkers"]),
    ("the games' table and the dispatcher", &["games", "analysis", "play"]),
    ("the JavaScript glue", &["wasm"]),
];

/// Arrows between two games that are allowed: grid problems use chess's
/// pieces and their names (`src/grid/analysis.rs`).
const GAME_TO_GAME: &[(&str, &str)] = &[("grid", "chess")];

/// A module: its path from the crate root (`["chess", "analysis"]`).
type ModPath = Vec<String>;

/// One file's module, as read.
struct Module {
    tokens: Vec<Token>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Ident(String),
    /// `::`
    Path,
    Open,
    Close,
    Semi,
    Comma,
    Star,
    Other,
}

/// The file's text without comments, strings and character literals, as tokens.
fn tokens(text: &str) -> Vec<Token> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let ident_char = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    while i < b.len() {
        let c = b[i];
        match c {
            _ if c.is_ascii_whitespace() => i += 1,
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let mut depth = 0;
                while i < b.len() {
                    if b[i..].starts_with(b"/*") {
                        depth += 1;
                        i += 2;
                    } else if b[i..].starts_with(b"*/") {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
            }
            b'"' => i = skip_string(b, i + 1),
            b'r' | b'b' if raw_string_start(b, i).is_some() => {
                let (hashes, quote) = raw_string_start(b, i).unwrap_or_default();
                let close: Vec<u8> = std::iter::once(b'"').chain(std::iter::repeat_n(b'#', hashes)).collect();
                i = quote + 1;
                while i < b.len() && !b[i..].starts_with(&close) {
                    i += 1;
                }
                i += close.len();
            }
            b'b' if b.get(i + 1) == Some(&b'"') => i = skip_string(b, i + 2),
            b'\'' => {
                // A character literal ('x', '\n', '\u{1F600}'), or a lifetime ('a).
                if b.get(i + 1) == Some(&b'\\') {
                    i += 2;
                    while i < b.len() && b[i] != b'\'' {
                        i += 1;
                    }
                    i += 1;
                } else {
                    let len = text[i + 1..].chars().next().map_or(1, char::len_utf8);
                    if b.get(i + 1 + len) == Some(&b'\'') {
                        i += len + 2;
                    } else {
                        i += 1;
                    }
                }
                out.push(Token::Other);
            }
            _ if ident_char(c) => {
                let start = i;
                while i < b.len() && ident_char(b[i]) {
                    i += 1;
                }
                // `r#type` is the identifier `type`.
                out.push(Token::Ident(text[start..i].trim_start_matches("r#").to_string()));
            }
            b':' if b.get(i + 1) == Some(&b':') => {
                out.push(Token::Path);
                i += 2;
            }
            _ => {
                out.push(match c {
                    b'{' => Token::Open,
                    b'}' => Token::Close,
                    b';' => Token::Semi,
                    b',' => Token::Comma,
                    b'*' => Token::Star,
                    _ => Token::Other,
                });
                i += 1;
            }
        }
    }
    out
}

/// Past the closing quote of a string whose text starts at `i`.
fn skip_string(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i] != b'"' {
        i += if b[i] == b'\\' { 2 } else { 1 };
    }
    i + 1
}

/// A raw string (`r"`, `r#"`, `br#"`) starting at `i`: its `#`s and where its quote is.
fn raw_string_start(b: &[u8], i: usize) -> Option<(usize, usize)> {
    // Not the end of an identifier (`for"`... cannot occur, but `bar"` is no raw string).
    if i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_') {
        return None;
    }
    let mut j = i + usize::from(b[i] == b'b');
    if b.get(j) != Some(&b'r') {
        return None;
    }
    j += 1;
    let hashes = b[j..].iter().take_while(|&&c| c == b'#').count();
    (b.get(j + hashes) == Some(&b'"')).then_some((hashes, j + hashes))
}

/// The paths a `use` tree names, from its tokens (after `use`, before `;`).
fn use_paths(tokens: &[Token]) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let mut at = 0;
    use_tree(tokens, &mut at, &[], &mut paths);
    paths
}

fn use_tree(tokens: &[Token], at: &mut usize, prefix: &[String], paths: &mut Vec<Vec<String>>) {
    let mut path = prefix.to_vec();
    while *at < tokens.len() {
        match &tokens[*at] {
            Token::Ident(name) if name == "as" => {
                // The alias names what the path reaches already.
                *at += 2;
                break;
            }
            Token::Ident(name) => {
                path.push(name.clone());
                *at += 1;
            }
            Token::Path => *at += 1,
            Token::Star => {
                *at += 1;
                break;
            }
            Token::Open => {
                *at += 1;
                while *at < tokens.len() && tokens[*at] != Token::Close {
                    use_tree(tokens, at, &path, paths);
                    if tokens.get(*at) == Some(&Token::Comma) {
                        *at += 1;
                    }
                }
                *at += 1;
                return;
            }
            _ => break,
        }
    }
    paths.push(path);
}

/// Every arrow of the crate: file -> the files it imports.
struct Crate {
    modules: BTreeMap<ModPath, Module>,
    /// Per module: a name it re-exports (`pub use`) -> the absolute path.
    exports: BTreeMap<ModPath, BTreeMap<String, ModPath>>,
}

impl Crate {
    /// Reads every `.rs` file under `src` (the crate's, not `src/bin/`).
    fn read(src: &Path) -> Crate {
        let mut files = Vec::new();
        collect(src, &mut files);
        let modules = files
            .into_iter()
            .filter(|f| !f.strip_prefix(src).unwrap().starts_with("bin"))
            .map(|file| {
                let relative = file.strip_prefix(src).unwrap().with_extension("");
                let mut path: ModPath = relative.iter().map(|s| s.to_string_lossy().into_owned()).collect();
                let root = path.last().is_some_and(|p| p == "mod") || path == ["lib"];
                if root {
                    path.pop();
                }
                let tokens = tokens(&std::fs::read_to_string(&file).unwrap());
                (path, Module { tokens })
            })
            .collect();
        Crate::new(modules)
    }

    fn new(modules: BTreeMap<ModPath, Module>) -> Crate {
        let mut krate = Crate { modules, exports: BTreeMap::new() };
        let mut exports = BTreeMap::new();
        for (path, module) in &krate.modules {
            let mut here = BTreeMap::new();
            for (statement, context, public) in krate.uses(path, module) {
                if public && context == *path {
                    for used in use_paths(&statement) {
                        if let (Some(name), Some(absolute)) = (used.last(), krate.absolute(&context, &used)) {
                            here.insert(name.clone(), absolute);
                        }
                    }
                }
            }
            exports.insert(path.clone(), here);
        }
        krate.exports = exports;
        krate
    }

    /// The `use` statements of a module: their tokens, the module they are
    /// written in (a file's own, or an inline `mod` in it), and whether
    /// they are `pub`.
    fn uses(&self, path: &ModPath, module: &Module) -> Vec<(Vec<Token>, ModPath, bool)> {
        self.use_spans(path, module)
            .into_iter()
            .map(|(span, context, public)| (module.tokens[span].to_vec(), context, public))
            .collect()
    }

    /// `uses`, as the spans of their tokens.
    fn use_spans(&self, path: &ModPath, module: &Module) -> Vec<(std::ops::Range<usize>, ModPath, bool)> {
        let mut found = Vec::new();
        for (at, context) in self.contexts(path, module) {
            if module.tokens[at] != Token::Ident("use".into()) {
                continue;
            }
            let end =
                module.tokens[at..].iter().position(|t| *t == Token::Semi).map_or(module.tokens.len(), |e| at + e);
            let public = at > 0 && module.tokens[at - 1] == Token::Ident("pub".into());
            found.push((at + 1..end, context, public));
        }
        found
    }

    /// Each token's place, with the module it is written in.
    fn contexts(&self, path: &ModPath, module: &Module) -> Vec<(usize, ModPath)> {
        let mut context = path.clone();
        // The inline modules open: the brace depth each closes at.
        let mut inline: Vec<usize> = Vec::new();
        let mut depth = 0;
        let mut out = Vec::new();
        let t = &module.tokens;
        for i in 0..t.len() {
            match &t[i] {
                Token::Open => depth += 1,
                Token::Close => {
                    depth -= 1;
                    if inline.last() == Some(&depth) {
                        inline.pop();
                        context.pop();
                    }
                }
                Token::Ident(word) if word == "mod" => {
                    if let (Some(Token::Ident(name)), Some(Token::Open)) = (t.get(i + 1), t.get(i + 2)) {
                        context.push(name.clone());
                        inline.push(depth);
                    }
                }
                _ => {}
            }
            out.push((i, context.clone()));
        }
        out
    }

    /// The absolute path `path`, written in module `context`, names; `None`
    /// for another crate's (std, serde) or an item of the module itself.
    fn absolute(&self, context: &ModPath, path: &[String]) -> Option<ModPath> {
        let (first, rest) = path.split_first()?;
        let mut base = context.clone();
        match first.as_str() {
            "crate" => base.clear(),
            "self" => {}
            "super" => {
                base.pop();
                let mut rest = rest;
                while rest.first().map(String::as_str) == Some("super") {
                    base.pop();
                    rest = &rest[1..];
                }
                base.extend(rest.iter().cloned());
                return Some(base);
            }
            // A child of the module (`pub use analysis::{...}` in a folder's root).
            child => {
                base.push(child.to_string());
                if !self.modules.contains_key(&base) {
                    return None;
                }
                base.pop();
                base.extend(path.iter().cloned());
                return Some(base);
            }
        }
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// The file module that defines what absolute `path` names: its longest
    /// prefix that is a file, through that file's re-exports.
    fn target(&self, path: &ModPath, hops: usize) -> Option<ModPath> {
        let module = (0..=path.len()).rev().map(|n| path[..n].to_vec()).find(|p| self.modules.contains_key(p))?;
        if let (Some(name), true) = (path.get(module.len()), hops < 8) {
            if let Some(reexported) = self.exports.get(&module).and_then(|e| e.get(name)) {
                let mut further = reexported.clone();
                further.extend(path[module.len() + 1..].iter().cloned());
                if further != *path {
                    return self.target(&further, hops + 1);
                }
            }
        }
        Some(module)
    }

    /// Every arrow: each file module -> the file modules it names.
    fn arrows(&self) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
        let mut arrows = BTreeMap::new();
        for (path, module) in &self.modules {
            let mut to = BTreeSet::new();
            let mut named = Vec::new();
            let mut in_use = vec![false; module.tokens.len()];
            for (span, context, _) in self.use_spans(path, module) {
                in_use[span.clone()].iter_mut().for_each(|u| *u = true);
                let paths = use_paths(&module.tokens[span]);
                named.extend(paths.into_iter().filter_map(|p| self.absolute(&context, &p)));
            }
            // Paths written out in code: `crate::x::y`, `super::x`, `self::x`.
            let t = &module.tokens;
            for (i, context) in self.contexts(path, module) {
                let starts = matches!(&t[i], Token::Ident(w) if w == "crate" || w == "super" || w == "self");
                let continued = i > 0 && t[i - 1] == Token::Path;
                if !starts || continued || in_use[i] {
                    continue;
                }
                let mut written = Vec::new();
                let mut j = i;
                while let Some(Token::Ident(segment)) = t.get(j) {
                    written.push(segment.clone());
                    if t.get(j + 1) != Some(&Token::Path) {
                        break;
                    }
                    j += 2;
                }
                // (`pub(crate)` names no module.)
                if written.len() > 1 {
                    named.extend(self.absolute(&context, &written));
                }
            }
            // (A folder's root re-exporting its children is an arrow too: a
            // child that imports what the root defines makes a circle.)
            to.extend(named.iter().filter_map(|absolute| self.target(absolute, 0)).filter(|target| target != path));
            arrows.insert(path.clone(), to);
        }
        arrows
    }
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// The circles among the arrows (strongly connected sets of more than one
/// module), each as its modules.
fn circles(arrows: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Vec<Vec<ModPath>> {
    // Tarjan's algorithm.
    struct Walk<'a> {
        arrows: &'a BTreeMap<ModPath, BTreeSet<ModPath>>,
        index: BTreeMap<&'a ModPath, usize>,
        low: BTreeMap<&'a ModPath, usize>,
        stack: Vec<&'a ModPath>,
        on_stack: BTreeSet<&'a ModPath>,
        found: Vec<Vec<ModPath>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a ModPath) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.arrows.get(v).into_iter().flatten() {
                if !self.arrows.contains_key(w) {
                    continue;
                }
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut set = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    set.push(w.clone());
                    if w == v {
                        break;
                    }
                }
                if set.len() > 1 {
                    set.sort();
                    self.found.push(set);
                }
            }
        }
    }
    let mut walk = Walk {
        arrows,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in arrows.keys() {
        if !walk.index.contains_key(v) {
            walk.visit(v);
        }
    }
    walk.found
}

/// The layer of a module (its top-level name), from 0 at the bottom;
/// `None` for the crate root.
fn layer(path: &ModPath) -> Option<usize> {
    let top = path.first()?;
    LAYERS.iter().position(|(_, names)| names.contains(&top.as_str()))
}

/// Every arrow that goes up a layer, or from one game into another.
fn upward(arrows: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Vec<String> {
    let games = layer(&vec!["chess".to_string()]);
    let mut found = Vec::new();
    for (from, targets) in arrows {
        let Some(from_layer) = layer(from) else { continue };
        for to in targets {
            let to_layer = layer(to).unwrap_or(usize::MAX);
            let between_games = from_layer == to_layer
                && Some(from_layer) == games
                && from[0] != to[0]
                && !GAME_TO_GAME.contains(&(from[0].as_str(), to[0].as_str()));
            if to_layer > from_layer || between_games {
                found.push(format!("{} -> {}", from.join("::"), to.join("::")));
            }
        }
    }
    found
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn every_module_of_the_crate_has_a_layer() {
    let krate = Crate::read(&src());
    let unplaced: BTreeSet<String> =
        krate.modules.keys().filter(|p| !p.is_empty() && layer(p).is_none()).map(|p| p[0].clone()).collect();
    assert!(unplaced.is_empty(), "put these in a layer of tests/layers.rs: {unplaced:?}");
    assert!(krate.modules.len() > 60, "only {} files read", krate.modules.len());
}

#[test]
fn no_arrow_points_up_or_from_one_game_into_another() {
    let arrows = Crate::read(&src()).arrows();
    assert!(arrows.values().map(BTreeSet::len).sum::<usize>() > 100, "too few arrows found: the reader is broken");
    let up = upward(&arrows);
    assert!(up.is_empty(), "arrows against the layers:\n{}", up.join("\n"));
}

#[test]
fn no_modules_import_each_other() {
    let arrows = Crate::read(&src()).arrows();
    let found = circles(&arrows);
    let shown: Vec<String> =
        found.iter().map(|c| c.iter().map(|p| p.join("::")).collect::<Vec<_>>().join(", ")).collect();
    assert!(found.is_empty(), "modules that import each other, around a circle:\n{}", shown.join("\n"));
}

/// The checker itself: a crate of a few made-up files.
fn made_up(files: &[(&str, &str)]) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    let modules = files
        .iter()
        .map(|(path, text)| {
            let path: ModPath = path.split("::").filter(|s| !s.is_empty()).map(String::from).collect();
            (path, Module { tokens: tokens(text) })
        })
        .collect();
    Crate::new(modules).arrows()
}

fn names(arrows: &BTreeMap<ModPath, BTreeSet<ModPath>>, from: &str) -> Vec<String> {
    let from: ModPath = from.split("::").map(String::from).collect();
    arrows[&from].iter().map(|p| p.join("::")).collect()
}

#[test]
fn the_checker_finds_arrows_written_every_way() {
    let arrows = made_up(&[
        ("", "pub mod chess; pub mod outcome; pub mod snapshot; pub mod color;"),
        ("chess", "pub mod position; pub mod analysis; pub use position::Position; pub use crate::color::Color;"),
        ("chess::position", "use super::Color; // use crate::outcome::Ply;\nconst S: &str = \"crate::snapshot::X\";"),
        (
            "chess::analysis",
            "use super::{Position, position::{self as p}};\nfn f() -> crate::outcome::Ply { let c = '{'; todo!() }",
        ),
        (
            "outcome",
            "use crate::snapshot::Snapshot;\n#[cfg(test)] mod tests { use super::*; use super::super::color; }",
        ),
        ("snapshot", "fn g(_: r#\"crate::outcome\"#) {}"),
        ("color", ""),
    ]);
    assert_eq!(
        names(&arrows, "chess::position"),
        ["color"],
        "through the folder's re-export; comments and strings are no arrows"
    );
    assert_eq!(names(&arrows, "chess::analysis"), ["chess::position", "outcome"]);
    assert_eq!(names(&arrows, "outcome"), ["color", "snapshot"], "a test module's `super` is its file");
    assert!(names(&arrows, "snapshot").is_empty());
    assert!(circles(&arrows).is_empty());
}

#[test]
fn the_checker_finds_circles_and_arrows_up() {
    let arrows = made_up(&[
        ("", "pub mod outcome; pub mod snapshot; pub mod short; pub mod chess; pub mod congo;"),
        ("outcome", "use crate::snapshot::Snapshot; use crate::chess::analysis::DeferredLine;"),
        ("snapshot", "use crate::short::ShortText;"),
        ("short", "fn f(_: crate::outcome::Status) {}"),
        ("chess", "pub mod analysis;"),
        ("chess::analysis", "use crate::congo::Position;"),
        // A folder's root that defines what a child imports, and re-exports the child.
        ("congo", "pub mod position; pub mod fen; pub use fen::read; pub struct Position;"),
        ("congo::fen", "use super::Position; pub fn read() {}"),
    ]);
    let modules = |names: &[&str]| -> Vec<ModPath> {
        names.iter().map(|n| n.split("::").filter(|s| !s.is_empty()).map(String::from).collect()).collect()
    };
    assert_eq!(circles(&arrows), [modules(&["congo", "congo::fen"]), modules(&["outcome", "short", "snapshot"])]);
    assert_eq!(upward(&arrows), ["chess::analysis -> congo", "outcome -> chess::analysis"]);
}
