#!/usr/bin/env python3
"""Writes the expected verdicts of the PGN corpus, as python-chess reads
it, for tests/pgn_corpus.rs:

    tests/data/pgn/expected.tsv    file, game index, verdict, plies, final FEN, games in file
    tests/data/pgn/exported.pgn    python-chess's export (no comments, no
                                   variations) of every generated game

    python3 tools/pgn/expected.py     (python-chess 1.11; not run by CI)

Verdicts: checkmate, stalemate, incomplete (the game goes on), or error
(the main line stops at a move that cannot be played; plies counts the
moves before it, and the FEN is the position after them, "-" if unknown).

The hand-written files (nasty/) use a few spellings python-chess does not
read (`e8(Q)`, `e8/Q`); they are normalised for python-chess only. Where
this reader decides differently from python-chess on purpose, OVERRIDES
says what we expect and why; everything else is python-chess's answer.
"""
import io
import re
import chess
import chess.pgn
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "tests" / "data" / "pgn"
GENERATED = ["python-chess.pgn", "stockfish.pgn"]

# file: (verdict, plies, fen or None for python-chess's, games or None, why)
OVERRIDES = {
    "nasty/17-null-move.pgn": ("error", 3, None, None,
                               "python-chess plays null moves; a game cannot be played through one"),
    "nasty/29-parse-error.pgn": ("error", 41, None, None,
                                 "python-chess skips characters it cannot read; we report them"),
    "nasty/30-unclosed-variation.pgn": ("error", 3, None, None,
                                        "python-chess closes open variations silently; we report the ("),
    "nasty/03-missing-result-then-next-game.pgn": (None, None, None, 2,
                                                   "python-chess reads the next game's first tag line as movetext"),
}


def normalise(text):
    """`e8(Q)` and `e8/Q` as `e8=Q`."""
    return re.sub(r"([a-h][18])(?:\(([QRBN])\)|/([QRBN]))", lambda m: f"{m[1]}={m[2] or m[3]}", text)


def verdict(game):
    board = game.board() if not game.errors or "FEN" not in game.headers else None
    plies = 0
    if board is not None:
        for move in game.mainline_moves():
            board.push(move)
            plies += 1
    if game.errors:
        return "error", plies, board.fen() if board is not None else "-"
    if board.is_checkmate():
        return "checkmate", plies, board.fen()
    if board.is_stalemate():
        return "stalemate", plies, board.fen()
    return "incomplete", plies, board.fen()


def games(text):
    handle = io.StringIO(text)
    out = []
    while True:
        game = chess.pgn.read_game(handle)
        if game is None:
            return out
        out.append(game)


def main():
    rows = ["# file\tgame\tverdict\tplies\tfen\tgames  (written by tools/pgn/expected.py from python-chess's reading)"]
    exported = []
    for name in GENERATED:
        text = (DATA / name).read_text()
        found = games(text)
        for i, game in enumerate(found):
            rows.append("\t".join([name, str(i), *map(str, verdict(game)), str(len(found))]))
            exporter = chess.pgn.StringExporter(headers=True, comments=False, variations=False)
            exported.append(game.accept(exporter))
    for path in sorted((DATA / "nasty").glob("*.pgn")):
        name = f"nasty/{path.name}"
        text = path.read_bytes().decode("utf-8")
        found = games(normalise(text))
        kind, plies, fen = verdict(found[0])
        count = len(found)
        override = OVERRIDES.get(name)
        if override:
            o_kind, o_plies, o_fen, o_games, why = override
            kind, plies = o_kind or kind, o_plies if o_plies is not None else plies
            fen, count = o_fen or fen, o_games or count
            if o_plies is not None and fen != "-":
                # The position after the moves we do play.
                board = found[0].board()
                for move in list(found[0].mainline_moves())[:plies]:
                    board.push(move)
                fen = board.fen()
        rows.append("\t".join([name, "0", kind, str(plies), fen, str(count)]))
    (DATA / "expected.tsv").write_text("\n".join(rows) + "\n")
    (DATA / "exported.pgn").write_text("\n\n".join(exported) + "\n")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
