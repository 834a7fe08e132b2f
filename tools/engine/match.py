"""A match between our engine (the UCI program) and Stockfish limited to an
Elo (UCI_LimitStrength, UCI_Elo), a fixed time a move on one thread each,
from the opening lines of openings.txt, each played with both colours.
Prints the score and the Elo estimate with its 95% error bar.

    cargo build --release --bin chess-engine
    python3 tools/engine/match.py --elo 2200 --games 200 [--movetime 0.1]

To compare two builds of our engine instead (a fixed number of nodes a
move, so that the machine's load does not matter):

    python3 tools/engine/match.py --opponent OTHER_BINARY --nodes 20000 --games 200

Games end by the rules (mate, stalemate, threefold repetition, fifty
moves, insufficient material) or are scored drawn after 400 plies. With
`--adjudicate` (for quicker self-matches; off by default, as in the
Stockfish matches the README reports), a game also ends when both
engines' scores agree: drawn after ply 80 when the last 8 scores are all
within 10 cp of zero, won when the last 4 give one side 1000 cp or more.
"""

import argparse
import math
import os
import sys
import time

import chess
import chess.engine
import chess.pgn

from openings import openings

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def elo_diff(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def adjudged(scores, ply):
    """White's points when the engines' recent scores (white's view, in
    centipawns, None when unknown) settle the game, else None."""
    if len(scores) >= 4 and all(s is not None for s in scores[-4:]):
        if all(s >= 1000 for s in scores[-4:]):
            return 1.0
        if all(s <= -1000 for s in scores[-4:]):
            return 0.0
    if ply >= 80 and len(scores) >= 8 and all(s is not None and abs(s) <= 10 for s in scores[-8:]):
        return 0.5
    return None


def play(ours, theirs, board, ours_white, limit, adjudicate=False):
    engines = {chess.WHITE: ours if ours_white else theirs, chess.BLACK: theirs if ours_white else ours}
    game = chess.pgn.Game.from_board(board)
    node = game.end()
    scores = []
    while not board.is_game_over(claim_draw=True) and board.ply() < 400:
        result = engines[board.turn].play(board, limit, info=chess.engine.INFO_SCORE if adjudicate else chess.engine.INFO_NONE)
        if result.move is None or result.move not in board.legal_moves:
            # An illegal or missing move loses.
            return (0.0 if engines[board.turn] is ours else 1.0), game
        score = result.info.get("score")
        scores.append(score.white().score(mate_score=100000) if score else None)
        board.push(result.move)
        node = node.add_variation(result.move)
        white_points = adjudged(scores, board.ply()) if adjudicate else None
        if white_points is not None:
            game.headers["Result"] = {1.0: "1-0", 0.5: "1/2-1/2", 0.0: "0-1"}[white_points]
            game.headers["Termination"] = "adjudication"
            return (white_points if ours_white else 1.0 - white_points), game
    outcome = board.outcome(claim_draw=True)
    if outcome is None or outcome.winner is None:
        points = 0.5
    else:
        points = 1.0 if outcome.winner == (chess.WHITE if ours_white else chess.BLACK) else 0.0
    game.headers["Result"] = board.result(claim_draw=True) if outcome else "1/2-1/2"
    return points, game


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--elo", type=int, help="Stockfish's UCI_Elo")
    ap.add_argument("--opponent", help="another UCI engine instead of Stockfish")
    ap.add_argument("--nodes", type=int, help="nodes a move instead of a time")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--movetime", type=float, default=0.1, help="seconds a move")
    ap.add_argument("--engine", default=os.path.join(ROOT, "target/release/chess-engine"))
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--hash", type=int, default=16, help="MiB of table for each engine")
    ap.add_argument("--pgn", help="write the games here")
    ap.add_argument("--adjudicate", action="store_true", help="end games the engines' scores settle (see above)")
    args = ap.parse_args()

    ours = chess.engine.SimpleEngine.popen_uci(args.engine)
    ours.configure({"Hash": args.hash})
    if args.opponent:
        theirs = chess.engine.SimpleEngine.popen_uci(args.opponent)
        theirs.configure({"Hash": args.hash})
        rival = args.opponent
        base = 0
    elif args.elo:
        theirs = chess.engine.SimpleEngine.popen_uci(args.stockfish)
        theirs.configure({"Threads": 1, "Hash": args.hash, "UCI_LimitStrength": True, "UCI_Elo": args.elo})
        rival = f"Stockfish UCI_Elo {args.elo}"
        base = args.elo
    else:
        raise SystemExit("match.py: --elo or --opponent")
    limit = chess.engine.Limit(nodes=args.nodes) if args.nodes else chess.engine.Limit(time=args.movetime)
    pace = f"{args.nodes} nodes" if args.nodes else f"{args.movetime}s"
    pace += ", adjudicated" if args.adjudicate else ""
    lines = openings()
    print(f"load before: {os.getloadavg()}", flush=True)
    wins = draws = losses = 0
    started = time.time()
    pgn = open(args.pgn, "w") if args.pgn else None
    for i in range(args.games):
        name, start = lines[(i // 2) % len(lines)]
        ours_white = i % 2 == 0
        points, game = play(ours, theirs, start.copy(), ours_white, limit, args.adjudicate)
        wins += points == 1.0
        draws += points == 0.5
        losses += points == 0.0
        if pgn:
            game.headers["Event"] = f"match vs {rival}: {name}"
            game.headers["White"] = "ours" if ours_white else rival
            game.headers["Black"] = rival if ours_white else "ours"
            print(game, file=pgn, end="\n\n", flush=True)
        n = i + 1
        print(f"game {n}: {name}, ours {'white' if ours_white else 'black'}: {points}  (+{wins} ={draws} -{losses})", flush=True)
    n = wins + draws + losses
    score = (wins + draws / 2) / n
    # The standard error of the mean score, from the games' own spread.
    variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score**2) / n
    se = math.sqrt(variance / n)
    low, high = elo_diff(score - 1.96 * se), elo_diff(score + 1.96 * se)
    diff = elo_diff(score)
    print(f"{n} games vs {rival} at {pace} a move: +{wins} ={draws} -{losses}, score {score:.3f}")
    print(f"Elo difference {diff:+.0f} (95%: {low:+.0f} to {high:+.0f}); engine about {base + diff:.0f} "
          f"(+{high - diff:.0f} / -{diff - low:.0f})")
    print(f"load after: {os.getloadavg()}, {time.time() - started:.0f} s")
    ours.quit()
    theirs.quit()


if __name__ == "__main__":
    main()
