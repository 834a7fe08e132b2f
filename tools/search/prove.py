"""Exact mate facts with python-chess, independent of the Rust code.

shortest(board, n) is the fastest forced mate (1..n) for the side to move,
or None: a plain AND-OR search whose only shortcut is exact (a mate is a
check, so the attacker's last move is chosen among checking moves), with a
memo of proven results keyed by position (no fifty-move or repetition rule
in this project, so a result depends on the position alone).
"""

import chess


class Prover:
    def __init__(self):
        self.memo = {}

    def key(self, board, role, n):
        return (board._transposition_key(), role, n)

    def attack(self, board, n):
        """The side to move mates within n of its moves."""
        k = self.key(board, "a", n)
        if k in self.memo:
            return self.memo[k]
        result = False
        for m in list(board.legal_moves):
            if n == 1 and not board.gives_check(m):
                continue
            board.push(m)
            ok = self.defend(board, n)
            board.pop()
            if ok:
                result = True
                break
        self.memo[k] = result
        return result

    def defend(self, board, n):
        """After the attacker's move: mated now or within n - 1 more."""
        if board.is_checkmate():
            return True
        if n == 1:
            return False
        k = self.key(board, "d", n)
        if k in self.memo:
            return self.memo[k]
        moves = list(board.legal_moves)
        result = bool(moves)
        for d in moves:
            board.push(d)
            ok = self.attack(board, n - 1)
            board.pop()
            if not ok:
                result = False
                break
        self.memo[k] = result
        return result

    def shortest(self, board, n=3):
        for i in range(1, n + 1):
            if self.attack(board, i):
                return i
        return None

    def mating_moves(self, board, n):
        """Every move that forces mate within n."""
        out = []
        for m in list(board.legal_moves):
            board.push(m)
            if self.defend(board, n):
                out.append(m)
            board.pop()
        return out


def null_board(board):
    """The position with the other side to move (None when in check)."""
    if board.is_check():
        return None
    b = board.copy(stack=False)
    b.turn = not b.turn
    b.ep_square = None
    return b


def classify(board, prover=None, per_move=True):
    """own: our fastest mate; threat: the opponent's if we could pass;
    replies: {uci: opponent's fastest mate after it or None} (only when we
    have no mate and per_move is set)."""
    p = prover or Prover()
    own = p.shortest(board)
    nb = null_board(board)
    threat = p.shortest(nb) if nb is not None else None
    replies = None
    if own is None and per_move:
        replies = {}
        for m in list(board.legal_moves):
            board.push(m)
            replies[m.uci()] = p.shortest(board)
            board.pop()
    return own, threat, replies
