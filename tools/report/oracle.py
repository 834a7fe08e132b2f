"""Stockfish as an outside oracle for the report's marks and the
suggestion (a development tool: nothing of Stockfish ships), with its
labels cached in a file outside the repository so that re-running a
measurement after a change is fast.

The cache (`$ANALYSIS_BOARD_CACHE`, default `~/.cache/analysis-board`)
holds one line per search: `KEY<TAB>DEPTH<TAB>SCORE<TAB>BEST`, KEY the
position's FEN (and `|move` when the search was restricted to one root
move), SCORE `cp N` or `mate N` from the side to move's view.
"""

import os
import sys
from pathlib import Path

import chess
import chess.engine

STOCKFISH = "/usr/games/stockfish"
DEPTH = 16


def cache_dir():
    d = Path(os.environ.get("ANALYSIS_BOARD_CACHE", Path.home() / ".cache" / "analysis-board"))
    d.mkdir(parents=True, exist_ok=True)
    return d


def winning_chances(cp):
    """lichess's winning chances for centipawns from one side's view."""
    import math

    cp = max(-1000, min(1000, cp))
    return 2 / (1 + math.exp(-0.00368208 * cp)) - 1


class Score:
    """A score from the side to move's view: centipawns or a mate."""

    def __init__(self, text):
        kind, n = text.split()
        self.mate = int(n) if kind == "mate" else None
        self.cp = int(n) if kind == "cp" else None

    def chances(self):
        """Winning chances from the side to move's view (a mate is +-1)."""
        if self.mate is not None:
            return 1.0 if self.mate > 0 else -1.0
        return winning_chances(self.cp)

    def centipawns(self, mate_cp=1000):
        if self.mate is not None:
            return mate_cp if self.mate > 0 else -mate_cp
        return self.cp

    def __str__(self):
        return f"mate {self.mate}" if self.mate is not None else f"cp {self.cp}"


class Oracle:
    """Stockfish at a fixed depth, every answer cached."""

    def __init__(self, depth=DEPTH, hash_mib=64):
        self.depth = depth
        self.path = cache_dir() / f"stockfish-15.1-d{depth}.tsv"
        self.known = {}
        if self.path.exists():
            with open(self.path) as f:
                for line in f:
                    parts = line.rstrip("\n").split("\t")
                    if len(parts) == 4:
                        self.known[parts[0]] = (Score(parts[2]), parts[3])
        self.hash_mib = hash_mib
        self.engine = None

    def _engine(self):
        if self.engine is None:
            self.engine = chess.engine.SimpleEngine.popen_uci(STOCKFISH, timeout=120)  # slow to start on a loaded machine
            self.engine.configure({"Threads": 1, "Hash": self.hash_mib})
        return self.engine

    def label(self, board, move=None):
        """(Score, best move uci) of `board` at the depth, from the side
        to move's view; with `move`, the search is restricted to it."""
        key = board.fen() + (f"|{move.uci()}" if move else "")
        if key in self.known:
            return self.known[key]
        if board.is_game_over():
            raise ValueError(f"no search of a finished game: {board.fen()}")
        limit = chess.engine.Limit(depth=self.depth)
        info = self._engine().analyse(board, limit, root_moves=[move] if move else None)
        pov = info["score"].relative
        text = f"mate {pov.mate()}" if pov.is_mate() else f"cp {pov.score()}"
        best = info["pv"][0].uci() if info.get("pv") else "-"
        with open(self.path, "a") as f:
            f.write(f"{key}\t{self.depth}\t{text}\t{best}\n")
        self.known[key] = (Score(text), best)
        return self.known[key]

    def value(self, board):
        """Winning chances of `board` from White's view (a finished game
        its result)."""
        if board.is_checkmate():
            return -1.0 if board.turn == chess.WHITE else 1.0
        if board.is_game_over():
            return 0.0
        score, _ = self.label(board)
        c = score.chances()
        return c if board.turn == chess.WHITE else -c

    def close(self):
        if self.engine:
            self.engine.quit()


def log(*args):
    print(*args, file=sys.stderr, flush=True)
