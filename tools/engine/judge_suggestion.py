"""Judges the engine's suggestion against Stockfish (a development oracle
only), as issue 33 measures it: on positions from games with human-like
mistakes (Stockfish at low Skill Levels on both sides), the engine's best
move at the suggestion's node budget (`go nodes N` through the UCI program)
against Stockfish at depth 16:

- how often it is Stockfish's best move;
- the mean loss in centipawns (Stockfish's score of its best move minus its
  score of ours, each clamped to +-1000 as lichess clamps evaluations);
- how many moves lose 200 centipawns or more.

The positions and Stockfish's verdict on them are kept in
`tests/data/engine/judge.txt` (made on the first run, or with --remake), so
later runs only search our moves (and ask Stockfish about the ones that
differ from its best).

    cargo build --release --bin chess-engine
    python3 tools/engine/judge_suggestion.py [--nodes N] [--positions 200]
"""

import argparse
import os
import random
import re
import statistics
import sys

import chess
import chess.engine

from selfplay import games

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DATA = os.path.join(ROOT, "tests", "data", "engine", "judge.txt")
CLAMP = 1000


def suggestion_nodes():
    """SUGGESTION_NODES as the library defines it."""
    text = open(os.path.join(ROOT, "src", "chess", "engine", "mod.rs")).read()
    m = re.search(r"pub const SUGGESTION_NODES: u64 = ([\d_]+);", text)
    return int(m.group(1).replace("_", ""))


def cp(score):
    return max(-CLAMP, min(CLAMP, score.relative.score(mate_score=100000)))


def make_positions(count, depth, stockfish, seed):
    """Positions of low-skill games with Stockfish's best move and score."""
    rng = random.Random(seed)
    player = chess.engine.SimpleEngine.popen_uci(stockfish)
    judge = chess.engine.SimpleEngine.popen_uci(stockfish)
    judge.configure({"Threads": 1, "Hash": 64})
    rows = []
    for positions, _, skills in games(rng, player, 100000):
        if skills[0] > 8 or skills[1] > 8:
            continue  # human-like: both sides weak
        chosen = [b for b in positions[8:] if not b.is_game_over()]
        for board in rng.sample(chosen, min(2, len(chosen))):
            info = judge.analyse(board, chess.engine.Limit(depth=depth), game=object())
            best = info["pv"][0]
            rows.append((board.fen(), best.uci(), cp(info["score"])))
            print(f"{len(rows)}: {board.fen()} {best.uci()} {rows[-1][2]}", file=sys.stderr)
        if len(rows) >= count:
            break
    player.quit()
    judge.quit()
    with open(DATA, "w") as f:
        f.write(f"# Positions for tools/engine/judge_suggestion.py: from games between Stockfish\n")
        f.write(f"# instances at Skill Level 0 to 8 (selfplay.py, seed {seed}); FEN;Stockfish's best\n")
        f.write(f"# move at depth {depth};its score in centipawns for the side to move (clamped).\n")
        for fen, best, score in rows[:count]:
            f.write(f"{fen};{best};{score}\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--nodes", type=int, default=suggestion_nodes())
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--depth", type=int, default=16)
    ap.add_argument("--remake", action="store_true")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--engine", default=os.path.join(ROOT, "target/release/chess-engine"))
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    args = ap.parse_args()
    if args.remake or not os.path.exists(DATA):
        make_positions(args.positions, args.depth, args.stockfish, args.seed)
    rows = [l.strip().split(";") for l in open(DATA) if not l.startswith("#") and l.strip()]
    ours = chess.engine.SimpleEngine.popen_uci(args.engine)
    judge = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    judge.configure({"Threads": 1, "Hash": 64})
    same, losses = 0, []
    for i, (fen, best, best_score) in enumerate(rows):
        board = chess.Board(fen)
        move = ours.play(board, chess.engine.Limit(nodes=args.nodes), game=object()).move
        if move.uci() == best:
            same += 1
            loss = 0
        else:
            info = judge.analyse(board, chess.engine.Limit(depth=args.depth), root_moves=[move], game=object())
            # Never negative: the best move's score stands for the position.
            loss = max(0, int(best_score) - cp(info["score"]))
        losses.append(loss)
        if loss >= 200:
            print(f"loses {loss}: {fen} ours {move.uci()} stockfish {best}", file=sys.stderr)
    n = len(rows)
    big = sum(1 for l in losses if l >= 200)
    print(f"{n} positions, our move at {args.nodes} nodes against Stockfish 15.1 at depth {args.depth}:")
    print(f"same move {same / n:.1%}; mean loss {statistics.mean(losses):.1f} cp; "
          f"losing 200 cp or more: {big} ({big / n:.1%}); load {os.getloadavg()[0]:.1f}")
    ours.quit()
    judge.quit()


if __name__ == "__main__":
    main()
