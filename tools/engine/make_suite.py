"""The engine's test suite: positions with one clearly best move, checked
by a deep Stockfish search (a development oracle only).

Candidates come from two places:

- tactics and middlegame/endgame decisions: positions of games between
  Stockfish instances at random skill levels (`selfplay.py`), kept when Stockfish's best move is at
  least `--gap` centipawns (in winning chances: see `chances`) better than
  its second best;
- king and pawn endings with zugzwang and opposition: random king and pawn
  positions (a few pawns each), kept on the same test; named `zugzwang`
  when the side to move would do better if it could pass.

Each kept position is written as an EPD line with `bm` (the best move in
SAN), `id` and a comment naming its source and Stockfish's two scores:

    python3 tools/engine/make_suite.py --tactics 80 \
        --endings 40 --zugzwang 10 --depth 22 > tests/data/engine/suite.epd
"""

import argparse
import math
import random
import sys

import chess
import chess.engine

from selfplay import games


def chances(cp):
    """Winning chances in [-1, 1], as lichess computes them from centipawns."""
    return 2 / (1 + math.exp(-0.00368208 * cp)) - 1


def value(score):
    return score.score(mate_score=100000)


def judge(engine, board, depth, gap):
    """(best move, best score, second score) if the best move stands out."""
    infos = engine.analyse(board, chess.engine.Limit(depth=depth), multipv=2, game=object())
    if len(infos) < 2 or "pv" not in infos[0] or "pv" not in infos[1]:
        return None
    best, second = infos[0]["score"].relative, infos[1]["score"].relative
    # Mates are fine as long as the second move does not mate too.
    if best.is_mate() and second.is_mate() and second.mate() > 0:
        return None
    b, s = value(best), value(second)
    if chances(b) - chances(s) < gap:
        return None
    return infos[0]["pv"][0], b, s


def zugzwang(engine, board, depth, best, gap):
    """Whether the side to move would do better if it could pass (a null
    move loses there: the search must not trust one)."""
    passed = board.copy(stack=False)
    passed.turn = not passed.turn
    passed.ep_square = None
    if not passed.is_valid() or passed.is_check():
        return False
    info = engine.analyse(passed, chess.engine.Limit(depth=depth), game=object())
    # The opponent's score after our pass, seen from our side.
    after_pass = -value(info["score"].relative)
    return chances(after_pass) - chances(best) >= gap


def random_pawn_ending(rng):
    """Kings and two to four pawns, legal, the side to move not in check."""
    while True:
        board = chess.Board(None)
        squares = rng.sample(range(64), 6)
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        pawns = rng.randint(2, 4)
        for i, sq in enumerate(squares[2 : 2 + pawns]):
            if chess.square_rank(sq) in (0, 7):
                break
            board.set_piece_at(sq, chess.Piece(chess.PAWN, chess.WHITE if i % 2 == 0 else chess.BLACK))
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        if board.is_valid() and not board.is_check() and not board.is_game_over():
            return board


def candidates(rng, player, source):
    """Lists of candidate boards: the file's positions one by one, or at most
    four positions of each new game, after the opening."""
    if source:
        for line in open(source):
            if line.strip() and not line.startswith("#"):
                yield [chess.Board(line.split(";")[0])]
        return
    for positions, _, _ in games(rng, player, 100000):
        chosen = [b for b in positions[16:] if not b.is_game_over()]
        yield rng.sample(chosen, min(len(chosen), 4))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tactics", type=int, default=80)
    ap.add_argument("--endings", type=int, default=40)
    ap.add_argument("--zugzwang", type=int, default=0, help="king and pawn endings that are zugzwang")
    ap.add_argument("--depth", type=int, default=22)
    ap.add_argument("--gap", type=float, default=0.3, help="winning chances between best and second")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--from", dest="source", help="candidate positions from this file (FEN first on each line, "
                    "e.g. tests/data/engine/judge.txt) instead of new games")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    engine = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    engine.configure({"Threads": 1, "Hash": 64})
    print(f"# The engine's suite: positions whose best move Stockfish 15.1 (depth {args.depth}, multipv 2)")
    print(f"# rates at least {args.gap} in winning chances above the second best. Written by")
    print("# tools/engine/make_suite.py from games between Stockfish instances at random skill")
    print(f"# levels ({args.source or 'selfplay.py'}; moves that Stockfish at depth 1 does not find)")
    print("# and from random king and pawn endings.")

    def emit(board, kind, n, found):
        move, b, s = found
        print(f'{board.epd()} bm {board.san(move)}; id "{kind} {n}"; c0 "stockfish {b} / second {s}";', flush=True)

    kept = 0
    player = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    for chosen in candidates(rng, player, args.source):
        if kept >= args.tactics:
            break
        for board in chosen:
            quick = judge(engine, board, 10, args.gap)
            if quick is None:
                continue
            shallow = engine.play(board, chess.engine.Limit(depth=1), game=object()).move
            if shallow == quick[0]:
                continue
            found = judge(engine, board, args.depth, args.gap)
            if found is not None and found[0] != shallow and kept < args.tactics:
                kept += 1
                emit(board, "game", kept, found)
    player.quit()
    kept = 0
    while kept < args.endings:
        board = random_pawn_ending(rng)
        quick = judge(engine, board, 14, args.gap)
        if quick is None:
            continue
        found = judge(engine, board, args.depth, args.gap)
        if found is not None:
            kept += 1
            emit(board, "zugzwang" if zugzwang(engine, board, args.depth, found[1], args.gap) else "pawn ending", kept, found)
    kept = 0
    while kept < args.zugzwang:
        board = random_pawn_ending(rng)
        quick = judge(engine, board, 12, args.gap)
        if quick is None or not zugzwang(engine, board, 12, quick[1], args.gap):
            continue
        found = judge(engine, board, args.depth, args.gap)
        if found is not None and zugzwang(engine, board, args.depth, found[1], args.gap):
            kept += 1
            emit(board, "zugzwang", kept, found)
    engine.quit()


if __name__ == "__main__":
    main()
