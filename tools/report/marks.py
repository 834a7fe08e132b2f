"""The report's marks against Stockfish 15.1 (depth 16, cached: see
oracle.py) by lichess's rule: winning chances from Stockfish's evaluation
of each position, a loss of 0.3 / 0.2 / 0.1 for ?? / ? / ?!.

For each PGN file (a set of games), prints: how many marks each gives,
the `??` precision and recall (targets 90% each), the share of the moves
Stockfish judges to lose less than 0.05 that carry any mark from us
(target 2% or less), and the native time of our reports (CPU seconds of
the report program, per 100 plies; target 5 s). With `--list`, every
disagreement on `??` and every mark on a move Stockfish rates within 0.05.

    cargo build --release --example report_json
    python3 tools/report/label.py tools/report/games/*.pgn     # once: hours
    python3 tools/report/marks.py tools/report/games/*.pgn [--list]
"""

import argparse
import io
import json
import resource
import subprocess
import sys
from pathlib import Path

import chess
import chess.pgn

from oracle import Oracle

ROOT = Path(__file__).resolve().parents[2]
REPORT = ROOT / "target" / "release" / "examples" / "report_json"


def sf_mark(loss):
    return "??" if loss >= 0.3 else "?" if loss >= 0.2 else "?!" if loss >= 0.1 else None


def cpu_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def our_report(program, game):
    """Our report of `game` (its plies as JSON objects) and its CPU seconds."""
    # The moves only, from the start: no comments or variations to read.
    exporter = chess.pgn.StringExporter(headers=True, variations=False, comments=False)
    text = game.accept(exporter)
    before = cpu_children()
    out = subprocess.run([str(program)], input=text, capture_output=True, text=True, check=True).stdout
    spent = cpu_children() - before
    lines = [json.loads(l) for l in out.splitlines()]
    return lines[0], lines[1:], spent


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--list", action="store_true", help="print each disagreement")
    ap.add_argument("--program", default=str(REPORT))
    ap.add_argument("--label", action="store_true", help="label missing positions (slow) instead of skipping their games")
    args = ap.parse_args()
    oracle = Oracle()
    totals = {}
    for path in args.pgn:
        t = dict(plies=0, ours=0, sf=0, both_blunder=0, our_blunders=0, sf_blunders=0, good=0, good_marked=0,
                 games=0, skipped=0, cpu=0.0, our_marks={}, sf_marks={})
        with open(path) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                board = game.board()
                moves = list(game.mainline_moves())
                boards = [board.copy()]
                for m in moves:
                    board.push(m)
                    boards.append(board.copy())
                if not args.label and any(not b.is_game_over() and b.fen() not in oracle.known for b in boards):
                    t["skipped"] += 1
                    continue
                values = [oracle.value(b) for b in boards]
                head, plies, spent = our_report(args.program, game)
                t["games"] += 1
                t["cpu"] += spent
                name = game.headers.get("White", "?") + " - " + game.headers.get("Black", "?")
                if game.headers.get("Event", "?") not in ("?", ""):
                    name = game.headers["Event"] + ": " + name
                for i, m in enumerate(moves):
                    if i >= len(plies):
                        break
                    ours = plies[i].get("mark")
                    sign = 1 if boards[i].turn == chess.WHITE else -1
                    loss = sign * (values[i] - values[i + 1])
                    theirs = sf_mark(loss)
                    t["plies"] += 1
                    t["ours"] += ours is not None
                    t["sf"] += theirs is not None
                    t["our_marks"][ours] = t["our_marks"].get(ours, 0) + 1
                    t["sf_marks"][theirs] = t["sf_marks"].get(theirs, 0) + 1
                    t["our_blunders"] += ours == "??"
                    t["sf_blunders"] += theirs == "??"
                    t["both_blunder"] += ours == "??" and theirs == "??"
                    good = loss < 0.05
                    t["good"] += good
                    t["good_marked"] += good and ours is not None
                    disagree = (ours == "??") != (theirs == "??") or (good and ours is not None)
                    if args.list and disagree:
                        move_no = f"{i // 2 + 1}{'.' if i % 2 == 0 else '...'}"
                        print(f"  {name[:40]:<40} {move_no}{plies[i]['notation']:<7} ours {ours or '-':<2} "
                              f"{plies[i].get('eval') or '':>7}  sf {theirs or '-':<2} loss {loss:+.3f}  "
                              f"{plies[i].get('why') or ''}")
        totals[path] = t
        report(path, t)
    if len(totals) > 1:
        all_ = {k: sum(t[k] for t in totals.values()) for k in ("plies", "ours", "sf", "both_blunder", "our_blunders",
                                                                 "sf_blunders", "good", "good_marked", "games",
                                                                 "skipped", "cpu")}
        report("all", all_)
    oracle.close()


def pct(a, b):
    return f"{100 * a / b:.1f}%" if b else "-"


def report(name, t):
    print(f"{name}: {t['games']} games ({t['skipped']} not labelled yet), {t['plies']} plies; "
          f"marks: ours {t['ours']}, Stockfish {t['sf']}")
    print(f"  ??: ours {t['our_blunders']}, Stockfish {t['sf_blunders']}, both {t['both_blunder']}: "
          f"precision {pct(t['both_blunder'], t['our_blunders'])}, recall {pct(t['both_blunder'], t['sf_blunders'])}")
    print(f"  moves losing < 0.05 by Stockfish: {t['good']}, marked by us: {t['good_marked']} "
          f"({pct(t['good_marked'], t['good'])})")
    if t["plies"]:
        print(f"  our report natively: {t['cpu']:.1f} CPU s, {100 * t['cpu'] / t['plies']:.2f} s per 100 plies")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
