"""Builds tests/data/search/suite.txt: positions for the suggested-move
tests and the search benchmark, each with facts proven by prove.py.

Sources:
- lichess: rows of the lichess puzzle database (CC0,
  https://database.lichess.org/#puzzles), positions from real games: the
  puzzle position (after the row's first move) and the position before it
  (where the side to move can still avoid the mate);
- classic: textbook mating patterns set up by hand;
- selfplay: Stockfish games with random moves mixed in (seeded), kept when
  Stockfish's scores point at a short mate or a mate threat, then proven
  exactly here.

Stockfish only finds candidates; every fact written is proven by
prove.Prover. Run from the repository root:

    python3 tools/search/make_suite.py > tests/data/search/suite.txt

Needs python-chess and /usr/games/stockfish; the tests do not.
"""

import random
import sys

import chess
import chess.engine

from prove import Prover, classify

LICHESS = """
008Nz,6k1/2p2ppp/pnp5/B7/2P3PP/1P1bPPR1/r6r/3R2K1 b - - 1 29,d3e2 d1d8
00fgg,4r1k1/p4ppp/8/8/8/8/PP1b1PPP/K2R4 w - - 0 21,d1d2 e8e1 d2d1 e1d1
00JQS,5r1k/pb3Qpp/2p5/5p2/3P4/8/PPP2PPP/4R1K1 b - - 0 21,f8f7 e1e8 f7f8 e8f8
00ohT,6rk/3R3p/4P2r/1p3p2/p7/P1P5/1P3RpK/4Q3 w - - 1 42,h2g1 h6h1
01337,1k1r4/ppp3r1/8/P1b5/4R3/7P/1PP5/R6K b - - 0 25,d8d2 e4e8 d2d8 e8d8
01GC2,3b4/pp2kprp/8/1Bp5/4R3/1P6/P4PPP/1K6 b - - 0 22,e7f8 e4e8
01qIp,5rk1/p5pp/2ppp3/4p2R/4N1q1/5Q2/PPP3P1/1K6 w - - 3 22,f3g4 f8f1 g4d1 f1d1
00dpQ,6k1/5ppp/8/4rP2/1r4P1/2RK3P/8/7B b - - 0 47,b4b5 c3c8 e5e8 c8e8
00JS1,2r5/1p2k1pp/4p3/1N3p2/5P2/P2nP3/1R4PP/6K1 w - - 0 24,b2d2 c8c1 d2d1 c1d1
00o7c,2r3k1/p4ppp/1pb1pq2/1P6/2Q1PP2/6P1/P5BP/2R3K1 b - - 0 24,c6b7 c4c8 b7c8 c1c8 f6d8 c8d8
00Xiu,8/pp3Q1p/1n2B1pk/8/6Pq/7P/PPP2P2/2K5 w - - 10 31,f2f4 h4e1
01Wni,2rn2k1/p2bRppp/8/3B2N1/8/8/P4PPP/R1r3K1 w - - 0 24,a1c1 c8c1 e7e1 c1e1
00wVj,5k2/R4p2/P6p/5p1N/r3p3/2p5/2P1R1P1/2K5 w - - 1 44,h5g3 a4a1
00kQE,1rb3k1/p5pp/1p6/3R4/2B1p3/8/PP3rPP/1K5R b - - 1 26,g8h8 d5d8 f2f8 d8f8
01MPw,3r4/p1k3q1/1p2p2p/2p1n1p1/2P1N3/P2R2Q1/1P3PPP/6K1 w - - 1 29,d3e3 d8d1 e3e1 d1e1
00nS6,r4rk1/5ppp/p1p2b2/3q1b2/8/5N1P/PP2QPP1/R1B1R1K1 b - - 1 19,f8e8 e2e8 a8e8 e1e8
00sHx,q3k1nr/1pp1nQpp/3p4/1P2p3/4P3/B1PP1b2/B5PP/5K2 b k - 0 17,e8d7 a2e6 d7d8 f7f8
"""

