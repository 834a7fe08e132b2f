"""Labels every position of the games in the PGN files with Stockfish
(depth 16, cached: see oracle.py), in game order so that its table helps.
Run once before `marks.py`, or let `marks.py` label what is missing.

    python3 tools/report/label.py tools/report/games/*.pgn
"""

import sys

import chess.pgn

from oracle import Oracle, log


def games(paths):
    for path in paths:
        with open(path) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                yield path, game


def main():
    oracle = Oracle()
    n = 0
    for path, game in games(sys.argv[1:]):
        board = game.board()
        for move in game.mainline_moves():
            if not board.is_game_over():
                oracle.label(board)
                n += 1
            board.push(move)
        if not board.is_game_over():
            oracle.label(board)
        log(f"{path} {game.headers.get('Round', game.headers.get('Event'))}: {n} positions labelled")
    oracle.close()


if __name__ == "__main__":
    main()
