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
* `check`/`audit --format jsonl` and `stats --format json`: merged by `arbiter
  merge` (exact: the records in input order, as they carry one run's file and game
  numbers, and one summary whose counts add those of the tasks); the tasks of
  `stats` write JSON whatever the format asked, and other formats of the merged
  statistics are written by `arbiter stats --merge`;
* `--format parquet` (`games`, `moves`, and the findings and verdicts of
  `check` and `audit`): one part file per task in the output directory
  (`part-00001.parquet`...), a dataset that DuckDB, Polars, pandas and Spark
  read as one table, its rows those of one run in the same order; the exit
  status is 1 when a task found errors, as one run's.

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
import os
import shutil
import socket
import subprocess
import sys
import tempfile

COMPRESSED = (".zst", ".gz", ".bz2", ".zip")


def run_arbiter(arbiter, args, out_path):
    """One task: run arbiter with `args`, standard output to `out_path`."""
    with open(out_path, "wb") as out:
        try:
            done = subprocess.run([arbiter, *args, "-q"],
                                  stdout=out, stderr=subprocess.PIPE)
        except OSError as e:
            raise RuntimeError(f"cannot run the arbiter binary {arbiter!r} on worker "
                               f"{socket.gethostname()}: {e.strerror} (pass --arbiter PATH, "
                               f"a binary the workers can run)") from None
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


def option(command, name):
    """The value of `name` in the arbiter command line, or None."""
    if name in command[:-1]:
        return command[command.index(name) + 1]
    return None


def task_command(command):
    """The command line the tasks run: the mergeable output of check, audit and stats (JSON
    Lines, JSON), whatever the format asked for the merged output."""
    sub, fmt = command[0], option(command, "--format")
    if sub not in ("check", "audit", "stats") or fmt == "parquet":
        return command
    if sub in ("check", "audit") and fmt != "jsonl":
        sys.exit(f"arbiter_dask: {sub}: only --format jsonl (merged by arbiter merge) and "
                 "--format parquet (a dataset) merge; text and CSV outputs of separate runs "
                 "do not")
    rest = list(command)
    for name in ("--format", "--table", "--top"):
        if name in rest[:-1]:
            i = rest.index(name)
            del rest[i:i + 2]
    return [rest[0], "--format", "jsonl" if sub != "stats" else "json", *rest[1:]]


def merge(command, parts, output, arbiter):
    """Merges the outputs of the tasks (in order) into `output`; returns the exit status of
    the merge (that of one run, for check, audit and stats), or None."""
    sub, fmt = command[0], option(command, "--format")
    if fmt == "parquet":
        os.makedirs(output, exist_ok=True)
        for i, part in enumerate(parts, 1):
            os.replace(part, os.path.join(output, f"part-{i:05d}.parquet"))
        return None
    if sub in ("check", "audit") or (sub == "stats" and fmt == "json"):
        # Exact, in arbiter: records in input order, summaries (statistics) added as counts.
        merged = [arbiter, "merge", *parts]
    elif sub == "stats":
        # Other stats formats: the merged statistics written as asked.
        merged = [arbiter, "stats", "--merge", "-q", *parts]
        for name in ("--format", "--table", "--top"):
            if option(command, name) is not None:
                merged += [name, option(command, name)]
    else:
        merged = None
    if merged is not None:
        with open(output, "wb") as out:
            done = subprocess.run(merged, stdout=out, stderr=subprocess.PIPE)
        if done.returncode not in (0, 1):
            sys.exit(f"arbiter_dask: {' '.join(merged[:2])}: exit {done.returncode}: "
                     f"{done.stderr.decode(errors='replace')}")
        return done.returncode
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
    return None


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
    # The driver runs arbiter too (to merge): a binary it cannot find fails here, not on
    # every worker.
    if shutil.which(a.arbiter) is None:
        sys.exit(f"arbiter_dask: no arbiter binary {a.arbiter!r} (not on PATH, or not "
                 f"executable): pass --arbiter PATH, e.g. --arbiter target/release/arbiter")
    from dask.distributed import Client, LocalCluster

    cluster = None
    if a.local:
        cluster = LocalCluster(n_workers=a.local, threads_per_worker=1, processes=True,
                               host="127.0.0.1", dashboard_address=None)
        client = Client(cluster)
    else:
        client = Client(a.scheduler)
    work = a.work or tempfile.mkdtemp(prefix="arbiter-dask-")
    tasks = plan(task_command(command), a.shards)
    futures = [client.submit(run_arbiter, a.arbiter, t, os.path.join(work, f"task-{i:05d}"),
                             pure=False)
               for i, t in enumerate(tasks)]
    try:
        results = client.gather(futures)
    except RuntimeError as e:
        client.close()
        if cluster is not None:
            cluster.close()
        sys.exit(f"arbiter_dask: {e}")
    status = merge(command, [p for p, _ in results], a.output, a.arbiter)
    client.close()
    if cluster is not None:
        cluster.close()
    # The exit status of one run: that of `arbiter merge` where it merges, else 1 when a task
    # found errors.
    if status is None:
        status = max([s for _, s in results] + [0])
    sys.exit(status)


if __name__ == "__main__":
    main()
