#!/usr/bin/env python3
"""Writes the generated part of the PGN corpus (tests/data/pgn/):

    stockfish.pgn      Stockfish self-play, exported by python-chess with
                       lichess-style comments ([%eval], [%clk]), NAGs, the
                       engine's line as a variation, resignations, draws
    python-chess.pgn   random games written by python-chess's exporter:
                       nested variations, comments before and after moves,
                       NAGs, games from a FEN, checkmates and stalemates

    python3 tools/pgn/corpus.py     (python-chess 1.11, /usr/games/stockfish; not run by CI)

Seeded; Stockfish searches a fixed number of nodes with one thread, so the
games are the same on every run of the same Stockfish build. Run
expected.py afterwards to (re)write the expected verdicts.
"""
import datetime
import random
import chess
import chess.engine
import chess.pgn
from pathlib import Path

SEED = 7
DATA = Path(__file__).resolve().parents[2] / "tests" / "data" / "pgn"
STOCKFISH = "/usr/games/stockfish"

ENDGAMES = [
    "8/8/8/4k3/8/8/8/4K2Q w - - 0 1",  # queen mates
    "8/8/3k4/8/8/8/8/R3K3 w Q - 0 40",  # rook mates, castling right kept
    "8/5pk1/6p1/8/3P4/6P1/5PK1/8 w - - 0 35",  # pawn race
    "r3k2r/pp3ppp/2n5/3pP3/1b1P4/2N5/PP3PPP/R3KB1R b KQkq - 3 12",  # black to move first
]


def stockfish_games(rng):
    engine = chess.engine.SimpleEngine.popen_uci(STOCKFISH)
    engine.configure({"Threads": 1, "Hash": 16})
    games = []
    for n in range(24):
        board = chess.Board(ENDGAMES[n % len(ENDGAMES)] if n % 6 == 5 else chess.STARTING_FEN)
        game = chess.pgn.Game()
        game.setup(board)
        game.headers["Event"] = "Corpus self-play"
        game.headers["Site"] = "https://example.org/corpus"
        game.headers["Date"] = (datetime.date(2024, 1, 1) + datetime.timedelta(days=n)).strftime("%Y.%m.%d")
        game.headers["Round"] = str(n + 1)
        game.headers["White"] = "Stockfish"
        game.headers["Black"] = "Stockfish"
        game.headers["TimeControl"] = "180+0"
        node = game
        clock = [180.0, 180.0]
        losing_streak = 0
        resigns = n % 3 == 0
        openings = rng.randint(0, 6) if board.fen() == chess.STARTING_FEN else 0
        result = "*"
        for ply in range(260):
            if board.is_game_over(claim_draw=True):
                break
            info = engine.analyse(board, chess.engine.Limit(nodes=12000), info=chess.engine.INFO_ALL)
            pv = info.get("pv") or []
            move = pv[0] if ply >= openings or not any(board.legal_moves) else rng.choice(list(board.legal_moves))
            score = info["score"]
            before = board.copy(stack=False)
            board.push(move)
            child = node.add_variation(move)
            spent = rng.uniform(0.5, 6.0)
            clock[ply % 2] = max(0.0, clock[ply % 2] - spent)
            child.set_clock(clock[ply % 2])
            child.set_eval(score)
            # The engine's better line as a variation, now and then.
            if move != pv[0] or (len(pv) > 3 and rng.random() < 0.08):
                alt_moves = pv if move != pv[0] else list(before.legal_moves)[:1] + []
                alt = node.add_variation(alt_moves[0])
                alt.comment = "engine line" if move != pv[0] else "alternative"
                b = before.copy(stack=False)
                b.push(alt_moves[0])
                for m in alt_moves[1:6]:
                    if not b.is_legal(m):
                        break
                    alt = alt.add_variation(m)
                    b.push(m)
            if rng.random() < 0.05:
                child.nags.add(rng.choice([1, 2, 3, 4, 5, 6, 14, 15]))
            node = child
            cp = score.pov(chess.WHITE).score(mate_score=100000)
            if resigns and abs(cp) > 1000:
                losing_streak += 1
                if losing_streak >= 4:
                    result = "1-0" if cp > 0 else "0-1"
                    node.comment = (node.comment + " " if node.comment else "") + ("Black" if cp > 0 else "White") + " resigns."
                    break
            else:
                losing_streak = 0
        if result == "*":
            outcome = board.outcome(claim_draw=True)
            result = outcome.result() if outcome else "*"
        game.headers["Result"] = result
        games.append(game)
    engine.quit()
    return games


