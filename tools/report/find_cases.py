"""Finds positions and moves for the game-report tests (tests/report.rs):
for each kind of fact the report must state, or must not state, a position
of the search suite and a move that shows it. The facts are decided by
tools/search/prove.py (plain AND-OR search on python-chess), never by the
Rust code; the tests check every fact again with their own checker.

    cd tools/report && python3 find_cases.py     (needs `pip install chess`)

Prints one line per case: kind | FEN | move (SAN) | what the prover says.
"""

import sys
from pathlib import Path

import chess

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "search"))
from prove import Prover  # noqa: E402

SUITE = Path(__file__).resolve().parents[2] / "tests" / "data" / "search" / "suite.txt"
WANTED = ["missed1", "missed2", "missed3", "slower2", "slower3", "other_fastest2", "other_fastest3",
          "allows1", "allows2", "allows3", "every_move_allows"]


def cases(board, p):
    """(kind, move, note) for every kind this position shows."""
    own = p.shortest(board)
    out = []
    moves = list(board.legal_moves)
    allowed = {}
    for m in moves:
        board.push(m)
        allowed[m] = p.shortest(board)
        board.pop()
    for m in moves:
        san = board.san(m)
        board.push(m)
        if own:
            kept = p.defend(board, own)
            still = p.defend(board, 4) if not kept else True
            if not kept:
                out.append((f"missed{own}", san, "mate within 3 more" if still else "no mate"))
                if still and not board.is_checkmate() and own > 1:
                    out.append((f"slower{own}", san, "still mates, later"))
            elif own > 1:
                out.append((f"other_fastest{own}", san, "keeps the mate"))
        board.pop()
        n = allowed[m]
        if n:
            safe = [o for o in moves if o != m and (allowed[o] is None or allowed[o] > n)]
            if safe:
                out.append((f"allows{n}", san, f"{len(safe)} other moves avoid it"))
            elif all(allowed[o] for o in moves) and len(moves) > 1:
                out.append(("every_move_allows", san, f"mate in {n}; every move allows one"))
    return out


def main():
    p = Prover()
    found = {}
    for line in SUITE.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        fen = line.split(" | ")[0]
        board = chess.Board(fen)
        for kind, san, note in cases(board, p):
            found.setdefault(kind, []).append((fen, san, note))
        if all(len(found.get(k, [])) >= 2 for k in WANTED):
            break
    for kind in WANTED:
        for fen, san, note in found.get(kind, [])[:3]:
            print(f"{kind} | {fen} | {san} | {note}")


if __name__ == "__main__":
    main()
