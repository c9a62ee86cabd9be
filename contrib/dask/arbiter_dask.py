#!/usr/bin/env python3
"""Fan arbiter out over a Dask distributed cluster, and merge what comes back.

Each task runs the `arbiter` binary on a worker, on one piece of the input:

* a plain PGN file (or several) is cut into byte shards with `--shard K/N`
  (arbiter cuts at game boundaries, so the N shards hold every game once);
* a compressed file (the lichess monthly `.pgn.zst`) cannot be cut: it is
  one task (one shard of its own).

The outputs come back in input order and are merged:

* `games`, `moves`, `fen`, `pgn` (CSV, JSON Lines, text): concatenated, the
  CSV header kept once; the result is byte for byte that of one run;
* `stats --format json`: merged with `arbiter stats --merge` (exact);
* `check`/`audit --format jsonl`: the records concatenated (they carry one run's
  game numbers), the summaries added up into one;
* `--format parquet`: one part file per task in the output directory
  (`part-00001.parquet`...), a dataset that DuckDB, Polars, pandas and Spark
  read as one table.

The workers need the same arbiter binary (`--arbiter`, default `arbiter` on
the PATH) and the input paths (a shared file system: NFS, a mounted bucket).

Usage:
    python3 arbiter_dask.py --scheduler tcp://host:8786 --shards 64 \\
        -o games.jsonl -- games --format jsonl /data/lichess_db_standard_rated_2024-*.pgn
    python3 arbiter_dask.py --local 2 --shards 8 -o out.csv -- games big.pgn

Everything after `--` is the arbiter command line (subcommand, options, files);
files are the arguments that name existing files.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

COMPRESSED = (".zst", ".gz", ".bz2", ".zip")


def run_arbiter(arbiter, args, out_path):
    """One task: run arbiter with `args`, standard output to `out_path`."""
    with open(out_path, "wb") as out:
        done = subprocess.run([arbiter, *args, "-q"],
                              stdout=out, stderr=subprocess.PIPE)
    # 0 clean, 1 findings: both are results; 2 and more are failures.
    if done.returncode not in (0, 1):
        raise RuntimeError(f"arbiter {' '.join(args)}: exit {done.returncode}: "
                           f"{done.stderr.decode(errors='replace')}")
    return out_path, done.returncode


def plan(command, shards):
    """The arbiter command lines of the tasks, in input order."""
    files = [a for a in command[1:] if os.path.isfile(a)]
    options = [a for a in command if a not in files]
    plain = [f for f in files if not f.endswith(COMPRESSED)]
    tasks = []
    # Keep the input order: runs of plain files are sharded together.
    run = []
    for f in files:
        if f in plain:
            run.append(f)
            continue
        if run:
            tasks += [options + ["--shard", f"{k}/{shards}"] + run for k in range(1, shards + 1)]
            run = []
        tasks.append(options + [f])
    if run:
        tasks += [options + ["--shard", f"{k}/{shards}"] + run for k in range(1, shards + 1)]
    return tasks


def add(total, summary):
    """Adds a summary record into `total`: counts add up (maps of counts key by key), the
    seconds are the longest task's."""
    for key, value in summary.items():
        if key == "seconds":
            total[key] = max(total.get(key, 0), value)
        elif isinstance(value, dict):
            add(total.setdefault(key, {}), value)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            total[key] = total.get(key, 0) + value
        else:
            total[key] = value
    return total


def sort_maps(record):
    """Map keys in order, as arbiter writes them (its maps are sorted)."""
    return {k: (dict(sorted(sort_maps(v).items())) if isinstance(v, dict) else v)
            for k, v in record.items()}


def merge_jsonl_summaries(parts, out):
    """`check`/`audit --format jsonl`: the records of the tasks in order, then one summary
    that adds up theirs."""
    total = {}
    for part in parts:
        with open(part, "rb") as f:
            for line in f:
                if line.startswith(b'{"type":"summary"'):
                    add(total, json.loads(line))
                else:
                    out.write(line)
    if total:
        out.write(json.dumps(sort_maps(total), separators=(",", ":"),
                             ensure_ascii=False).encode() + b"\n")


def merge(command, parts, output, arbiter):
    """Merges the outputs of the tasks (in order) into `output`."""
    fmt = None
    if "--format" in command:
        fmt = command[command.index("--format") + 1]
    sub = command[0]
    if fmt == "parquet":
        os.makedirs(output, exist_ok=True)
        for i, part in enumerate(parts, 1):
            os.replace(part, os.path.join(output, f"part-{i:05d}.parquet"))
        return
    if sub == "stats":
        with open(output, "wb") as out:
            subprocess.run([arbiter, "stats", "--merge", "--format", fmt or "text", *parts],
                           stdout=out, check=False)
        return
    if sub in ("check", "audit") and fmt == "jsonl":
        with open(output, "wb") as out:
            merge_jsonl_summaries(parts, out)
        return
    csv = fmt == "csv" or (fmt is None and sub in ("games", "moves"))
    with open(output, "wb") as out:
        for i, part in enumerate(parts):
            with open(part, "rb") as f:
                if csv and i > 0:
                    f.readline()  # the header, once
                while True:
                    block = f.read(1 << 20)
                    if not block:
                        break
                    out.write(block)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scheduler", help="address of a Dask scheduler (tcp://host:8786)")
    parser.add_argument("--local", type=int, metavar="WORKERS",
                        help="start a local cluster of WORKERS processes instead")
    parser.add_argument("--shards", type=int, default=8, help="shards per run of plain files")
    parser.add_argument("--arbiter", default="arbiter", help="the arbiter binary on the workers")
    parser.add_argument("--work", default=None, help="directory for the task outputs "
                        "(shared by the workers and the driver; default: a temporary one)")
    parser.add_argument("-o", "--output", required=True, help="merged output (a directory "
                        "for Parquet)")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    a = parser.parse_args()
    command = a.command[1:] if a.command[:1] == ["--"] else a.command
    from dask.distributed import Client, LocalCluster

    cluster = None
    if a.local:
        cluster = LocalCluster(n_workers=a.local, threads_per_worker=1, processes=True,
                               host="127.0.0.1", dashboard_address=None)
        client = Client(cluster)
    else:
        client = Client(a.scheduler)
    work = a.work or tempfile.mkdtemp(prefix="arbiter-dask-")
    tasks = plan(command, a.shards)
    futures = [client.submit(run_arbiter, a.arbiter, t, os.path.join(work, f"task-{i:05d}"),
                             pure=False)
               for i, t in enumerate(tasks)]
    results = client.gather(futures)
    merge(command, [p for p, _ in results], a.output, a.arbiter)
    client.close()
    if cluster is not None:
        cluster.close()
    # The exit status of one run: 1 when a task found errors.
    sys.exit(max([status for _, status in results] + [0]))


if __name__ == "__main__":
    main()
