"""An independent reading of shared/spec/course-notation.md, on python-chess.

It shares no code or structure with the Rust analyser: the grammar is the
finite set of every valid move string (a prefix set decides where a token
stops being readable), candidates come from python-chess's attack sets, and
legality from python-chess's move generator. Used by `generate.py` to
make the expected outputs in tests/data/course-generated.tsv.
"""
import chess

FILES = "abcdefgh"
RANKS = "12345678"
SQUARES = [f + r for r in RANKS for f in FILES]
KINDS = "KQRBN"
PROMOS = {"Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT, "K": chess.KNIGHT}
ROLE_OF = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT}
NAMES = {chess.PAWN: "pawn", chess.KNIGHT: "knight", chess.BISHOP: "bishop", chess.ROOK: "rook",
         chess.QUEEN: "queen", chess.KING: "king"}


def all_moves():
    moves = set()
    for letter in "O0":
        moves.add(f"{letter}-{letter}")
        moves.add(f"{letter}-{letter}-{letter}")
    for sq in SQUARES:
        for promo in [""] + ["=" + p for p in PROMOS]:
            moves.add(sq + promo)
            for f in FILES:
                moves.add(f + "x" + sq + promo)
        for kind in KINDS:
            for hf in [""] + list(FILES):
                for hr in [""] + list(RANKS):
                    for x in ["", "x"]:
                        moves.add(kind + hf + hr + x + sq)
    return moves


MOVES = all_moves()
PREFIXES = {m[:i] for m in MOVES for i in range(len(m) + 1)}


def shown(c):
    if c is None:
        return "\\n"
    if c == "\t":
        return "\\t"
    return c


def read_token(line, start):
    """(token, end) or ('error', char): the first character that cannot continue."""
    i = start
    token = ""
    while i < len(line) and line[i] not in " \t":
        if token + line[i] not in PREFIXES:
            return None, line[i]
        token += line[i]
        i += 1
    if token not in MOVES:
        return None, (line[i] if i < len(line) else None)
    return token, i


def describe(token):
    """Split a valid token: ('castle', side) or (role, file, rank, capture, target, promo)."""
    if token[0] in "O0":
        return ("castle", "king" if len(token) == 3 else "queen")
    if token[0] in FILES:
        promo = None
        if "=" in token:
            token, p = token.split("=")
            promo = PROMOS[p]
        if "x" in token:
            f, target = token.split("x")
            return (chess.PAWN, f, None, True, target, promo)
        return (chess.PAWN, None, None, False, token, promo)
    kind = ROLE_OF[token[0]]
    body = token[1:]
    target = body[-2:]
    rest = body[:-2]
    capture = rest.endswith("x")
    rest = rest.rstrip("x")
    hf = rest[0] if rest and rest[0] in FILES else None
    hr = rest[-1] if rest and rest[-1] in RANKS else None
    return (kind, hf, hr, capture, target, None)


def candidates(board, role, hf, hr, capture, target):
    us = board.turn
    t = chess.parse_square(target)
    found = []
    if role == chess.PAWN:
        step = 8 if us == chess.WHITE else -8
        if capture:
            if board.color_at(t) == (not us) or board.ep_square == t:
                for sq in board.pieces(chess.PAWN, us):
                    if chess.square_file(sq) == FILES.index(hf) and t in board.attacks(sq):
                        found.append(sq)
        elif board.piece_at(t) is None:
            one = t - step
            if 0 <= one < 64 and board.piece_at(one) == chess.Piece(chess.PAWN, us):
                found.append(one)
            elif 0 <= one < 64 and board.piece_at(one) is None:
                two = t - 2 * step
                start_rank = 1 if us == chess.WHITE else 6
                if 0 <= two < 64 and chess.square_rank(two) == start_rank and board.piece_at(two) == chess.Piece(chess.PAWN, us):
                    found.append(two)
        return found
    if board.color_at(t) == us:
        return []
    for sq in board.pieces(role, us):
        if hf and chess.square_file(sq) != FILES.index(hf):
            continue
        if hr and chess.square_rank(sq) != RANKS.index(hr):
            continue
        if t in board.attacks(sq):
            found.append(sq)
    return found


def analyze(text):
    line = text.split("\n")[0].split("\r")[0]
    board = chess.Board()
    i = 0
    over = False
    while True:
        while i < len(line) and line[i] in " \t":
            i += 1
        if i >= len(line):
            break
        token, end = read_token(line, i)
        if token is None:
            return f"parse error at character '{shown(end)}'"
        i = end
        us = board.turn
        player = "white" if us == chess.WHITE else "black"
        d = describe(token)
        if d[0] == "castle":
            rank = "1" if us == chess.WHITE else "8"
            frm, to = "e" + rank, ("g" if d[1] == "king" else "c") + rank
            move = chess.Move(chess.parse_square(frm), chess.parse_square(to))
            if over or not (board.piece_type_at(move.from_square) == chess.KING and board.is_castling(move) and board.is_legal(move)):
                return f"illegal move: {player} king from {frm} to {to}"
            board.push(move)
        else:
            role, hf, hr, capture, target, promo = d
            found = candidates(board, role, hf, hr, capture, target)
            if len(found) != 1:
                return f"move completion error: {player} {NAMES[role]} to {target}"
            frm = found[0]
            t = chess.parse_square(target)
            message = f"illegal move: {player} {NAMES[role]} from {chess.square_name(frm)} to {target}"
            if over:
                return message
            takes = board.color_at(t) == (not us) or (role == chess.PAWN and capture and board.ep_square == t)
            if capture != takes:
                return message
            last = chess.square_rank(t) == (7 if us == chess.WHITE else 0)
            if (role == chess.PAWN and last) != (promo is not None):
                return message
            move = chess.Move(frm, t, promotion=promo)
            if not board.is_legal(move):
                return message
            board.push(move)
        over = board.is_checkmate() or board.is_stalemate()
    if board.is_checkmate():
        return ("black" if board.turn == chess.WHITE else "white") + " wins by checkmate"
    if board.is_stalemate():
        return "draw by stalemate"
    return "game incomplete"
