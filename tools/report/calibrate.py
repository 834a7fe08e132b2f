"""Fits the factor that puts the engine's centipawns on Stockfish's scale
(`CP_SCALE_PERCENT` in src/chess/report.rs): the report's evaluation of
each position of the measurement games against Stockfish's at depth 16
(cached: see oracle.py), the factor k minimising the squared difference
of lichess's winning chances, wc(k x ours) against wc(Stockfish's). Run
with the factor at 100 (the engine's own scale); positions with a mate
on either side are left out.

    cargo build --release --example report_json
    python3 tools/report/calibrate.py tools/report/games/*.pgn
"""

import argparse
import json
import subprocess

import chess
import chess.pgn

from marks import REPORT
from oracle import Oracle, winning_chances


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--program", default=str(REPORT))
    args = ap.parse_args()
    oracle = Oracle()
    pairs = []
    for path in args.pgn:
        with open(path) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                board = game.board()
                boards = []
                for m in game.mainline_moves():
                    board.push(m)
                    boards.append(board.copy())
                if any(not b.is_game_over() and b.fen() not in oracle.known for b in boards):
                    continue
                text = game.accept(chess.pgn.StringExporter(headers=True, variations=False, comments=False))
                out = subprocess.run([args.program], input=text, capture_output=True, text=True, check=True).stdout
                for b, line in zip(boards, out.splitlines()[1:]):
                    ours = json.loads(line).get("eval") or ""
                    if b.is_game_over() or ours.startswith("#") or abs(float(ours or 0)) >= 100:
                        continue
                    score, _ = oracle.label(b)
                    if score.mate is not None:
                        continue
                    theirs = score.cp if b.turn == chess.WHITE else -score.cp
                    pairs.append((round(float(ours) * 100), theirs))
    best = None
    for percent in range(50, 251, 5):
        err = sum((winning_chances(percent * o / 100) - winning_chances(t)) ** 2 for o, t in pairs) / len(pairs)
        if best is None or err < best[1]:
            best = (percent, err)
        print(f"{percent:4d}%  mean squared difference of winning chances {err:.5f}")
    print(f"{len(pairs)} positions: best factor {best[0]}%")
    oracle.close()


if __name__ == "__main__":
    main()
