"""Audits the suggested move's mates and the report's mate facts against
Stockfish (python-chess only generates positions and, on a disagreement,
settles it with an exact AND-OR search).

    cargo build --release --example mate_audit
    python3 tools/search/audit_mates.py SEED OUT.tsv [SCALE [sparse|rare]]

Positions come from games played at random with a bias toward checks,
captures and promotions, from Stockfish self-play at low depth with a
random pick among its best moves, and from random sparse positions kept for
their special moves (promotions, underpromotions, en passant, castling,
stalemating moves, checks). Every position gets a class from Stockfish
(mate1..mate5, check-heavy, in check, quiet) and is checked:

- suggest: Stockfish's mate in K <= 3 must be ours with mate_in == K and a
  first move Stockfish confirms mates in K; no Mate reason otherwise; the
  other reasons' mate_in checked too (AvoidsMate: the threat, OnlyMoves:
  the mate allowed; Strategy/AvoidsMate: no mate in <= 3 after the move);
- report: for a few moves in each position (the game's, a random one,
  Stockfish's best), every fact said is checked, and a missed mate or an
  allowed mate Stockfish sees must be said.

Writes OUT (FEN, class, findings) and prints a summary with timings.
"""

import random
import statistics
import subprocess
import sys
import threading
import time

import logging

import chess
import chess.engine

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from prove import Prover  # noqa: E402

logging.getLogger("chess.engine").setLevel(logging.ERROR)

SF = "/usr/games/stockfish"
HARNESS = "target/release/examples/mate_audit"
DEPTH = 14


