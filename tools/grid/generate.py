"""Writes tests/data/grid-generated.jsonl: random problems 1 to 4 on boards
of every shape from 4x4 to 26x26 (mostly small and odd-sized, where
mates happen), each with the output `reference.py` gives. Problem 4 is
never asked with the given colour already in check (its king could be
taken, which the spec does not rule on).

    cd tools/grid && python3 generate.py > ../../tests/data/grid-generated.jsonl
"""
import json
import random

import reference as ref

rng = random.Random(20261127)
wanted = {1: 200, 2: 200, 3: 200, 4: 200}
# Half of each verdict for problems 2 to 4, as far as random boards allow.
yes = {2: 0, 3: 0, 4: 0}
while any(wanted.values()):
    rows, cols = rng.randint(4, 9), rng.randint(4, 9)
    if rng.random() < 0.05:
        rows, cols = rng.randint(4, 26), rng.randint(4, 26)
    cells = ["."] * (rows * cols)
    density = rng.random() * 0.25
    for i in range(rows * cols):
        if rng.random() < density:
            cells[i] = rng.choice("PNBRQpnbrq")
    kings = rng.sample(range(rows * cols), 2)
    cells[kings[0]], cells[kings[1]] = "K", "k"
    board = ["".join(cells[i * cols:(i + 1) * cols]) for i in range(rows)]
    problem = rng.choice([p for p, n in wanted.items() if n])
    if problem == 1:
        r, c = rng.choice([(r, c) for r in range(rows) for c in range(cols) if board[r][c] != "."])
        spec = board[r][c] + chr(ord("a") + c) + str(rows - r)
    else:
        spec = rng.choice("wb")
        # The spec does not say what capturing a king is: in problem 4 the
        # given colour is never left in check by the side that just moved.
        if problem == 4 and ref.in_check(board, spec == "w"):
            continue
    output = ref.answer(problem, spec, board)
    if problem > 1:
        positive = " not " not in output
        if not positive and yes[problem] < 200 - wanted[problem] - 100:
            continue
        yes[problem] += positive
    wanted[problem] -= 1
    text = f"{problem}\n{spec}\n{rows} {cols}\n" + "".join(row + "\n" for row in board)
    print(json.dumps([text, output]))
