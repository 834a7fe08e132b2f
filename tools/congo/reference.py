"""Congo's move generation and move execution as `shared/spec/congo.md`
states them, written from the spec alone (it shares no code with
src/congo): an independent check of the full game's pieces, which the
course's data (the reduced game) never moves: monkey, crocodile, elephant.

A board is a dict {(file, rank): letter}, files and ranks from 0.
A move is (from, [landing squares], [jumped squares]).
"""

STEPS = [(a, c) for a in (-1, 0, 1) for c in (-1, 0, 1) if (a, c) != (0, 0)]
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
RIVER = 3


def parse(fen):
    placement, side, number = fen.split(" ")
    board = {}
    for i, row in enumerate(placement.split("/")):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                board[(f, 6 - i)] = ch
                f += 1
    return board, side.lower(), int(number)


def write(board, side, number):
    rows = []
    for r in range(6, -1, -1):
        row, empty = "", 0
        for f in range(7):
            if (f, r) in board:
                row += (str(empty) if empty else "") + board[(f, r)]
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return f"{'/'.join(rows)} {side} {number}"


def name(sq):
    return chr(97 + sq[0]) + str(sq[1] + 1)


def text(move):
    return name(move[0]) + "".join(name(s) for s in move[1])


def on_board(sq):
    return 0 <= sq[0] < 7 and 0 <= sq[1] < 7


def in_castle(sq, white):
    return 2 <= sq[0] <= 4 and (sq[1] <= 2 if white else sq[1] >= 4)


def moves(board, side):
    """Every legal move of `side` ('w' or 'b')."""
    white = side == "w"
    ahead = 1 if white else -1
    ours = lambda sq: sq in board and board[sq].isupper() == white
    theirs = lambda sq: sq in board and board[sq].isupper() != white
    out = []
    for src, letter in board.items():
        if not ours(src):
            continue
        f, r = src
        role = letter.upper()
        to = set()
        add = lambda sq: on_board(sq) and not ours(sq) and to.add(sq)
        add_empty = lambda sq: on_board(sq) and sq not in board and to.add(sq)
        if role == "L":
            for a, c in STEPS:
                if in_castle((f + a, r + c), white):
                    add((f + a, r + c))
            for sq, other in board.items():
                if other != ("l" if white else "L"):
                    continue
                if sq[0] == f:
                    step = 1 if sq[1] > r else -1
                    if all((f, y) not in board for y in range(r + step, sq[1], step)):
                        to.add(sq)
                elif {src, sq} in ({(2, 2), (4, 4)}, {(4, 2), (2, 4)}) and (3, 3) not in board:
                    to.add(sq)
        elif role == "Z":
            for a, c in KNIGHT:
                add((f + a, r + c))
        elif role == "G":
            for a, c in STEPS:
                add_empty((f + a, r + c))
                add((f + 2 * a, r + 2 * c))
        elif role == "E":
            for a, c in [(1, 0), (-1, 0), (0, 1), (0, -1)]:
                add((f + a, r + c))
                add((f + 2 * a, r + 2 * c))
        elif role in "PS":
            for a in (-1, 0, 1):
                add((f + a, r + ahead))
            back = [(0, -ahead)]
            if role == "S":
                add((f - 1, r))
                add((f + 1, r))
                back += [(-1, -ahead), (1, -ahead)]
            if role == "S" or (r > RIVER if white else r < RIVER):
                for a, c in back:
                    for d in (1, 2):
                        sq = (f + a * d, r + c * d)
                        if not on_board(sq) or sq in board:
                            break
                        to.add(sq)
        elif role == "C":
            for a, c in STEPS:
                add((f + a, r + c))
            lines = [(1, 0), (-1, 0)] if r == RIVER else [(0, 1 if r < RIVER else -1)]
            for a, c in lines:
                sq = (f + a, r + c)
                while on_board(sq):
                    if sq in board:
                        add(sq)
                        break
                    to.add(sq)
                    if sq[1] == RIVER and r != RIVER:
                        break
                    sq = (sq[0] + a, sq[1] + c)
        elif role == "M":
            for a, c in STEPS:
                add_empty((f + a, r + c))

            # Jumped pieces stay on the board until the move ends; the
            # monkey's own starting square is empty once it has left.
            def jump(at, jumped, path):
                for a, c in STEPS:
                    over, land = (at[0] + a, at[1] + c), (at[0] + 2 * a, at[1] + 2 * c)
                    if theirs(over) and over not in jumped and on_board(land) and (land not in board or land == src):
                        out.append((src, path + [land], jumped + [over]))
                        if board[over].upper() != "L":
                            jump(land, jumped + [over], path + [land])

            jump(src, [], [])
        out += [(src, [sq], []) for sq in to]
    return out


def play(board, side, number, move):
    """The position after `move` and whether it captured the enemy lion."""
    white = side == "w"
    src, path, jumped = move
    board = dict(board)
    piece = board.pop(src)
    dst = path[-1]
    won = any(board.get(sq) == ("l" if white else "L") for sq in [dst] + jumped)
    in_river = {sq for sq, p in board.items() if sq[1] == RIVER and p.isupper() == white}
    for sq in jumped:
        del board[sq]
    board[dst] = piece
    if piece.upper() == "P" and dst[1] == (6 if white else 0):
        board[dst] = "S" if white else "s"
    # Drowning: the mover's pieces in the river at the start and the end.
    for sq in list(board):
        p = board[sq]
        if p.isupper() == white and sq[1] == RIVER and p.upper() != "C":
            if sq == dst and src[1] == RIVER or sq != dst and sq in in_river:
                del board[sq]
    after = write(board, "b" if white else "w", number + (0 if white else 1))
    return after, won
