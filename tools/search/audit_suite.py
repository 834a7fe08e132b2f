"""Writes tests/data/search/audit.txt, rows in the suite's format, from the
positions of an audit_mates.py run that exercised real behaviour: mates
whose first move is a promotion, an underpromotion, en passant or castling,
stalemate traps, positions in check, mates in 4 or 5 (no mate in <= 3 may
be claimed), and positions where Stockfish at depth 14 reported a longer
mate (or none) where a mate in <= 3 exists. Every number is proven again
with prove.py (python-chess); a position too slow to prove is left out.

    python3 tools/search/audit_suite.py SEED:AUDIT.tsv:AUDIT.out ... > tests/data/search/audit.txt

(AUDIT.tsv and AUDIT.out: what `audit_mates.py SEED AUDIT.tsv` wrote and printed.)
"""

import ast
import signal
import sys

import chess

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from make_suite import facts, line  # noqa: E402
from prove import Prover  # noqa: E402

# How many rows of each class to keep, at most.
LIMITS = {
    "promotion mate": 6,
    "underpromotion mate": 10,
    "en passant mate": 8,
    "castling mate": 8,
    "stalemate trap": 12,
    "in check": 8,
    "mate4": 6,
    "mate5": 6,
    "stockfish longer": 12,
    "mate1": 4,
    "mate2": 4,
    "mate3": 6,
}


class Slow(Exception):
    pass


def on_alarm(signum, frame):
    raise Slow


def main():
    picked = []
    taken = {k: 0 for k in LIMITS}
    for run in sys.argv[1:]:
        seed, tsv, out = run.split(":")
        sf_longer = set()
        for text in open(out):
            text = text.strip()
            if text.startswith("('") and "own mate" in text:
                sf_longer.add(ast.literal_eval(text)[0])
        for row in open(tsv):
            fen, cls = row.split("\t")[:2]
            parts = [p.strip() for p in cls.split(" / ")]
            label = parts[-1] if parts[-1] in LIMITS else parts[0]
            if fen in sf_longer:
                label = "stockfish longer"
            if label in LIMITS and taken[label] < LIMITS[label]:
                taken[label] += 1
                picked.append((fen, f"{label}, seed {seed}"))
    signal.signal(signal.SIGALRM, on_alarm)
    print("# Positions of the mate audit (tools/search/audit_mates.py, seed in the")
    print("# source), in the suite's format; every number proven by prove.py;")
    print("# written by tools/search/audit_suite.py.")
    for fen, label in picked:
        board = chess.Board(fen)
        signal.alarm(20)
        try:
            f = facts(board, Prover())
        except Slow:
            print(f"left out (too slow to prove): {fen}", file=sys.stderr)
            continue
        finally:
            signal.alarm(0)
        print(line(board, f, "audit: " + label))


if __name__ == "__main__":
    main()
