"""Positions for tuning the evaluation, labelled by Stockfish (a
development oracle only: nothing of it ships).

Plays games between Stockfish instances at random Skill Levels (so the
games hold human-like mistakes and unbalanced positions) from the opening
lines, with a few random moves early for variety, and writes one sampled
position per line:

    FEN;score;result

`score` is Stockfish's evaluation at `--depth` in centipawns from white's
point of view; `result` the game's result for white (1, 0.5, 0). Only quiet
positions are kept: not in check, and Stockfish's best move is not a capture
or a promotion (the tuner fits a static evaluation, which cannot see
exchanges under way).

    python3 tools/engine/gen_positions.py --games 2000 --out /tmp/positions.txt
"""

import argparse
import random
import sys

import chess
import chess.engine

from selfplay import games


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--out", required=True)
    ap.add_argument("--depth", type=int, default=8, help="depth of the labelling search")
    ap.add_argument("--sample", type=float, default=0.5, help="share of the quiet positions kept")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    args = ap.parse_args()

    rng = random.Random(args.seed)
    player = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    judge = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    for e in (player, judge):
        e.configure({"Threads": 1, "Hash": 16})
    kept = 0
    with open(args.out, "a") as out:
        for game, (positions, result, skills) in enumerate(games(rng, player, args.games)):
            samples = []
            for board in positions:
                if board.is_check() or rng.random() >= args.sample:
                    continue
                info = judge.analyse(board, chess.engine.Limit(depth=args.depth), game=object())
                best = info.get("pv", [None])[0]
                score = info["score"].white()
                quiet = best is not None and not board.is_capture(best) and best.promotion is None
                if quiet and not score.is_mate() and abs(score.score()) < 3000:
                    samples.append((board.fen(), score.score()))
            value = {1.0: "1", 0.0: "0"}.get(result, "0.5")
            for fen, cp in samples:
                out.write(f"{fen};{cp};{value}\n")
            out.flush()
            kept += len(samples)
            print(f"game {game + 1}: {value} skills {skills}, {len(samples)} positions ({kept} in all)", file=sys.stderr)
    player.quit()
    judge.quit()


if __name__ == "__main__":
    main()
