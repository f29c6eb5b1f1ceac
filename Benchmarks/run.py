#!/usr/bin/env python3
"""`make bench`: measures whatsnew against a plain libyaml scan of the same manifests and checks its targets:
`validate` within 2× and `compile --format html` and `--format markdown` within 3× the scan, on two cores and
pinned to one; peak memory within 5× the input; `validate` of a small manifest in at most 25 M instructions
and under 10 ms; `show` with nothing new to show in at most 15 M instructions; and, on a manifest whose
`versions` holds one million one-character items, each an error (--errors, issue 28), `validate` and
`compile --format html` in at most 300 MB and 3 s.

    python3 Benchmarks/run.py --whatsnew .build/release/whatsnew --yamlscan .build-bench/yamlscan \\
        --small .build-bench/manifest-1mb.yaml --large .build-bench/manifest-10mb.yaml \\
        --errors .build-bench/million-errors.yaml

Every command runs --repetitions times and the median counts. Wall time is what the targets speak of; CPU
time (user + system) is printed beside it because it is less disturbed when other jobs share the cores, and
so is the instruction count (valgrind's callgrind, one run: it does not change with the machine's load, so
it is the number to compare across builds). "1 core" runs the command under `taskset -c 0`, as on a CI
runner whose other core is busy. Peak memory is the maximum resident set size that /usr/bin/time reports.
The run fails (exit 1) only when a command fails (on the erroneous manifest, when it exits otherwise than with
status 1, the status of a run that found errors); targets that are missed are printed as FAIL.
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

TIME = "/usr/bin/time"
VALGRIND = shutil.which("valgrind")


class Sample:
    def __init__(self, wall, cpu, rss_kib):
        self.wall, self.cpu, self.rss_kib = wall, cpu, rss_kib


def run_once(command, measure_memory=True, expected=0):
    """Runs a command with stdout discarded; returns its Sample, or raises with its stderr when it exits
    otherwise than with status `expected` (or, expecting 0, writes to stderr: a command expected to find
    errors prints them there)."""
    with tempfile.TemporaryFile() as stderr, tempfile.NamedTemporaryFile(mode="r") as rss:
        argv = [TIME, "-f", "%M", "-o", rss.name, *command] if measure_memory else list(command)
        start = time.perf_counter()
        process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=stderr)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        stderr.seek(0)
        errors = stderr.read().decode(errors="replace").strip()
        if process.returncode != expected or (expected == 0 and errors):
            raise RuntimeError(f"{' '.join(command)} exited {process.returncode}: {errors[:2000]}")
        rss_kib = int(rss.read().split()[-1]) if measure_memory else 0
        return Sample(wall, usage.ru_utime + usage.ru_stime, rss_kib)


def measure(command, repetitions, expected=0):
    """The median wall and CPU time and the largest peak memory of `repetitions` runs (after a warm-up)."""
    run_once(command, expected=expected)
    samples = [run_once(command, expected=expected) for _ in range(repetitions)]
    return Sample(statistics.median(s.wall for s in samples), statistics.median(s.cpu for s in samples),
                  max(s.rss_kib for s in samples))


def has_compile(whatsnew):
    """Whether the binary has a `compile` subcommand. (Before it has, `compile --help` still exits 0:
    the argument parser then prints the root command's help, whose usage line does not name `compile`.)"""
    result = subprocess.run([whatsnew, "compile", "--help"], capture_output=True, text=True)
    return result.returncode == 0 and "USAGE: whatsnew compile" in result.stdout


def instructions(command, env=None, expected=0):
    """The instructions one run of `command` executes (every thread), as valgrind's callgrind counts them;
    None when valgrind is not installed. The command must exit with status `expected`."""
    if not VALGRIND:
        return None
    argv = [VALGRIND, "--tool=callgrind", "--callgrind-out-file=/dev/null", *command]
    result = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, env=env)
    match = re.search(r"Collected : (\d+)", result.stderr)
    if result.returncode != expected or not match:
        raise RuntimeError(f"callgrind {' '.join(command)} exited {result.returncode}: {result.stderr[-2000:]}")
    return int(match.group(1))