class Ours:
    def __init__(self):
        self.p = subprocess.Popen([HARNESS], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        return self.p.stdout.readline().rstrip("\n").split("\t")

    def suggest(self, fen):
        best, reason, n, us = self.ask("S " + fen)
        return best, reason, int(n), int(us)

    def ply(self, fen, uci):
        out = self.ask(f"P {fen} {uci}")
        facts = [f.split() for f in out[1].split(";")] if len(out) > 1 and out[1] else []
        return out[0], facts


class Oracle:
    def __init__(self):
        self.e = chess.engine.SimpleEngine.popen_uci(SF)
        self.e.configure({"Threads": 1, "Hash": 16})
        self.cache = {}

    def mate(self, board, depth=DEPTH):
        """Stockfish's mate for the side to move: K > 0 it mates in K, K < 0
        it is mated in -K (0: checkmated now), None: no mate seen."""
        if board.is_checkmate():
            return 0
        if board.is_stalemate():
            return None
        key = (board.fen(), depth)
        if key not in self.cache:
            info = self.e.analyse(board, chess.engine.Limit(depth=depth), game=object())
            s = info["score"].relative
            self.cache[key] = s.mate() if s.is_mate() else None
        return self.cache[key]

    def best(self, board):
        return self.e.play(board, chess.engine.Limit(depth=8)).move

    def time_mate(self, board, k):
        """Wall time (s) of `go mate k` and the mate found."""
        t = time.perf_counter()
        info = self.e.analyse(board, chess.engine.Limit(mate=k, time=3), game=object())
        dt = time.perf_counter() - t
        s = info["score"].relative
        return dt, info.get("time"), (s.mate() if s.is_mate() else None)


# ---- exact prover, only for disagreements ----


class TooBig(Exception):
    pass


class BoundedProver(Prover):
    """prove.py's exact search, giving up (TooBig) past 400,000 memo entries."""

    def key(self, board, role, n):
        if len(self.memo) > 400_000:
            raise TooBig
        return super().key(board, role, n)


def defend(board, n):
    """Mated now or within n - 1 more moves of the attacker (may raise TooBig)."""
    return BoundedProver().defend(board, n)


def exact(board, n=3):
    """The fastest mate in <= n (None: none), or "?" when too big to prove."""
    try:
        return BoundedProver().shortest(board, n)
    except TooBig:
        return "?"


def mate_after(board, move):
    """Exact: the opponent's fastest mate in <= 3 after `move`."""
    b = board.copy()
    b.push(move)
    return exact(b, 3)


def exact_mated_within(board, j):
    """Exact: the side to move is mated now or within j more enemy moves."""
    if board.is_checkmate():
        return True
    if j == 0:
        return False
    try:
        return defend(board.copy(), j + 1)
    except TooBig:
        return "?"


# ---- generators ----


def weighted_move(board, rng):
    moves = list(board.legal_moves)
    w = []
    for m in moves:
        x = 1.0
        if board.gives_check(m):
            x += 6
        if board.is_capture(m):
            x += 4
        if m.promotion:
            x += 8
        w.append(x)
    return rng.choices(moves, w)[0]


def random_games(rng, games):
    for g in range(games):
        b = chess.Board()
        plies = rng.randint(20, 120)
        trail = []
        for _ in range(plies):
            if b.is_game_over():
                break
            b.push(weighted_move(b, rng))
            trail.append(b.copy())
        for pos in trail[10:][-12:]:
            yield pos, f"random game {g}"


def selfplay_games(rng, oracle, games):
    for g in range(games):
        b = chess.Board()
        for _ in range(rng.randint(0, 6)):
            b.push(rng.choice(list(b.legal_moves)))
        trail = []
        while not b.is_game_over() and b.ply() < 160:
            infos = oracle.e.analyse(b, chess.engine.Limit(depth=rng.randint(2, 5)), multipv=3, game=object())
            pick = rng.choice(infos)["pv"][0]
            b.push(pick)
            trail.append(b.copy())
        for pos in trail[-14:]:
            yield pos, f"selfplay {g}"


PIECES = "QRBNP"


def sparse_position(rng):
    """Kings, a few pieces, pawns often near promotion, sometimes castling
    rights or an en passant square that can be taken."""
    for _ in range(200):
        b = chess.Board(None)
        castle = rng.random() < 0.3
        squares = list(chess.SQUARES)
        rng.shuffle(squares)
        if castle:
            b.set_piece_at(chess.E1, chess.Piece(chess.KING, chess.WHITE))
            b.set_piece_at(chess.H1 if rng.random() < 0.5 else chess.A1, chess.Piece(chess.ROOK, chess.WHITE))
            if rng.random() < 0.5:
                b.set_piece_at(chess.E8, chess.Piece(chess.KING, chess.BLACK))
                b.set_piece_at(chess.H8 if rng.random() < 0.5 else chess.A8, chess.Piece(chess.ROOK, chess.BLACK))
        for color in (chess.WHITE, chess.BLACK):
            if not b.king(color):
                sq = next(s for s in squares if b.piece_at(s) is None)
                b.set_piece_at(sq, chess.Piece(chess.KING, color))
            for _ in range(rng.randint(1, 4)):
                kind = rng.choice(PIECES + "PP")
                sq = rng.choice(squares)
                if b.piece_at(sq):
                    continue
                if kind == "P":
                    rank = chess.square_rank(sq)
                    if rank in (0, 7):
                        continue
                    if rng.random() < 0.5:  # near promotion
                        sq = chess.square(chess.square_file(sq), 6 if color else 1)
                        if b.piece_at(sq):
                            continue
                b.set_piece_at(sq, chess.Piece(chess.Piece.from_symbol(kind).piece_type, color))
        b.turn = rng.random() < 0.5
        b.castling_rights = chess.BB_CORNERS if castle else 0
        b.castling_rights = b.clean_castling_rights()
        # en passant: the side not to move has just made a double step
        # beside a pawn of the side to move
        if rng.random() < 0.35:
            f = rng.randrange(8)
            g = f + rng.choice((-1, 1))
            if 0 <= g < 8:
                us = b.turn
                rank = 4 if us == chess.WHITE else 3
                step = 1 if us == chess.WHITE else -1
                theirs, ours_sq = chess.square(f, rank), chess.square(g, rank)
                ep, start = chess.square(f, rank + step), chess.square(f, rank + 2 * step)
                if all(b.piece_at(x) is None for x in (theirs, ours_sq, ep, start)):
                    b.set_piece_at(theirs, chess.Piece(chess.PAWN, not us))
                    b.set_piece_at(ours_sq, chess.Piece(chess.PAWN, us))
                    b.ep_square = ep
                    if not b.has_legal_en_passant():
                        b.ep_square = None
        if b.is_valid() and not b.is_game_over():
            return b
    return None


def special_kind(board, move):
    if move.promotion and move.promotion != chess.QUEEN:
        return "underpromotion"
    if move.promotion:
        return "promotion"
    if board.is_en_passant(move):
        return "en passant"
    if board.is_castling(move):
        return "castling"
    return None


def sparse_positions(rng, oracle, wanted, in_check=True, rare=False):
    """Sparse positions whose Stockfish mate (<= 3) starts with a special
    move, or that have a stalemating move, or are in check."""
    n = 0
    tries = 0
    while n < wanted and tries < wanted * 60:
        tries += 1
        b = sparse_position(rng)
        if b is None:
            continue
        stalemating = any(_stalemates(b, m) for m in b.legal_moves)
        special_moves = [m for m in b.legal_moves if special_kind(b, m) not in (None, "promotion" if rare else None)]
        if not (stalemating or special_moves or b.is_check()):
            continue
        k = oracle.mate(b, 10)
        if stalemating and not rare and (k is not None and 0 < k <= 4 or in_check and rng.random() < 0.2):
            n += 1
            yield b, "sparse stalemate trap"
            continue
        if special_moves and k is not None and 0 < k <= 3:
            for m in special_moves:
                b.push(m)
                km = oracle.mate(b, 10)
                b.pop()
                if km is not None and km == -(k - 1):
                    n += 1
                    yield b, f"sparse {special_kind(b, m)} mate"
                    break
            continue
        if in_check and b.is_check() and rng.random() < 0.3:
            n += 1
            yield b, "sparse in check"


def _stalemates(b, m):
    b.push(m)
    s = b.is_stalemate()
    b.pop()
    return s


# ---- the checks ----


def classify(board, k):
    if k is not None and 0 < k <= 5:
        return f"mate{k}"
    if k is not None and k < 0:
        return "mated"
    if board.is_check():
        return "in check"
    checks = sum(1 for m in board.legal_moves if board.gives_check(m))
    if checks >= 3:
        return "many checks"
    return "quiet"


def mates_in(oracle, board, move, k):
    """Stockfish (else the exact search) confirms that `move` mates in k."""
    board.push(move)
    after = oracle.mate(board)
    try:
        ok = after == -(k - 1) or defend(board.copy(), k)
    except TooBig:
        ok = False
    board.pop()
    return ok


def short(k):
    return k if k is not None and k != "?" and 0 < k <= 3 else None


class Stats:
    def __init__(self):
        self.sf_wrong = []  # Stockfish at depth 14 disagreed, the exact search sided with us
        self.unresolved = []


def settle(stats, fen, what, ours, sf, exact_value):
    """A disagreement between us and Stockfish: the exact search decides."""
    if exact_value == "?":
        stats.unresolved.append((fen, what, ours, sf))
        return True
    if exact_value == ours:
        stats.sf_wrong.append((fen, what, ours, sf))
        return True
    return False


def check_suggest(ours, oracle, board, findings, stats):
    fen = board.fen()
    best, reason, n, us = ours.suggest(fen)
    k = oracle.mate(board)
    res = {"best": best, "reason": reason, "n": n, "us": us, "sf": k}
    if reason == "None":
        return res
    move = chess.Move.from_uci(best)
    if move not in board.legal_moves:
        findings.append((fen, f"suggest {best} is illegal"))
        return res
    ours_mate = n if reason == "Mate" else None
    if ours_mate != short(k):
        e = exact(board.copy(), 3)
        res["exact"] = e
        if not settle(stats, fen, "own mate", ours_mate, k, e):
            findings.append((fen, f"suggest said {reason} {n} ({best}); Stockfish mate {k}; exact {e}"))
            return res
    if reason == "Mate":
        if not mates_in(oracle, board, move, n):
            findings.append((fen, f"suggest {best} does not mate in {n}"))
        return res
    # The opponent's mate after our move.
    board.push(move)
    after = oracle.mate(board)
    board.pop()
    expected = n if reason == "OnlyMoves" else None
    if short(after) != expected:
        e = mate_after(board, move)
        if not settle(stats, fen, f"mate after {best}", expected, after, e):
            findings.append((fen, f"suggest {best} ({reason} {n}): the opponent mates after it in {e} (Stockfish {after})"))
    if not board.is_check() and reason in ("AvoidsMate", "Strategy"):
        passed = board.copy()
        passed.push(chess.Move.null())
        t = oracle.mate(passed)
        expected = n if reason == "AvoidsMate" else None
        if short(t) != expected:
            e = exact(passed, 3)
            if not settle(stats, fen, "threat", expected, t, e):
                findings.append((fen, f"suggest {reason} {n}: the threat after a pass is {e} (Stockfish {t})"))
    return res


def facts_by(board, move, own, after_mated_within, opp, escapes):
    """The facts the README defines, from the given mate oracle answers."""
    facts = set()
    if own is not None and not after_mated_within(own - 1):
        facts.add(("missed", own))
    if opp is not None and escapes(opp):
        facts.add(("allows", opp))
    return facts


def check_eval(oracle, fen, move, after_board, eval_, after, findings, stats):
    """EVAL: `#N` / `#-N` (White's view) exactly when the side to move has a
    mate in <= 3, or failing that is mated in <= 3."""
    white = 1 if after_board.turn == chess.WHITE else -1
    ours = int(eval_[1:]) if eval_.startswith("#") else None
    sf = after * white if after is not None and after != 0 and abs(after) <= 3 else None
    if after_board.is_game_over():
        if eval_ != "over":
            findings.append((fen, f"report {move.uci()}: eval {eval_} once the game is over"))
        return
    if ours == sf:
        return
    own = exact(after_board.copy(), 3)
    truth = own * white if isinstance(own, int) else None
    if own is None:
        for j in range(1, 4):
            r = exact_mated_within(after_board, j)
            if r == "?":
                own = "?"
                break
            if r:
                truth = -j * white
                break
    if own == "?":
        stats.unresolved.append((fen, f"eval after {move.uci()}", ours, sf))
    elif truth == ours:
        stats.sf_wrong.append((fen, f"eval after {move.uci()}", ours, sf))
    else:
        findings.append((fen, f"report {move.uci()}: eval {eval_}, exact {truth} (Stockfish {sf})"))


def check_ply(ours, oracle, board, move, findings, stats, tally):
    """The report's facts for `move` played in `board`."""
    fen = board.fen()
    eval_, said = ours.ply(fen, move.uci())
    tally["plies"] += 1
    after_board = board.copy()
    after_board.push(move)
    k = oracle.mate(board)
    after = oracle.mate(after_board)

    def sf_escapes(n):
        for m in board.legal_moves:
            if m != move:
                b2 = board.copy()
                b2.push(m)
                km = oracle.mate(b2, 10)
                if not (km is not None and 0 < km <= n):
                    return True
        return False

    expected = facts_by(
        board, move, short(k), lambda j: after is not None and after <= 0 and -after <= j, short(after), sf_escapes
    )
    check_eval(oracle, fen, move, after_board, eval_, after, findings, stats)
    got = {(f[0], int(f[1])) for f in said}
    for f in said:
        tally[f[0] + " said"] += 1
    # Each first move the report names must do what it says (Stockfish or exact).
    for f in said:
        if f[0] == "missed" and not mates_in(oracle, board, chess.Move.from_uci(f[2]), int(f[1])):
            findings.append((fen, f"report {move.uci()}: missed mate {f[2]} does not mate in {f[1]}"))
        if f[0] == "allows":
            if not mates_in(oracle, after_board, chess.Move.from_uci(f[2]), int(f[1])):
                findings.append((fen, f"report {move.uci()}: allows mate reply {f[2]} does not mate in {f[1]}"))
            b2 = board.copy()
            b2.push(chess.Move.from_uci(f[3]))
            kb = short(oracle.mate(b2))
            if kb is not None and kb <= int(f[1]) and short(exact(b2, 3)) is not None:
                findings.append((fen, f"report {move.uci()}: 'better' {f[3]} also allows mate in <= {f[1]}"))
    if got == expected:
        return
    # Stockfish and we disagree: the exact search decides.
    try:
        own_e = exact(board.copy(), 3)
        opp_e = exact(after_board.copy(), 3)
        if "?" in (own_e, opp_e):
            raise TooBig

        def exact_escapes(n):
            for m in board.legal_moves:
                if m != move:
                    e = mate_after(board, m)
                    if e == "?":
                        raise TooBig
                    if e is None or e > n:
                        return True
            return False

        def mated(j):
            r = exact_mated_within(after_board, j)
            if r == "?":
                raise TooBig
            return r

        truth = facts_by(board, move, own_e, mated, opp_e, exact_escapes)
    except TooBig:
        stats.unresolved.append((fen, f"report {move.uci()}", got, expected))
        return
    if got == truth:
        stats.sf_wrong.append((fen, f"report {move.uci()}", got, expected))
    else:
        findings.append((fen, f"report {move.uci()}: said {sorted(got)}, exact {sorted(truth)} (Stockfish {sorted(expected)})"))


def uci_go_mate(sf, fen, k):
    """Stockfish's own time from `go mate k` to `bestmove` (raw UCI, after
    ucinewgame and isready), and the mate it reported."""
    sf.stdin.write(f"ucinewgame\nposition fen {fen}\nisready\n")
    sf.stdin.flush()
    while sf.stdout.readline().strip() != "readyok":
        pass
    t = time.perf_counter()
    sf.stdin.write(f"go mate {k}\n")
    sf.stdin.flush()
    # Stockfish may never prove a mate it misses: stopped after 5 s.
    timer = threading.Timer(5, lambda: (sf.stdin.write("stop\n"), sf.stdin.flush()))
    timer.start()
    mate = None
    while True:
        text = sf.stdout.readline()
        if " score mate " in text:
            mate = int(text.split(" score mate ")[1].split()[0])
        if text.startswith("bestmove"):
            timer.cancel()
            return time.perf_counter() - t, mate


def timing(tsv):
    """Best of 3: our suggest (native, through the harness) and Stockfish's
    `go mate 3` on the positions where we report a mate (rows of TSV)."""
    ours = Ours()
    sf = subprocess.Popen([SF], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    sf.stdin.write("uci\nsetoption name Threads value 1\nsetoption name Hash value 16\n")
    by_n = {}
    for row in open(tsv):
        fen, cls, said = row.split("\t")[:3]
        reason, n, _ = said.split()
        if reason != "Mate":
            continue
        a = min(ours.suggest(fen)[3] for _ in range(3)) / 1e6
        runs = [uci_go_mate(sf, fen, 3) for _ in range(3)]
        b = min(t for t, _ in runs)
        found = runs[0][1]
        by_n.setdefault(int(n), []).append((a, b, found, fen))
    for n in sorted(by_n):
        rows = by_n[n]
        a = [x[0] for x in rows]
        b = [x[1] for x in rows]
        r = [x[0] / x[1] for x in rows]
        wrong = [(x[3], x[2]) for x in rows if x[2] != n]
        print(f"mate in {n}: {len(rows)} positions; ours median {statistics.median(a) * 1e3:.3f} ms max {max(a) * 1e3:.3f} ms;"
              f" stockfish go mate 3 median {statistics.median(b) * 1e3:.3f} ms max {max(b) * 1e3:.3f} ms;"
              f" ratio median {statistics.median(r):.3f} max {max(r):.3f}; stockfish reported another length: {wrong}")
    sf.stdin.write("quit\n")
    sf.stdin.flush()


def main():
    if sys.argv[1] == "--time":
        timing(sys.argv[2])
        return
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    out_path = sys.argv[2] if len(sys.argv) > 2 else "/tmp/mate_audit.tsv"
    scale = float(sys.argv[3]) if len(sys.argv) > 3 else 1.0
    mode = sys.argv[4] if len(sys.argv) > 4 else "all"
    rng = random.Random(seed)
    oracle = Oracle()
    ours = Ours()
    findings = []
    stats = Stats()
    go_mate_missed = []
    tally = {"plies": 0, "missed said": 0, "allows said": 0}
    counts = {}
    times = {}
    sf_ratio = []
    rows = []
    seen = set()

    def sources():
        if mode == "rare":
            yield from sparse_positions(rng, oracle, int(60 * scale), in_check=False, rare=True)
            return
        if mode == "sparse":
            yield from sparse_positions(rng, oracle, int(150 * scale), in_check=False)
            return
        yield from sparse_positions(rng, oracle, int(120 * scale))
        yield from random_games(rng, int(60 * scale))
        yield from selfplay_games(rng, oracle, int(25 * scale))

    for board, source in sources():
        board.halfmove_clock = 0
        fen = board.fen()
        if board.is_game_over() or fen in seen:
            continue
        k = oracle.mate(board, 10)
        cls = classify(board, k)
        # Keep all mating/interesting ones, a sample of quiet ones.
        if cls == "quiet" and rng.random() < 0.6:
            continue
        seen.add(fen)
        n_find = len(findings)
        res = check_suggest(ours, oracle, board, findings, stats)
        k = res["sf"]
        if "exact" in res and res["exact"] != "?":
            k = res["exact"] or (None if short(k) else k)
        cls = classify(board, k)
        if "sparse" in source:
            cls = cls + " / " + source.replace("sparse ", "")
        counts[cls] = counts.get(cls, 0) + 1
        times.setdefault(cls.split(" / ")[0], []).append(res["us"])
        if res["reason"] == "Mate":
            dt, sftime, found = oracle.time_mate(board, 3)
            if found != res["n"]:
                go_mate_missed.append((fen, res["n"], found, dt))
            sf_ratio.append((res["us"] / 1e6, dt, fen))
        # the report, on a few moves
        moves = list(board.legal_moves)
        picks = {rng.choice(moves), oracle.best(board)}
        if res["best"] != "-":
            picks.add(chess.Move.from_uci(res["best"]))
        for m in picks:
            check_ply(ours, oracle, board, m, findings, stats, tally)
        rows.append(f"{fen}\t{cls}\t{res['reason']} {res['n']} {res['best']}\t{res['us']}\t{len(findings) - n_find}")
        if len(rows) % 25 == 0:
            print(f"{len(rows)} positions, {len(findings)} findings", file=sys.stderr, flush=True)

    with open(out_path, "w") as f:
        f.write("\n".join(rows) + "\n")
    print("positions by class:")
    for c in sorted(counts):
        print(f"  {c}: {counts[c]}")
    print("report plies:", tally)
    print("our suggest time (ms) by class: median / max")
    for c in sorted(times):
        t = times[c]
        print(f"  {c}: {statistics.median(t) / 1000:.2f} / {max(t) / 1000:.2f}  (n={len(t)})")
    if sf_ratio:
        ours_t = [a for a, _, _ in sf_ratio]
        sf_t = [b for _, b, _ in sf_ratio]
        ratio = [a / b for a, b, _ in sf_ratio]
        print(f"mate<=3 positions timed: {len(sf_ratio)}")
        print(f"  ours median {statistics.median(ours_t) * 1000:.2f} ms max {max(ours_t) * 1000:.2f} ms")
        print(f"  stockfish go mate 3 median {statistics.median(sf_t) * 1000:.2f} ms max {max(sf_t) * 1000:.2f} ms")
        print(f"  ratio ours/stockfish median {statistics.median(ratio):.3f} max {max(ratio):.3f}")
        worst = max(sf_ratio, key=lambda x: x[0])
        print(f"  'go mate 3' (3 s cap) did not report the same mate: {len(go_mate_missed)}: {go_mate_missed}")
        print(f"  our slowest: {worst[0] * 1000:.1f} ms (stockfish {worst[1] * 1000:.1f} ms): {worst[2]}")
    print(f"Stockfish depth {DEPTH} wrong, exact search agreeing with us: {len(stats.sf_wrong)}")
    for x in stats.sf_wrong:
        print("   ", x)
    print(f"unresolved (too big for the exact search): {len(stats.unresolved)}")
    for x in stats.unresolved:
        print("   ", x)
    print(f"findings: {len(findings)}")
    for fen, text in findings:
        print(f"  {fen}: {text}")
    oracle.e.quit()


if __name__ == "__main__":
    main()
