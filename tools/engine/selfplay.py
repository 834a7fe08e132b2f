"""Games between Stockfish instances at random Skill Levels, from the
opening lines with a few random moves early: games with human-like
mistakes and unbalanced positions, for the tuner's positions and the
suite's candidates."""

import chess
import chess.engine

from openings import openings


def games(rng, player, count, nodes=2500):
    """For each game, a list of the positions played (boards, before each
    move) and the result for white (1, 0.5, 0)."""
    lines = openings()
    for game in range(count):
        _, board = lines[rng.randrange(len(lines))]
        board = board.copy()
        skills = [rng.randint(0, 20), rng.randint(0, 20)]
        positions = []
        while not board.is_game_over(claim_draw=True) and board.ply() < 300:
            positions.append(board.copy(stack=False))
            if board.ply() < 24 and rng.random() < 0.08:
                move = rng.choice(list(board.legal_moves))
            else:
                player.configure({"Skill Level": skills[board.turn == chess.BLACK]})
                move = player.play(board, chess.engine.Limit(depth=9, nodes=nodes), game=game).move
            board.push(move)
        result = {"1-0": 1.0, "0-1": 0.0}.get(board.result(claim_draw=True), 0.5)
        yield positions, result, skills
