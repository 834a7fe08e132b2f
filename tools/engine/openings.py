"""The opening positions of openings.txt, shared by the match, the position
generator and the judge."""

import os

import chess

HERE = os.path.dirname(os.path.abspath(__file__))


def openings(path=os.path.join(HERE, "openings.txt")):
    """(name, board) for each line of the file, the moves played."""
    out = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            name, _, moves = line.partition(":")
            board = chess.Board()
            for san in moves.split():
                try:
                    board.push_san(san)
                except ValueError as e:
                    raise SystemExit(f"{path}:{number}: {san}: {e}")
            out.append((name.strip(), board))
    return out