CLASSIC = [
    ("fool's mate", "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2"),
    ("scholar's mate", "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"),
    ("back rank", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"),
    ("smothered mate", "r5rk/6pp/7N/8/8/1Q6/6PP/6K1 w - - 0 1"),
    ("smothered mate in two", "r6k/6pp/7N/8/8/1Q6/6PP/6K1 w - - 0 1"),
    ("anastasia's pattern, no mate yet", "5rk1/1b3ppp/8/2N5/8/8/4RPPP/3Q2K1 w - - 0 1"),
    ("arabian mate", "7k/8/5N2/8/8/8/8/K5R1 w - - 0 1"),
    ("two rooks ladder", "6k1/8/8/8/8/8/R7/1R4K1 w - - 0 1"),
    ("queen and king", "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1"),
    ("rook and king", "4k3/8/4K3/8/8/8/8/7R w - - 0 1"),
    ("king and queen far", "k7/8/8/8/8/8/8/3QK3 w - - 0 1"),
    ("stalemate trap", "7k/5Q2/8/8/8/8/8/6K1 w - - 0 1"),
    ("promotion race", "8/5P1k/8/6K1/8/8/8/8 w - - 0 1"),
    ("en passant available", "8/8/8/2k5/3Pp3/8/1Q6/4K3 b - d3 0 1"),
    ("castling gives check", "8/8/8/8/8/8/8/R3K2k w Q - 0 1"),
    ("back rank threat", "6k1/5ppp/8/8/8/8/r4PPP/1R4K1 w - - 0 1"),
    ("mate threat on g7", "r4rk1/ppp2ppp/2n5/3q4/8/2BB4/PPP2PPP/R2Q1RK1 b - - 0 1"),
]


# The slowest positions of a hunt over 1,200 random playouts (from the
# start and from queen-heavy starts): many checks on both sides.
STRESS = [
    "r1br2k1/3p1ppp/p1nb3n/PNpp4/6q1/4BN2/RPPKPP2/2Q2B1R w - - 0 20",
    "8/q3pk2/7q/1Q6/3QP3/8/1q1P1K2/8 w - - 7 15",
    "2r1k1qr/pp1p2pp/4p3/8/2Q5/4Q3/PP1PP1PP/R3K1R1 b - - 2 4",
    "1r2k2r/pp1p4/7p/4p1p1/3PP1PP/1Q3q2/1P1K4/q6R w - - 0 18",
    "1q6/3k4/2q1p2q/Q7/8/8/4PKQ1/8 b - - 3 19",
    "1nbq3r/2pp1k2/6p1/1p3p1p/r2PQbnP/BP3P2/3NP2R/R3KBN1 w - - 1 17",
    "8/3p1k2/1Q2p3/Q7/Q3q3/8/3PPK2/2q5 w - - 23 18",
]


def fen_of(board):
    return board.fen(en_passant="legal")


def facts(board, prover, per_move=True):
    own, threat, replies = classify(board, prover, per_move)
    fields = {"own": own, "threat": threat}
    if replies is not None:
        allowed = [n for n in replies.values() if n is not None]
        fields["safe"] = sum(1 for n in replies.values() if n is None)
        fields["delay"] = max(allowed) if fields["safe"] == 0 else None
    return fields


def kind(f, board):
    if f["own"] is not None:
        return "mate%d" % f["own"]
    if "safe" not in f:
        return "threat" if f["threat"] else "quiet"
    if f["safe"] == 0:
        return "lost"
    if (f["threat"] or board.is_check()) and f["safe"] <= 2:
        return "defend"
    return "threat" if f["threat"] else "quiet"


def line(board, f, source):
    show = lambda v: "-" if v is None else str(v)
    cols = [fen_of(board), kind(f, board), "own " + show(f["own"]), "threat " + show(f["threat"])]
    cols.append("safe " + show(f.get("safe")))
    cols.append("delay " + show(f.get("delay")))
    cols.append(source)
    return " | ".join(cols)


def selfplay(engine, rng, games, out, want):
    """Stockfish games with random moves; keeps positions Stockfish flags."""
    counts = {k: 0 for k in want}
    for g in range(games):
        if all(counts[k] >= want[k] for k in want):
            break
        board = chess.Board()
        for ply in range(160):
            if board.is_game_over():
                break
            if ply >= 12:
                yield_kind = probe(engine, board)
                if yield_kind and counts.get(yield_kind, 0) < want.get(yield_kind, 0):
                    prover = Prover()
                    f = facts(board, prover, per_move=yield_kind != "quiet")
                    k = kind(f, board)
                    if counts.get(k, 99) < want.get(k, 0):
                        counts[k] += 1
                        out.append(line(board, f, "selfplay game %d ply %d" % (g, ply)))
                        print(k, counts, file=sys.stderr, flush=True)
            moves = list(board.legal_moves)
            if rng.random() < 0.3:
                m = rng.choice(moves)
            else:
                m = engine.play(board, chess.engine.Limit(depth=rng.randint(1, 5))).move
            board.push(m)


def probe(engine, board):
    """What Stockfish's scores suggest this position is (None: skip)."""
    info = engine.analyse(board, chess.engine.Limit(depth=9))
    score = info["score"].pov(board.turn)
    if score.is_mate():
        n = score.mate()
        if 0 < n <= 3:
            return "mate%d" % n
        if -3 <= n < 0:
            return "lost"
        return None
    if board.is_check():
        return None
    nb = board.copy(stack=False)
    nb.turn = not nb.turn
    nb.ep_square = None
    if not nb.is_valid():
        return None
    threat = engine.analyse(nb, chess.engine.Limit(depth=7))["score"].pov(nb.turn)
    if threat.is_mate() and 0 < threat.mate() <= 3:
        return "defend"
    if abs(score.score()) < 300 and len(list(board.legal_moves)) > 25:
        return "quiet"
    return None


def main():
    out = []
    for row in LICHESS.strip().splitlines():
        pid, fen, moves = row.split(",")
        board = chess.Board(fen)
        out.append(line(board, facts(board, Prover()), "lichess puzzle %s, before its first move" % pid))
        board.push_uci(moves.split()[0])
        out.append(line(board, facts(board, Prover(), per_move=False), "lichess puzzle %s" % pid))
    # The mate positions of the puzzles with the other side to move: it has
    # to stop the mate in two or three that its opponent would have.
    for row in LICHESS.strip().splitlines():
        pid, fen, moves = row.split(",")
        board = chess.Board(fen)
        board.push_uci(moves.split()[0])
        if board.is_check():
            continue
        board.turn = not board.turn
        board.ep_square = None
        if not board.is_valid() or not board.legal_moves:
            continue
        out.append(line(board, facts(board, Prover()), "lichess puzzle %s, the other side to move" % pid))
    for name, fen in CLASSIC:
        board = chess.Board(fen)
        assert board.is_valid(), name
        out.append(line(board, facts(board, Prover()), "classic: " + name))
    for fen in STRESS:
        board = chess.Board(fen)
        out.append(line(board, facts(board, Prover(), per_move=False), "stress: random playout, many checks"))
    rng = random.Random(20240601)
    engine = chess.engine.SimpleEngine.popen_uci("/usr/games/stockfish")
    engine.configure({"Threads": 1, "Hash": 16})
    want = {"mate1": 6, "mate2": 8, "mate3": 10, "lost": 6, "defend": 12, "quiet": 10}
    try:
        selfplay(engine, rng, 400, out, want)
    finally:
        engine.quit()
    print("# The suggested-move suite: FEN | kind | own N (our fastest mate) |")
    print("# threat N (the opponent's fastest mate if we could pass) | safe K (moves")
    print("# after which the opponent has no mate in <= 3) | delay N (when every")
    print("# move allows mate: the longest delay) | source. '-' = none or not")
    print("# computed. Every number proven by tools/search/prove.py; generated by")
    print("# tools/search/make_suite.py (lichess rows: CC0 lichess puzzle database).")
    for l in out:
        print(l)


if __name__ == "__main__":
    main()
