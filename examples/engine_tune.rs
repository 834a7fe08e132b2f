//! The evaluation's tuner (Texel's method): fits the weights so that a
//! logistic function of the evaluation matches labelled positions, by
//! gradient descent (Adam) on the mean squared error, then writes
//! `src/chess/engine/params.rs`.
//!
//!     cargo run --release --example engine_tune -- [options] FILE...
//!
//! Each FILE holds lines `FEN;score;result` (`tools/engine/gen_positions.py`
//! writes them): `score` a reference evaluation in centipawns for white,
//! `result` the game's result for white (1, 0.5 or 0). The target of a
//! position is `lambda * result + (1 - lambda) * sigmoid(score)`.
//!
//! Options: `--epochs N` (default 2000), `--lambda L` (0.0), `--rate R`
//! (Adam's step, 1.0), `--reg R` (an L2 penalty `R * w^2` on every weight
//! but material's, which keeps the rarely seen ones near zero; 1e-9),
//! `--out PATH` (the params.rs to write; by default nothing is written),
//! `--limit N` (read at most N positions), `--freeze NAME` (repeated: keep the
//! named groups of `GROUPS` at their present weights, to fit the others
//! alone: for instance a term the data holds too rarely to fit). It prints
//! how many positions hold each group's features (white's count unlike
//! black's), so that rare ones can be seen.

use analysis_board::chess::engine::{trace, GROUPS, MAX_PHASE, PARAMS, PARAM_COUNT};
use analysis_board::chess::Position;
use std::fmt::Write as _;
use std::process::ExitCode;

/// The material weights come first (`GROUPS`); they are not penalised.
const MATERIAL_WEIGHTS: usize = 5;

/// The logistic's scale: a score of `K ln 3` (about 190 cp) is 75%.
const K: f64 = 173.0;

fn sigmoid(cp: f64) -> f64 {
    1.0 / (1.0 + (-cp / K).exp())
}

/// A labelled position, its features flattened into `Data`.
struct Sample {
    start: u32,
    end: u32,
    /// The weight of the middlegame part and of the endgame part.
    mg: f64,
    eg: f64,
    target: f64,
}

struct Data {
    samples: Vec<Sample>,
    features: Vec<(u16, f64)>,
}

struct Options {
    epochs: usize,
    lambda: f64,
    rate: f64,
    reg: f64,
    out: Option<String>,
    limit: usize,
    freeze: Vec<String>,
    files: Vec<String>,
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options {
        epochs: 2000,
        lambda: 0.0,
        rate: 1.0,
        reg: 1e-9,
        out: None,
        limit: usize::MAX,
        freeze: Vec::new(),
        files: Vec::new(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--epochs" => o.epochs = value("--epochs")?.parse().map_err(|e| format!("--epochs: {e}"))?,
            "--lambda" => o.lambda = value("--lambda")?.parse().map_err(|e| format!("--lambda: {e}"))?,
            "--rate" => o.rate = value("--rate")?.parse().map_err(|e| format!("--rate: {e}"))?,
            "--reg" => o.reg = value("--reg")?.parse().map_err(|e| format!("--reg: {e}"))?,
            "--limit" => o.limit = value("--limit")?.parse().map_err(|e| format!("--limit: {e}"))?,
            "--out" => o.out = Some(value("--out")?),
            "--freeze" => o.freeze.push(value("--freeze")?),
            _ if arg.starts_with("--") => return Err(format!("unknown option {arg}")),
            _ => o.files.push(arg),
        }
    }
    if let Some(name) = o.freeze.iter().find(|name| !GROUPS.iter().any(|(g, _, _)| g == name)) {
        return Err(format!("--freeze: no group named {name:?}"));
    }
    if o.files.is_empty() {
        return Err(
            "usage: engine_tune [--epochs N] [--lambda L] [--rate R] [--reg R] [--limit N] [--freeze NAME]... [--out PATH] FILE..."
                .into(),
        );
    }
    Ok(o)
}

fn read(o: &Options) -> Result<Data, String> {
    let mut data = Data { samples: Vec::new(), features: Vec::new() };
    for path in &o.files {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        for (n, line) in text.lines().enumerate() {
            if data.samples.len() >= o.limit {
                break;
            }
            let fields: Vec<&str> = line.split(';').collect();
            let [fen, score, result] = fields[..] else {
                return Err(format!("{path}:{}: expected FEN;score;result", n + 1));
            };
            let bad = |what: &str| format!("{path}:{}: bad {what}", n + 1);
            let pos = Position::from_fen(fen).map_err(|_| bad("FEN"))?;
            let score: f64 = score.parse().map_err(|_| bad("score"))?;
            let result: f64 = result.parse().map_err(|_| bad("result"))?;
            let t = trace(&pos);
            let start = data.features.len() as u32;
            data.features.extend(t.features.iter().map(|&(f, c)| (f, c as f64)));
            let scale = t.scale as f64 / 64.0;
            let phase = t.phase as f64 / MAX_PHASE as f64;
            data.samples.push(Sample {
                start,
                end: data.features.len() as u32,
                mg: phase * scale,
                eg: (1.0 - phase) * scale,
                target: o.lambda * result + (1.0 - o.lambda) * sigmoid(score),
            });
        }
    }
    Ok(data)
}

/// Whether sample `i` counts any feature in `range`.
fn holds(data: &Data, i: usize, range: std::ops::Range<usize>) -> bool {
    let s = &data.samples[i];
    data.features[s.start as usize..s.end as usize].iter().any(|&(f, _)| range.contains(&(f as usize)))
}

