"""The suggested move against Stockfish 15.1 at depth 16 (cached: see
oracle.py), on positions from the measurement games: every `--every`-th
position of each game (not over, with more than one legal move). For each:
whether our suggestion is Stockfish's move, and otherwise its loss in
centipawns (Stockfish's value of its best move minus its value of ours,
each searched to depth 16; a mate counts as 1000, the loss capped at 1000).
Targets: the same move 55% or more, mean loss 25 cp or less, a loss of
200 cp or more in at most 1% of positions.

    cargo build --release
    python3 tools/report/suggestion.py tools/report/games/skill.pgn tools/report/games/masters.pgn
"""

import argparse
import re
import subprocess
import sys
from pathlib import Path

import chess
import chess.pgn

from oracle import Oracle, log

ROOT = Path(__file__).resolve().parents[2]
PROGRAM = ROOT / "target" / "release" / "chess-analyze"
LINE = re.compile(r"suggest (white|black) (\w+) from ([a-h][1-8]) to ([a-h][1-8])(?: promoting to (\w+))?$")
PROMOTION = {"queen": "q", "rook": "r", "bishop": "b", "knight": "n"}


def ours(program, board):
    out = subprocess.run([str(program), "--fen", board.fen()], capture_output=True, text=True, check=True).stdout
    m = LINE.match(out.strip().splitlines()[-1])
    if not m:
        raise SystemExit(f"no suggestion for {board.fen()}: {out!r}")
    uci = m.group(3) + m.group(4) + PROMOTION.get(m.group(5) or "", "")
    move = chess.Move.from_uci(uci)
    if move not in board.legal_moves:
        # Castling is written as the king's two-square move, as python-chess spells it.
        raise SystemExit(f"illegal suggestion {uci} in {board.fen()}")
    return move


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--every", type=int, default=7)
    ap.add_argument("--program", default=str(PROGRAM))
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    oracle = Oracle()
    positions = []
    for path in args.pgn:
        with open(path) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                board = game.board()
                for i, move in enumerate(game.mainline_moves()):
                    if i % args.every == args.every // 2 and not board.is_game_over() and board.legal_moves.count() > 1:
                        positions.append(board.copy())
                    board.push(move)
    same = 0
    losses = []
    for n, board in enumerate(positions):
        score, best = oracle.label(board)
        mine = ours(args.program, board)
        if mine.uci() == best:
            same += 1
            losses.append(0)
            continue
        theirs, _ = oracle.label(board, mine)
        loss = max(0, min(1000, score.centipawns() - theirs.centipawns()))
        losses.append(loss)
        if args.list and loss >= 50:
            print(f"  {board.fen()}  ours {board.san(mine)} sf {board.san(chess.Move.from_uci(best))}  loss {loss}")
        if n % 20 == 19:
            log(f"{n + 1} of {len(positions)}")
    n = len(positions)
    big = sum(l >= 200 for l in losses)
    print(f"{n} positions: the same move as Stockfish {same} ({100 * same / n:.1f}%), "
          f"mean loss {sum(losses) / n:.1f} cp, a loss of 200 cp or more {big} ({100 * big / n:.1f}%)")
    oracle.close()


if __name__ == "__main__":
    main()