def milliseconds(seconds):
    return f"{seconds * 1000:,.1f} ms"


def millions(count):
    return "n/a" if count is None else f"{count / 1e6:,.1f} M"


ONE_CORE = ["taskset", "-c", "0"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--whatsnew", required=True)
    parser.add_argument("--yamlscan", required=True)
    parser.add_argument("--small", required=True, help="the ~1 MB manifest")
    parser.add_argument("--large", required=True, help="the ~10 MB manifest")
    parser.add_argument("--errors", help="the manifest of one million erroneous items (generate.py --erroneous-items)")
    parser.add_argument("--startup-input", default="Benchmarks/startup.yaml",
                        help="a small manifest (about 40 lines) whose newest version is 1.2.0")
    parser.add_argument("--repetitions", type=int, default=5)
    parser.add_argument("--startup-runs", type=int, default=20)
    parser.add_argument("--no-instructions", action="store_true", help="skip the callgrind runs")
    args = parser.parse_args()
    global VALGRIND
    if args.no_instructions:
        VALGRIND = None

    compile_available = has_compile(args.whatsnew)
    commands = [("libyaml scan", lambda f: [args.yamlscan, f]),
                ("validate", lambda f: [args.whatsnew, "validate", f])]
    for output_format in ("html", "markdown", "ansi"):
        commands.append((f"compile --format {output_format}",
                         (lambda fmt: lambda f: [args.whatsnew, "compile", f, "--format", fmt])(output_format)
                         if compile_available else None))

    load = os.getloadavg()[0]
    print(f"whatsnew bench: median of {args.repetitions} runs after a warm-up; load average {load:.2f} on "
          f"{os.cpu_count()} cores (wall times are noisy while other jobs run; CPU = user + system; "
          f"instructions: callgrind, {'one run' if VALGRIND else 'skipped (--no-instructions)' if args.no_instructions else 'valgrind not installed'})")
    header = (f"{'input':<20} {'command':<26} {'wall':>10} {'× scan':>7} {'1 core':>10} {'× scan':>7} "
              f"{'CPU':>10} {'max RSS':>10} {'× input':>8} {'instructions':>13}")
    print(header)
    print("-" * len(header))
    results = {}
    # On the erroneous manifest whatsnew finds errors: it must exit with status 1 (and scan it with 0).
    error_commands = [(label, make) for label, make in commands if label in ("libyaml scan", "validate", "compile --format html")]
    for path, path_commands in [(args.small, commands), (args.large, commands)] + ([(args.errors, error_commands)] if args.errors else []):
        size = os.path.getsize(path)
        name = os.path.basename(path)
        scan = scan_one = None
        for label, make in path_commands:
            if make is None:
                print(f"{name:<20} {label:<26} {'n/a (compile not built yet)':>58}")
                continue
            expected = 1 if path == args.errors and label != "libyaml scan" else 0
            sample = measure(make(path), args.repetitions, expected)
            one_core = measure(ONE_CORE + make(path), args.repetitions, expected)
            count = instructions(make(path), expected=expected)
            scan, scan_one = scan or sample, scan_one or one_core
            results[(path, label)] = (sample, one_core, count)
            print(f"{name:<20} {label:<26} {milliseconds(sample.wall):>10} {sample.wall / scan.wall:>6.2f}× "
                  f"{milliseconds(one_core.wall):>10} {one_core.wall / scan_one.wall:>6.2f}× "
                  f"{milliseconds(sample.cpu):>10} {sample.rss_kib / 1024:>7.1f} MB "
                  f"{sample.rss_kib * 1024 / size:>7.2f}× {millions(count):>13}")
            name = ""
        print()

    # Start-up: what every start of an app that embeds `show` runs, and a CI `validate` of a small manifest.
    with tempfile.TemporaryDirectory() as state:
        state_file = os.path.join(state, "state.json")
        show = [args.whatsnew, "show", args.startup_input, "--current-version", "1.2.0",
                "--state-file", state_file, "--no-tty-check"]
        subprocess.run(show, check=True, stdout=subprocess.DEVNULL)  # records 1.2.0: nothing new from now on
        startup_commands = [("--version", [args.whatsnew, "--version"]),
                            (f"validate {os.path.basename(args.startup_input)}",
                             [args.whatsnew, "validate", args.startup_input]),
                            ("show, nothing new", show)]
        startup = {}
        print(f"{'start-up':<36} {'median':>10} {'min':>10} {'instructions':>13}")
        for label, command in startup_commands:
            walls = [run_once(command, measure_memory=False).wall for _ in range(args.startup_runs + 1)][1:]
            count = instructions(command)
            startup[label] = (statistics.median(walls), count)
            print(f"{label:<36} {milliseconds(statistics.median(walls)):>10} {milliseconds(min(walls)):>10} "
                  f"{millions(count):>13}")

    large_size, small_size = os.path.getsize(args.large), os.path.getsize(args.small)
    scan_large, scan_large_one, _ = results[(args.large, "libyaml scan")]
    verdicts = []

    def verdict(name, value, ok):
        verdicts.append(ok)
        print(f"  {name:<52} {value:>14}   {'PASS' if ok else 'FAIL'}")

    print("\nTargets, on the large manifest:")
    for label, limit in [("validate", 2), ("compile --format html", 3), ("compile --format markdown", 3)]:
        if (args.large, label) not in results:
            print(f"  {label + f' ≤ {limit}× libyaml scan':<52} {'n/a (compile not built yet)':>14}")
            continue
        sample, one_core, _ = results[(args.large, label)]
        verdict(f"{label} ≤ {limit}× libyaml scan", f"{sample.wall / scan_large.wall:.2f}×",
                sample.wall <= limit * scan_large.wall)
        verdict(f"{label} ≤ {limit}× libyaml scan, 1 core", f"{one_core.wall / scan_large_one.wall:.2f}×",
                one_core.wall <= limit * scan_large_one.wall)
    peak = max(sample.rss_kib for (path, label), (sample, _, _) in results.items()
               if path == args.large and label != "libyaml scan")
    verdict("peak memory ≤ 5× input (worst command)", f"{peak * 1024 / large_size:.2f}×", peak * 1024 <= 5 * large_size)
    size_ratio = large_size / small_size
    for label in [label for label, make in commands if make is not None and label != "libyaml scan"]:
        growth = results[(args.large, label)][0].wall / results[(args.small, label)][0].wall
        verdict(f"linear: {label} time ×{growth:.1f} for input ×{size_ratio:.1f}", f"{growth / size_ratio:.2f}",
                growth <= 1.2 * size_ratio)
    measured = [(label, results[(args.errors, label)]) for label in ("validate", "compile --format html")
                if (args.errors, label) in results]
    if measured:
        print("Targets, on the manifest of one million erroneous items:")
        peak = max(max(sample.rss_kib, one_core.rss_kib) for _, (sample, one_core, _) in measured)
        verdict("peak memory ≤ 300 MB (worst command, 1 or 2 cores)", f"{peak / 1024:.1f} MB", peak <= 300 * 1024)
        slowest = max(max(sample.wall, one_core.wall) for _, (sample, one_core, _) in measured)
        verdict("wall ≤ 3 s (worst command, 1 or 2 cores)", f"{slowest:.2f} s", slowest <= 3)
    print("Targets, start-up:")
    validate_label = f"validate {os.path.basename(args.startup_input)}"
    wall, count = startup[validate_label]
    verdict(f"{validate_label} < 10 ms", milliseconds(wall), wall < 0.010)
    if count is not None:
        verdict(f"{validate_label} ≤ 25 M instructions", millions(count), count <= 25_000_000)
        count = startup["show, nothing new"][1]
        verdict("show, nothing new ≤ 15 M instructions", millions(count), count <= 15_000_000)
    print(f"\n{sum(verdicts)} of {len(verdicts)} targets met" + ("" if compile_available else "; compile not measured"))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except RuntimeError as failure:
        print(f"bench: {failure}", file=sys.stderr)
        sys.exit(1)
