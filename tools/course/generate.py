"""Writes tests/data/course-generated.jsonl: random games in the course
notation, and damaged copies of them, each with the first line the course
program must print, as `reference.py` (python-chess) reads the spec.

    cd tools/course && python3 generate.py > ../../tests/data/course-generated.jsonl
"""
import json
import random

import chess

import reference as ref

rng = random.Random(20261126)


def course_token(board, move):
    us = board.turn
    if board.is_castling(move):
        letter = rng.choice("O0")
        return f"{letter}-{letter}" if chess.square_file(move.to_square) == 6 else f"{letter}-{letter}-{letter}"
    role = board.piece_type_at(move.from_square)
    target = chess.square_name(move.to_square)
    capture = board.is_capture(move)
    if role == chess.PAWN:
        token = (chess.FILE_NAMES[chess.square_file(move.from_square)] + "x" if capture else "") + target
        if move.promotion:
            letter = {chess.QUEEN: "Q", chess.ROOK: "R", chess.BISHOP: "B", chess.KNIGHT: rng.choice("NK")}[move.promotion]
            token += "=" + letter
        return token
    letter = {v: k for k, v in ref.ROLE_OF.items()}[role]
    others = ref.candidates(board, role, None, None, capture, target)
    f = chess.FILE_NAMES[chess.square_file(move.from_square)]
    r = chess.RANK_NAMES[chess.square_rank(move.from_square)]
    if len(others) <= 1:
        hint = rng.choice(["", "", "", "", f, r, f + r]) if role != chess.KING else ""
    elif len([o for o in others if chess.square_file(o) == move.from_square % 8]) == 1:
        hint = f
    elif len([o for o in others if chess.square_rank(o) == move.from_square // 8]) == 1:
        hint = r
    else:
        hint = f + r
    return letter + hint + ("x" if capture else "") + target


def ends_game(board, move, how):
    board.push(move)
    done = how(board)
    board.pop()
    return done


def random_game(max_plies, seek_end=False):
    board = chess.Board()
    tokens = []
    for _ in range(max_plies):
        if board.is_checkmate() or board.is_stalemate():
            break
        moves = list(board.legal_moves)
        if not moves:
            break
        if seek_end:
            # Finish the game when it can be finished: mate, or now and then stalemate.
            mates = [m for m in moves if ends_game(board, m, chess.Board.is_checkmate)]
            stalemates = [m for m in moves if ends_game(board, m, chess.Board.is_stalemate)]
            if mates or (stalemates and rng.random() < 0.7):
                move = rng.choice(mates or stalemates)
                tokens.append(course_token(board, move))
                board.push(move)
                continue
        # Prefer captures and checks now and then so games reach endings.
        interesting = [m for m in moves if board.is_capture(m) or board.gives_check(m) or m.promotion]
        move = rng.choice(interesting) if interesting and rng.random() < 0.45 else rng.choice(moves)
        tokens.append(course_token(board, move))
        board.push(move)
    return tokens


ALL_MOVES = sorted(ref.MOVES)
NOISE = list("+#!?=x-O0KQRBNPkqrbnp12345678abcdefghi9.()[]{}\\é е😀\u00a0")


def damage(tokens):
    tokens = list(tokens)
    k = rng.randrange(len(tokens))
    kind = rng.randrange(9)
    if kind == 0:
        tokens[k] = rng.choice(ALL_MOVES)
    elif kind == 1:
        t = tokens[k]
        i = rng.randrange(len(t) + 1)
        tokens[k] = t[:i] + rng.choice(NOISE) + t[i:]
    elif kind == 2 and len(tokens[k]) > 1:
        t = tokens[k]
        i = rng.randrange(len(t))
        tokens[k] = t[:i] + t[i + 1:]
    elif kind == 3:
        t = tokens[k]
        tokens[k] = t.replace("x", "") if "x" in t else (t[:-2] + "x" + t[-2:] if t[0] in "KQRBN" else t)
    elif kind == 4:
        tokens[k] = tokens[k].split("=")[0]
    elif kind == 5:
        tokens.insert(k, rng.choice(ALL_MOVES))
    elif kind == 6:
        del tokens[k]
    elif kind == 7:
        tokens = tokens[:k] + [tokens[k] + "=" + rng.choice("QRBNK")] + tokens[k + 1:]
    else:
        tokens[k], tokens[k - 1] = tokens[k - 1], tokens[k]
    return tokens


def join(tokens):
    text = ""
    for i, t in enumerate(tokens):
        if i:
            text += rng.choice([" ", " ", " ", "  ", "\t", " \t "])
        text += t
    return rng.choice(["", "", "", " ", "\t"]) + text + rng.choice(["", "", "", " ", "\n", "\r\n", "\nNf3 junk", "\rxx"])


cases = []
for n in range(500):
    cases.append(join(random_game(rng.choice([10, 40, 120, 300]))))
for n in range(400):
    game = random_game(400, seek_end=True)
    # Sometimes a move follows the end of the game.
    if rng.random() < 0.3:
        game.append(rng.choice(ALL_MOVES))
    cases.append(join(game))
for n in range(2500):
    game = random_game(rng.choice([6, 20, 60, 200]))
    if game:
        cases.append(join(damage(game)))
for text in cases:
    print(json.dumps([text, ref.analyze(text)], ensure_ascii=False))
