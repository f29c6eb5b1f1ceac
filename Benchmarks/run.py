#!/usr/bin/env python3
"""`make bench`: times whatsnew against a plain libyaml scan of the same manifests and checks its targets:
`validate` within 2× and `compile --format html` within 3× the scan, peak memory within 6× the input,
and a `validate` of a small manifest starting in under 10 ms.

    python3 Benchmarks/run.py --whatsnew .build/release/whatsnew --yamlscan .build-bench/yamlscan \\
        --small .build-bench/manifest-1mb.yaml --large .build-bench/manifest-10mb.yaml

Every command runs --repetitions times and the median counts. Wall time is what the targets speak of; CPU
time (user + system) is printed beside it because it is less disturbed when other jobs share the cores.
Peak memory is the maximum resident set size that /usr/bin/time reports. The run fails (exit 1) only
when a command fails; targets that are missed are printed as FAIL.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

TIME = "/usr/bin/time"


class Sample:
    def __init__(self, wall, cpu, rss_kib):
        self.wall, self.cpu, self.rss_kib = wall, cpu, rss_kib


def run_once(command, measure_memory=True):
    """Runs a command with stdout discarded; returns its Sample, or raises with its stderr on failure."""
    with tempfile.TemporaryFile() as stderr, tempfile.NamedTemporaryFile(mode="r") as rss:
        argv = [TIME, "-f", "%M", "-o", rss.name, *command] if measure_memory else list(command)
        start = time.perf_counter()
        process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=stderr)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        stderr.seek(0)
        errors = stderr.read().decode(errors="replace").strip()
        if process.returncode != 0 or errors:
            raise RuntimeError(f"{' '.join(command)} exited {process.returncode}: {errors[:2000]}")
        rss_kib = int(rss.read().split()[-1]) if measure_memory else 0
        return Sample(wall, usage.ru_utime + usage.ru_stime, rss_kib)


def measure(command, repetitions):
    """The median wall and CPU time and the largest peak memory of `repetitions` runs (after a warm-up)."""
    run_once(command)
    samples = [run_once(command) for _ in range(repetitions)]
    return Sample(statistics.median(s.wall for s in samples), statistics.median(s.cpu for s in samples),
                  max(s.rss_kib for s in samples))


def has_compile(whatsnew):
    """Whether the binary has a `compile` subcommand. (Before it has, `compile --help` still exits 0:
    the argument parser then prints the root command's help, whose usage line does not name `compile`.)"""
    result = subprocess.run([whatsnew, "compile", "--help"], capture_output=True, text=True)
    return result.returncode == 0 and "USAGE: whatsnew compile" in result.stdout


def milliseconds(seconds):
    return f"{seconds * 1000:,.1f} ms"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--whatsnew", required=True)
    parser.add_argument("--yamlscan", required=True)
    parser.add_argument("--small", required=True, help="the ~1 MB manifest")
    parser.add_argument("--large", required=True, help="the ~10 MB manifest")
    parser.add_argument("--startup-input", default="Fixtures/valid/minimal/input.yaml")
    parser.add_argument("--repetitions", type=int, default=5)
    parser.add_argument("--startup-runs", type=int, default=20)
    args = parser.parse_args()

    compile_available = has_compile(args.whatsnew)
    commands = [("libyaml scan", lambda f: [args.yamlscan, f]),
                ("validate", lambda f: [args.whatsnew, "validate", f])]
    for output_format in ("html", "markdown", "ansi"):
        commands.append((f"compile --format {output_format}",
                         (lambda fmt: lambda f: [args.whatsnew, "compile", f, "--format", fmt])(output_format)
                         if compile_available else None))

    load = os.getloadavg()[0]
    print(f"whatsnew bench: median of {args.repetitions} runs after a warm-up; load average {load:.2f} on "
          f"{os.cpu_count()} cores (wall times are noisy while other jobs run; CPU = user + system)")
    header = f"{'input':<20} {'command':<26} {'wall':>11} {'× scan':>7} {'CPU':>11} {'× scan':>7} {'max RSS':>10} {'× input':>8}"
    print(header)
    print("-" * len(header))
    results = {}
    for path in (args.small, args.large):
        size = os.path.getsize(path)
        name = os.path.basename(path)
        scan = None
        for label, make in commands:
            if make is None:
                print(f"{name:<20} {label:<26} {'n/a (compile not built yet)':>58}")
                continue
            sample = measure(make(path), args.repetitions)
            scan = scan or sample
            results[(path, label)] = sample
            print(f"{name:<20} {label:<26} {milliseconds(sample.wall):>11} {sample.wall / scan.wall:>6.2f}× "
                  f"{milliseconds(sample.cpu):>11} {sample.cpu / scan.cpu:>6.2f}× "
                  f"{sample.rss_kib / 1024:>7.1f} MB {sample.rss_kib * 1024 / size:>7.2f}×")
            name = ""
        print()

    startup = [run_once([args.whatsnew, "validate", args.startup_input], measure_memory=False).wall
               for _ in range(args.startup_runs + 1)][1:]
    startup_median = statistics.median(startup)
    print(f"start-up: validate {args.startup_input}: median {milliseconds(startup_median)}, "
          f"min {milliseconds(min(startup))} of {args.startup_runs} runs")

    large_size, small_size = os.path.getsize(args.large), os.path.getsize(args.small)
    scan_large = results[(args.large, "libyaml scan")]
    validate_large = results[(args.large, "validate")]
    verdicts = []

    def verdict(name, value, ok):
        verdicts.append(ok)
        print(f"  {name:<44} {value:>14}   {'PASS' if ok else 'FAIL'}")

    print("\nTargets, on the large manifest:")
    ratio = validate_large.wall / scan_large.wall
    verdict("validate ≤ 2× libyaml scan", f"{ratio:.2f}×", ratio <= 2)
    if compile_available:
        ratio = results[(args.large, "compile --format html")].wall / scan_large.wall
        verdict("compile --format html ≤ 3× libyaml scan", f"{ratio:.2f}×", ratio <= 3)
    else:
        print(f"  {'compile --format html ≤ 3× libyaml scan':<44} {'n/a (compile not built yet)':>14}")
    peak = max(sample.rss_kib for (path, label), sample in results.items()
               if path == args.large and label != "libyaml scan")
    verdict("peak memory ≤ 6× input (worst command)", f"{peak * 1024 / large_size:.2f}×", peak * 1024 <= 6 * large_size)
    verdict("start-up < 10 ms", milliseconds(startup_median), startup_median < 0.010)
    size_ratio = large_size / small_size
    for label in [label for label, make in commands if make is not None and label != "libyaml scan"]:
        growth = results[(args.large, label)].wall / results[(args.small, label)].wall
        verdict(f"linear: {label} time ×{growth:.1f} for input ×{size_ratio:.1f}", f"{growth / size_ratio:.2f}",
                growth <= 1.2 * size_ratio)
    print(f"\n{sum(verdicts)} of {len(verdicts)} targets met" + ("" if compile_available else "; compile not measured"))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except RuntimeError as failure:
        print(f"bench: {failure}", file=sys.stderr)
        sys.exit(1)
