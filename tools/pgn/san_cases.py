#!/usr/bin/env python3
"""Writes tests/data/pgn/san-cases.txt: positions with every legal move's
UCI and python-chess's SAN, for tests/pgn_san.rs.

    python3 tools/pgn/san_cases.py        (python-chess 1.11; not run by CI)

Seeded, so the output is the same on every run. The positions come from
random games (uniform moves, so promotions to every piece happen), random
games that keep promoting (many queens, rooks, knights: disambiguation by
file, rank and both), and a share of positions chosen because a move gives
mate, or en passant or castling is possible.

One line per position: FEN;uci san,uci san,... (a space between uci and SAN).
"""
import random
import chess
from pathlib import Path

SEED = 20240611
OUT = Path(__file__).resolve().parents[2] / "tests" / "data" / "pgn" / "san-cases.txt"


def random_game_positions(rng, max_plies, promote_bias):
    board = chess.Board()
    out = []
    for _ in range(max_plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        promos = [m for m in moves if m.promotion]
        if promos and rng.random() < promote_bias:
            move = rng.choice(promos)
        elif promote_bias and rng.random() < 0.3:
            # Push pawns forward to reach promotions sooner.
            pushes = [m for m in moves if board.piece_type_at(m.from_square) == chess.PAWN]
            move = rng.choice(pushes or moves)
        else:
            move = rng.choice(moves)
        board.push(move)
        out.append(board.copy(stack=False))
    return out


def interesting(board):
    if board.ep_square is not None and board.has_legal_en_passant():
        return True
    if any(board.is_castling(m) for m in board.legal_moves):
        return True
    for m in board.legal_moves:
        board.push(m)
        mate = board.is_checkmate()
        board.pop()
        if mate:
            return True
    return False


def crowded(rng):
    """A legal position with several pieces of one kind on both sides, so
    that SAN needs the file, the rank, or both."""
    while True:
        board = chess.Board(None)
        squares = rng.sample(chess.SQUARES, 16)
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        for color in chess.COLORS:
            kind = rng.choice([chess.QUEEN, chess.ROOK, chess.KNIGHT, chess.BISHOP])
            for sq in squares[2 + 7 * color: 2 + 7 * color + rng.randint(4, 7)]:
                board.set_piece_at(sq, chess.Piece(kind, color))
        board.turn = rng.choice(chess.COLORS)
        if board.is_valid() and any(board.legal_moves):
            return board


def line(board):
    cases = sorted((m.uci(), board.san(m)) for m in board.legal_moves)
    return board.fen() + ";" + ",".join(f"{u} {s}" for u, s in cases)


def main():
    rng = random.Random(SEED)
    seen = set()
    lines = []

    def add(board):
        if board.fen() in seen or not any(board.legal_moves):
            return
        seen.add(board.fen())
        lines.append(line(board))

    # Ordinary random games: a few positions from each.
    for _ in range(300):
        positions = random_game_positions(rng, rng.randint(10, 200), 0.0)
        for board in rng.sample(positions, min(3, len(positions))):
            add(board)
    # Promotion-heavy games: many pieces of one kind.
    for _ in range(250):
        positions = random_game_positions(rng, rng.randint(40, 220), 0.9)
        for board in rng.sample(positions, min(3, len(positions))):
            add(board)
    # Promotions possible; several pieces of one kind.
    found = 0
    while found < 250:
        positions = random_game_positions(rng, rng.randint(40, 220), 0.9)
        for board in positions:
            promotes = any(m.promotion for m in board.legal_moves)
            many = any(len(board.pieces(kind, board.turn)) >= 3 for kind in (chess.QUEEN, chess.ROOK, chess.KNIGHT))
            if promotes or many:
                add(board)
                found += 1
                break
    for _ in range(300):
        add(crowded(rng))
    # Mates, en passant, castling.
    found = 0
    while found < 500:
        positions = random_game_positions(rng, rng.randint(5, 160), rng.choice([0.0, 0.9]))
        for board in positions:
            if interesting(board):
                add(board)
                found += 1
                break
    OUT.write_text("\n".join(lines) + "\n")
    total = sum(line.count(",") + 1 for line in lines)
    print(f"{OUT}: {len(lines)} positions, {total} moves, {OUT.stat().st_size} bytes")


if __name__ == "__main__":
    main()