def random_game(rng, fen, plies):
    """A random game with annotations in python-chess's own shapes."""
    board = chess.Board(fen)
    game = chess.pgn.Game()
    if fen != chess.STARTING_FEN:
        game.setup(board)
    game.comment = rng.choice(["", "A game comment before the first move.", "Random play { not nested } here"]).replace("}", ")")
    node = game
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        # Prefer checks and captures: the game ends sooner, often in mate.
        forcing = [m for m in moves if board.gives_check(m) or board.is_capture(m) or m.promotion]
        move = rng.choice(forcing if forcing and rng.random() < 0.6 else moves)
        if rng.random() < 0.15 and len(moves) > 1:
            add_variation(rng, node, board, [m for m in moves if m != move], depth=0)
        node = node.add_main_variation(move)
        board.push(move)
        if rng.random() < 0.1:
            node.comment = rng.choice(["good", "[%clk 0:01:02]", "see 12. Nf3 ( or Ng5 )", "1-0 was premature", "a; semicolon"])
        if rng.random() < 0.08:
            node.nags.add(rng.choice([1, 2, 3, 4, 5, 6, 10, 13, 14, 16, 18, 19, 22, 146]))
    outcome = board.outcome()
    game.headers["Result"] = outcome.result() if outcome else rng.choice(["*", "1-0", "1/2-1/2"])
    return game, board


def add_variation(rng, parent, board, candidates, depth):
    """An alternative to the next move of `parent`, sometimes with its own
    alternatives (nested variations)."""
    first = rng.choice(candidates)
    node = parent.add_variation(first)
    if rng.random() < 0.3:
        node.starting_comment = "instead"
    b = board.copy(stack=False)
    b.push(first)
    for _ in range(rng.randint(0, 5)):
        moves = list(b.legal_moves)
        if not moves:
            break
        move = rng.choice(moves)
        if depth < 3 and rng.random() < 0.25 and len(moves) > 1:
            add_variation(rng, node, b, [m for m in moves if m != move], depth + 1)
        node = node.add_main_variation(move)
        b.push(move)
        if rng.random() < 0.2:
            node.nags.add(rng.choice([1, 2, 5, 6]))


def python_chess_games(rng):
    games = []
    kinds = {"checkmate": 0, "stalemate": 0, "other": 0}
    want = {"checkmate": 8, "stalemate": 4, "other": 10}
    fens = [chess.STARTING_FEN] * 3 + ENDGAMES + ["4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1", "8/8/8/8/8/5k2/5p2/5K2 b - - 0 60"]
    while any(kinds[k] < want[k] for k in kinds):
        game, board = random_game(rng, rng.choice(fens), rng.randint(20, 300))
        kind = "checkmate" if board.is_checkmate() else "stalemate" if board.is_stalemate() else "other"
        if kinds[kind] < want[kind]:
            kinds[kind] += 1
            game.headers["Event"] = f"python-chess corpus {len(games) + 1} ({kind})"
            games.append(game)
    return games


def write(path, games):
    with open(path, "w") as f:
        for game in games:
            print(game, file=f, end="\n\n")
    print(f"{path}: {len(games)} games, {path.stat().st_size} bytes")


def main():
    rng = random.Random(SEED)
    write(DATA / "python-chess.pgn", python_chess_games(rng))
    write(DATA / "stockfish.pgn", stockfish_games(rng))


if __name__ == "__main__":
    main()
