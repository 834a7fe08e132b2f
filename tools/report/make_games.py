"""Games with human-like mistakes for measuring the report's marks:
Stockfish at a low `Skill Level` on both sides (its weakening picks
worse moves at random, as people blunder), from the standard start.
Written as PGN to standard output; seeded, but Stockfish's own skill
randomness is not, so the committed file is the record.

    python3 tools/report/make_games.py --games 40 > tools/report/games/skill.pgn
"""

import argparse
import random

import chess
import chess.engine
import chess.pgn

from oracle import STOCKFISH, log


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=33)
    ap.add_argument("--max-plies", type=int, default=160)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    player = chess.engine.SimpleEngine.popen_uci(STOCKFISH)
    player.configure({"Threads": 1, "Hash": 16})
    for n in range(args.games):
        skills = (rng.randint(1, 8), rng.randint(1, 8))
        board = chess.Board()
        while not board.is_game_over(claim_draw=True) and board.ply() < args.max_plies:
            player.configure({"Skill Level": skills[board.turn == chess.BLACK]})
            board.push(player.play(board, chess.engine.Limit(depth=10, nodes=50000), game=n).move)
        game = chess.pgn.Game.from_board(board)
        game.headers["Event"] = f"Stockfish 15.1 skill {skills[0]} vs skill {skills[1]}"
        game.headers["Site"] = "tools/report/make_games.py"
        game.headers["Round"] = str(n + 1)
        game.headers["White"] = f"Stockfish skill {skills[0]}"
        game.headers["Black"] = f"Stockfish skill {skills[1]}"
        game.headers["Result"] = board.result(claim_draw=True)
        if game.headers["Result"] == "*" and board.ply() >= args.max_plies:
            game.headers["Result"] = "*"
        print(game, end="\n\n", flush=True)
        log(f"game {n + 1}: {board.ply()} plies, {game.headers['Result']}")
    player.quit()


if __name__ == "__main__":
    main()