/// The mean squared error over the samples `which` selects, and (if asked)
/// its gradient.
fn loss(data: &Data, w: &[[f64; 2]], which: impl Fn(usize) -> bool, grad: Option<&mut [[f64; 2]]>) -> f64 {
    let mut total = 0.0;
    let mut count = 0usize;
    let mut g = grad;
    for (i, s) in data.samples.iter().enumerate() {
        if !which(i) {
            continue;
        }
        let feats = &data.features[s.start as usize..s.end as usize];
        let (mut mg, mut eg) = (0.0, 0.0);
        for &(f, c) in feats {
            mg += w[f as usize][0] * c;
            eg += w[f as usize][1] * c;
        }
        let p = sigmoid(mg * s.mg + eg * s.eg);
        let err = p - s.target;
        total += err * err;
        count += 1;
        if let Some(g) = g.as_deref_mut() {
            let d = 2.0 * err * p * (1.0 - p) / K;
            for &(f, c) in feats {
                g[f as usize][0] += d * c * s.mg;
                g[f as usize][1] += d * c * s.eg;
            }
        }
    }
    total / count.max(1) as f64
}

fn main() -> ExitCode {
    let o = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("engine_tune: {e}");
            return ExitCode::from(2);
        }
    };
    let data = match read(&o) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("engine_tune: {e}");
            return ExitCode::from(2);
        }
    };
    let n = data.samples.len();
    eprintln!("{n} positions, {} feature counts", data.features.len());
    for (name, start, len) in GROUPS {
        let holding = (0..n).filter(|&i| holds(&data, i, start..start + len)).count();
        eprintln!("  {name}: in {holding} positions");
    }
    let frozen: Vec<bool> = (0..PARAM_COUNT)
        .map(|f| {
            GROUPS
                .iter()
                .any(|&(name, start, len)| (start..start + len).contains(&f) && o.freeze.iter().any(|x| x == name))
        })
        .collect();
    // One position in twenty is held out to watch for overfitting.
    let train = |i: usize| i % 20 != 7;
    let held = |i: usize| i % 20 == 7;
    let mut w: Vec<[f64; 2]> = PARAMS.iter().map(|&[m, e]| [m as f64, e as f64]).collect();
    let (mut m1, mut m2) = (vec![[0.0; 2]; PARAM_COUNT], vec![[0.0; 2]; PARAM_COUNT]);
    let (b1, b2) = (0.9f64, 0.999f64);
    eprintln!("start: train {:.6} held out {:.6}", loss(&data, &w, train, None), loss(&data, &w, held, None));
    for epoch in 1..=o.epochs {
        let mut g = vec![[0.0; 2]; PARAM_COUNT];
        let l = loss(&data, &w, train, Some(&mut g));
        // The penalty's gradient, on the scale of the summed one above.
        let scale = n as f64 * 2.0 * o.reg;
        for (gi, wi) in g.iter_mut().zip(&w).skip(MATERIAL_WEIGHTS) {
            gi[0] += scale * wi[0];
            gi[1] += scale * wi[1];
        }
        for (i, gi) in g.iter().enumerate().filter(|&(i, _)| !frozen[i]) {
            for k in 0..2 {
                m1[i][k] = b1 * m1[i][k] + (1.0 - b1) * gi[k];
                m2[i][k] = b2 * m2[i][k] + (1.0 - b2) * gi[k] * gi[k];
                let mh = m1[i][k] / (1.0 - b1.powi(epoch as i32));
                let vh = m2[i][k] / (1.0 - b2.powi(epoch as i32));
                w[i][k] -= o.rate * mh / (vh.sqrt() + 1e-12);
            }
        }
        if epoch % 100 == 0 || epoch == o.epochs {
            eprintln!("epoch {epoch}: train {l:.6} held out {:.6}", loss(&data, &w, held, None));
        }
    }
    let text = params_rs(&w, n, &o);
    match &o.out {
        Some(path) => {
            if let Err(e) = std::fs::write(path, text) {
                eprintln!("engine_tune: {path}: {e}");
                return ExitCode::from(1);
            }
        }
        None => print!("{text}"),
    }
    ExitCode::SUCCESS
}

/// The weights as Rust source, a group a block.
fn params_rs(w: &[[f64; 2]], n: usize, o: &Options) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "//! The evaluation's weights, middlegame and endgame, in the order of");
    let _ = writeln!(s, "//! `terms::GROUPS`. Written by the tuner (`examples/engine_tune.rs`) from");
    let _ = writeln!(s, "//! {n} positions labelled by `tools/engine/gen_positions.py`");
    let _ = writeln!(s, "//! (lambda {}, reg {}, {} epochs): do not edit by hand.", o.lambda, o.reg, o.epochs);
    if !o.freeze.is_empty() {
        let _ = writeln!(s, "//! Kept as they were, not fitted: {}.", o.freeze.join("; "));
    }
    let _ = writeln!(s);
    let _ = writeln!(s, "use super::terms::PARAM_COUNT;");
    let _ = writeln!(s);
    let _ = writeln!(s, "#[rustfmt::skip]");
    let _ = writeln!(s, "pub const PARAMS: [[i16; 2]; PARAM_COUNT] = [");
    for (name, start, len) in GROUPS {
        let _ = writeln!(s, "    // {name}");
        for chunk in w[start..start + len].chunks(8) {
            let row: Vec<String> = chunk.iter().map(|[m, e]| format!("[{}, {}]", m.round(), e.round())).collect();
            let _ = writeln!(s, "    {},", row.join(", "));
        }
    }
    let _ = writeln!(s, "];");
    s
}
