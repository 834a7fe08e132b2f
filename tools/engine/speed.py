"""The engine's speed through the UCI program, in CPU time (the machine is
shared, so wall time says little): for each budget, the median, mean and
largest CPU time of `go nodes N` on the benchmark positions
(`tests/data/engine/positions.txt`), and nodes per CPU second. Linux only
(reads /proc). `cargo bench --bench engine` gives wall times beside Stockfish.

    cargo build --release --bin chess-engine
    python3 tools/engine/speed.py [--nodes 150000 40000]
"""

import argparse
import os
import statistics

import chess
import chess.engine

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--nodes", type=int, nargs="+", default=[150000, 40000])
    ap.add_argument("--engine", default=os.path.join(ROOT, "target/release/chess-engine"))
    args = ap.parse_args()
    path = os.path.join(ROOT, "tests", "data", "engine", "positions.txt")
    fens = [l.strip() for l in open(path) if l.strip() and not l.startswith("#")]
    engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    pid = engine.transport.get_pid()
    for nodes in args.nodes:
        times, searched = [], []
        for fen in fens:
            before = cpu_seconds(pid)
            info = engine.analyse(chess.Board(fen), chess.engine.Limit(nodes=nodes), game=object())
            times.append(cpu_seconds(pid) - before)
            searched.append(info.get("nodes", nodes))
        print(f"{nodes} nodes: {len(fens)} positions, CPU median {statistics.median(times) * 1000:.0f} ms, "
              f"mean {statistics.mean(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms; "
              f"{sum(searched) / sum(times) / 1000:.0f} thousand nodes per CPU second", flush=True)
    engine.quit()
    print(f"load average {os.getloadavg()}")


if __name__ == "__main__":
    main()
