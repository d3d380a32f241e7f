"""The storage layer of this tree beside the release before it (e65209e, two stores written
by hand: ``sqlite3`` in threads of its own and asyncpg), measured the same way in one run,
old and new alternately (the machine may be shared: each figure is given per run):

* moves per second through the real bot processes behind the fake Discord
  (:mod:`bench.processes`): one process on SQLite, 1, 2 and 4 processes on PostgreSQL
  (24 Kuhlorado games; PostgreSQL runs need ``ESTANCIA_TEST_DATABASE_URL`` or
  ``.ci/postgres.env``, else they are skipped with a line);
* database bytes per finished game of every game (:mod:`bench.dbsize`).

The release's tree is taken from git (``git archive e65209e``) into a temporary folder and
run with this virtual environment's Python, its own modules first on the path.
``python -m bench.storage [--quick] [--rounds N] [--also REV …] [--back-ends sqlite
postgres] [--no-sizes] [--this REV]``; the last part of ``make bench``.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from bench.processes import database_url

BASELINE = "e65209e"
ROOT = Path(__file__).resolve().parents[1]
MOVES = re.compile(r"^(sqlite|postgres)\s+(\d+) process\(es\):\s+([\d.]+) moves/s", re.M)
BYTES = re.compile(r"^(\S+)\s+database\s+([\d.]+) KiB per finished (\d+)-player game, "
                   r"([\d.]+) KiB once", re.M)


def baseline_tree(folder: Path, revision: str = BASELINE) -> Path | None:
    tree = folder / revision
    tree.mkdir()
    try:
        archive = subprocess.run(["git", "archive", revision], cwd=ROOT, check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    except (OSError, subprocess.CalledProcessError) as error:
        print(f"storage    baseline: cannot take {revision} from git ({error!r:.120})")
        return None
    return tree


def run_in(tree: Path, code: str, url: str | None) -> str:
    """``python -c code`` with ``tree``'s modules first; what it printed."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "PYTHONPATH")}
    env["PYTHONPATH"] = str(tree)
    if url:
        env["ESTANCIA_TEST_DATABASE_URL"] = url
    done = subprocess.run([sys.executable, "-c", code], cwd=tree, env=env,
                          capture_output=True, text=True)
    if done.returncode != 0:
        return f"failed: {done.stderr.strip().splitlines()[-1:]}"
    return done.stdout


def main(quick: bool = False, rounds: int | None = None, also: Sequence[str] = (),
         back_ends: Sequence[str] = ("sqlite", "postgres"), sizes: bool = True,
         this: str | None = None) -> None:
    rounds = rounds or (1 if quick else 2)
    url = database_url()
    with tempfile.TemporaryDirectory() as tmp:
        trees: dict[str, Path] = {}
        for revision in (BASELINE, *also):
            tree = baseline_tree(Path(tmp), revision)
            if tree is None:
                return
            trees[revision] = tree
        if this is None:
            trees["this tree"] = ROOT
        else:  # a commit, so that the folder may change while the benchmark runs
            tree = baseline_tree(Path(tmp), this)
            if tree is None:
                return
            trees[f"this tree ({this})"] = tree
        runs = ([("sqlite", 1)] if "sqlite" in back_ends else []) + (
            [("postgres", n) for n in (1, 2, 4)] if url and "postgres" in back_ends else [])
        if not url:
            print("storage    postgres: skipped (no PostgreSQL: run .ci/postgres as root, or "
                  "set ESTANCIA_TEST_DATABASE_URL)")
        moves: dict[tuple[str, int], dict[str, list[float]]] = defaultdict(
            lambda: defaultdict(list))
        for back_end, count in runs:
            for n in range(rounds):
                order = list(trees.items()) if n % 2 == 0 else list(trees.items())[::-1]
                for name, tree in order:
                    printed = run_in(tree, (
                        "from bench import processes; processes.main("
                        f"quick={quick}, processes={(count,) if back_end == 'postgres' else ()}, "
                        f"sqlite={back_end == 'sqlite'})"), url)
                    found = [float(m[3]) for m in MOVES.finditer(printed)
                             if m[1] == back_end and int(m[2]) == count]
                    if not found:
                        print(f"storage    {name}: {back_end} {count}: {printed.strip()[:200]}")
                    moves[(back_end, count)][name] += found
        kib: dict[str, dict[str, tuple[str, float, float]]] = defaultdict(dict)
        for name, tree in trees.items() if sizes else ():
            printed = run_in(tree, f"from bench import dbsize; dbsize.main(quick={quick})", url)
            for m in BYTES.finditer(printed):
                kib[m[1]][name] = (m[3], float(m[2]), float(m[4]))
    print(f"storage    {'':32}" + "".join(f" {name:>24}" for name in trees)
          + f"   change (means, this tree / {BASELINE})")
    for (back_end, count), by_tree in moves.items():
        figures = [by_tree.get(name, []) for name in trees]
        cells = [" ".join(f"{f:5.1f}" for f in runs) or "-" for runs in figures]
        change = (f"{statistics.mean(figures[-1]) / statistics.mean(figures[0]) - 1:+.1%}"
                  if figures[0] and figures[-1] else "")
        print(f"storage    {f'{back_end} {count} process(es) moves/s':32}"
              + "".join(f" {cell:>24}" for cell in cells) + f"   {change}")
    for game, by_tree in kib.items():
        if len(by_tree) < len(trees):
            continue
        found = [by_tree[n] for n in trees]
        seats = found[0][0]
        print(f"storage    {f'{game} KiB/game ({seats} seats)':32}"
              + "".join(f" {f'{k:.1f} ({purged:.1f})':>24}" for _, k, purged in found)
              + f"   {found[-1][1] / found[0][1] - 1:+.1%}")
    print("storage    (KiB per finished game as it ends, and in brackets once its delivered "
          "announcements are purged; moves/s: one figure per run, old and new alternately)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="10 s per run, one round")
    parser.add_argument("--rounds", type=int, help="runs of each tree per measure")
    parser.add_argument("--also", nargs="*", default=(), metavar="REV",
                        help="other revisions measured beside them (e.g. the commit before "
                             "a change, to tell its cost from the rest)")
    parser.add_argument("--back-ends", nargs="*", default=("sqlite", "postgres"),
                        choices=("sqlite", "postgres"))
    parser.add_argument("--no-sizes", action="store_true", help="moves/s only")
    parser.add_argument("--this", metavar="REV",
                        help="measure this commit as 'this tree' instead of the folder")
    args = parser.parse_args()
    main(quick=args.quick, rounds=args.rounds, also=args.also, back_ends=args.back_ends,
         sizes=not args.no_sizes, this=args.this)
