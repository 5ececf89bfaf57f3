"""Runs browser test files (all of tests/browser/*_test.py by default) in a few worker
processes that keep their headless Chromium from one file to the next.

    python3 run_files.py [--jobs N] [--timeout SECONDS] [file ...]

Each worker takes the next file (the longest first), runs its tests with unittest and hands
its browsers back to support.py's pool, wiped, for the next file. Run one file per process
(`python3 game_test.py`, or ctest's browser_* tests), every file started its own browsers:
starting one and its first page cost about 5 s of processor time, against a wipe's 1 s
(bench/README.md, "Build and test time"). A file's output is printed when it ends; the exit
status is 0 when every file passed. A file that runs longer than --timeout (600 s) has its
stacks printed and fails, and its worker is replaced."""

import argparse
import ctypes
import faulthandler
import glob
import importlib.util
import io
import multiprocessing
import os
import queue
import signal
import sys
import time
import traceback
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))


def cost(path):
    """Longer files first (their lines, as tests/CMakeLists.txt orders the browser_* tests)."""
    with open(path, encoding="utf-8") as f:
        return sum(1 for _ in f)


def run_file(path):
    """(passed, tests run, unittest's report) of one file's tests, run in this process."""
    out = io.StringIO()
    try:
        name = "browser_file_" + os.path.splitext(os.path.basename(path))[0]
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        suite = unittest.defaultTestLoader.loadTestsFromModule(module)
        result = unittest.TextTestRunner(stream=out, verbosity=2).run(suite)
        return result.wasSuccessful(), result.testsRun, out.getvalue()
    except Exception:  # the file could not be loaded: a failure of that file
        out.write(traceback.format_exc())
        return False, 0, out.getvalue()


def worker(tasks, results, timeout, runner):
    # Its browsers and servers in its own process group, ended with it: by the runner when the
    # worker dies, by the worker when the runner dies (PR_SET_PDEATHSIG, then SIGTERM's handler).
    os.setpgid(0, 0)
    signal.signal(signal.SIGTERM, lambda *_: os.killpg(0, signal.SIGKILL))
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # 1: PR_SET_PDEATHSIG
    if os.getppid() != runner:  # the runner ended before the line above
        os.killpg(0, signal.SIGKILL)
    sys.path.insert(0, HERE)
    import support  # the pool lives in this module, shared by every file this worker runs
    try:
        while True:
            path = tasks.get()
            if path is None:
                break
            results.put(("start", os.getpid(), path))
            started = time.time()
            faulthandler.dump_traceback_later(timeout, exit=True)
            passed, count, report = run_file(path)
            faulthandler.cancel_dump_traceback_later()
            results.put(("done", os.getpid(), path, passed, count, report, time.time() - started))
    finally:
        support.quit_pool()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int,
                        default=int(os.environ.get("CORRCHESS_BROWSER_JOBS", (os.cpu_count() or 2) + 1)))
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    files = [os.path.abspath(f) for f in args.files] or sorted(glob.glob(os.path.join(HERE, "*_test.py")))
    files.sort(key=cost, reverse=True)
    if not files:
        print("no browser test files", file=sys.stderr)
        return 1

    context = multiprocessing.get_context("spawn")
    tasks, results = context.Queue(), context.Queue()
    for path in files:
        tasks.put(path)
    jobs = max(1, min(args.jobs, len(files)))

    def start_worker():
        process = context.Process(target=worker, args=(tasks, results, args.timeout, os.getpid()))
        process.start()
        return process

    workers = {}
    for _ in range(jobs):
        w = start_worker()
        workers[w.pid] = w
        tasks.put(None)
    running = {}  # worker pid -> (file, started)
    failed, done, tests, began = [], 0, 0, time.time()
    while done < len(files):
        try:
            message = results.get(timeout=1)
        except queue.Empty:
            for pid, w in list(workers.items()):
                if w.is_alive():
                    continue
                del workers[pid]
                try:  # what it left running (Chromium, chromedriver, servers)
                    os.killpg(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                if pid in running:  # died in a file (its timeout, or a crash): that file failed
                    path, started = running.pop(pid)
                    done += 1
                    failed.append(path)
                    print("FAILED %s: its worker ended (exit code %s) after %.0f s" % (
                        os.path.basename(path), w.exitcode, time.time() - started), flush=True)
                    replacement = start_worker()
                    workers[replacement.pid] = replacement
                    tasks.put(None)
            if not workers:
                print("every worker ended with files left", file=sys.stderr)
                failed.append("(files not run)")
                break
            continue
        if message[0] == "start":
            running[message[1]] = (message[2], time.time())
            continue
        _, pid, path, passed, count, report, seconds = message
        running.pop(pid, None)
        done += 1
        tests += count
        if not passed:
            failed.append(path)
        print("%s %s: %d tests in %.0f s (%d of %d files)" % (
            "passed" if passed else "FAILED", os.path.basename(path), count, seconds, done, len(files)),
            flush=True)
        if not passed:
            print(report, flush=True)
    for w in workers.values():
        w.join(timeout=60)
    print("%d browser files, %d tests in %.0f s: %s" % (
        len(files), tests, time.time() - began,
        "all passed" if not failed else "failed: " + ", ".join(os.path.basename(f) for f in failed)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
