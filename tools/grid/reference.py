"""The grid chess problems (`shared/spec/grid-problems.md`) written from
the spec alone, sharing no code with src/grid: the answer to problems 1
to 4 on a board of any size. A board is a list of row strings, top row
first; (r, c) indexes it.
"""


def reach(board, r, c):
    """The squares the piece on (r, c) could move to (pattern moves)."""
    rows, cols = len(board), len(board[0])
    piece = board[r][c]
    white = piece.isupper()
    inside = lambda a, b: 0 <= a < rows and 0 <= b < cols
    enemy = lambda a, b: board[a][b] != "." and board[a][b].isupper() != white
    kind = piece.lower()
    out = []
    if kind == "p":
        ahead = -1 if white else 1
        if inside(r + ahead, c) and board[r + ahead][c] == ".":
            out.append((r + ahead, c))
            second_row = rows - 2 if white else 1
            if r == second_row and inside(r + 2 * ahead, c) and board[r + 2 * ahead][c] == ".":
                out.append((r + 2 * ahead, c))
        out += [(r + ahead, c + d) for d in (-1, 1) if inside(r + ahead, c + d) and enemy(r + ahead, c + d)]
    elif kind in "nk":
        if kind == "n":
            steps = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
        else:
            steps = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (a, b) != (0, 0)]
        for a, b in steps:
            if inside(r + a, c + b) and (board[r + a][c + b] == "." or enemy(r + a, c + b)):
                out.append((r + a, c + b))
    else:
        lines = []
        if kind in "rq":
            lines += [(0, 1), (1, 0), (0, -1), (-1, 0)]
        if kind in "bq":
            lines += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
        for a, b in lines:
            x, y = r + a, c + b
            while inside(x, y):
                if board[x][y] != ".":
                    if enemy(x, y):
                        out.append((x, y))
                    break
                out.append((x, y))
                x, y = x + a, y + b
    return out


def in_check(board, white):
    king = "K" if white else "k"
    at = next((r, row.index(king)) for r, row in enumerate(board) if king in row)
    return any(
        at in reach(board, r, c)
        for r, row in enumerate(board)
        for c, p in enumerate(row)
        if p != "." and p.isupper() != white
    )


def after_legal_moves(board, white):
    """The board after each legal move of `white`'s side."""
    out = []
    for r, row in enumerate(board):
        for c, p in enumerate(row):
            if p == "." or p.isupper() != white:
                continue
            for a, b in reach(board, r, c):
                cells = [list(x) for x in board]
                cells[a][b], cells[r][c] = p, "."
                after = ["".join(x) for x in cells]
                if not in_check(after, white):
                    out.append(after)
    return out


def mated(board, white):
    return in_check(board, white) and not after_legal_moves(board, white)


def answer(problem, spec, board):
    """The program's whole standard output."""
    if problem == 1:
        rows = len(board)
        c, r = ord(spec[1]) - ord("a"), rows - int(spec[2:])
        marks = reach(board, r, c)
        lines = []
        for i, row in enumerate(board):
            line = ""
            for j, p in enumerate(row):
                line += spec[0] if (i, j) == (r, c) else ("x" if p != "." else "o") if (i, j) in marks else "."
            lines.append(line)
        return "".join(line + "\n" for line in lines)
    white = spec == "w"
    who = "White king is " if white else "Black king is "
    if problem == 2:
        return who + ("" if in_check(board, white) else "not ") + "in check\n"
    if problem == 3:
        return who + ("" if mated(board, white) else "not ") + "checkmated\n"
    yes = any(mated(after, white) for after in after_legal_moves(board, not white))
    return who + ("" if yes else "not ") + "checkmated in one move\n"
