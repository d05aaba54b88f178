"""The deflated .npz part of the benchmarks (make bench-npz, also run by
make bench): archives written by np.savez_compressed, read and written by
nx_array (bench_npz.exe, one process per timing) and by numpy, in rounds,
each contender in turn, each row's best round kept.

  noisy.npz   two float32 arrays of 25 Mi values, weights-like noise
              (normal, scaled: the low mantissa bits random; 200 MB,
              deflate keeps ~93 % of it)
  smooth.npz  one float32 array of 25 Mi values, a period of 1000
              (100 MB, which deflate shrinks ~250 times)

read:  nx_array's Npz.map_file, then read_as Float32 of each member
       (inflated, CRC-32 checked); numpy's np.load(path)[name] of each;
       and the floor: new memory of the members' size, each page touched.
write: noisy.npz's arrays written deflated, Npz.write_file ~compress:true
       against np.savez_compressed (zlib's level 6 both); the sizes
       written are printed below the table.

Usage: bench_npz.py LABEL=BENCH_NPZ_EXE... (several builds side by side:
nx=new old=...). BENCH_ROUNDS rounds (default 3); BENCH_NPZ_DIR for the
directory of the archives (default: a new temporary one, removed at the
end). Prints a table: wall-clock and CPU seconds, and each row's time
over numpy's."""

import os
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

N = 25 * 1024 * 1024


def timed(f):
    t0, c0 = time.perf_counter(), time.process_time()
    f()
    return time.perf_counter() - t0, time.process_time() - c0


def make(dir):
    rng = np.random.default_rng(2026)
    noisy = os.path.join(dir, "noisy.npz")
    smooth = os.path.join(dir, "smooth.npz")
    if not os.path.exists(noisy):
        a = (rng.standard_normal(N, dtype=np.float32) * np.float32(0.02))
        b = (rng.standard_normal(N, dtype=np.float32) * np.float32(0.5))
        np.savez_compressed(noisy, a=a, b=b)
    if not os.path.exists(smooth):
        c = (np.arange(N) % 1000).astype(np.float32) * np.float32(0.25)
        np.savez_compressed(smooth, c=c)
    return {"noisy": (noisy, ["a", "b"]), "smooth": (smooth, ["c"])}


def run_exe(exe, *args):
    out = subprocess.run([exe, *args], check=True, capture_output=True, text=True).stdout
    wall, cpu = out.split()
    return float(wall), float(cpu)


def numpy_read(path, names):
    def f():
        with np.load(path) as z:
            for n in names:
                z[n]
    return timed(f)


def numpy_write(path, out):
    with np.load(path) as z:
        arrays = {n: z[n] for n in z.files}
    return timed(lambda: np.savez_compressed(out, **arrays))


def main():
    contenders = [a.split("=", 1) for a in sys.argv[1:]]
    rounds = int(os.environ.get("BENCH_ROUNDS", "3"))
    own = "BENCH_NPZ_DIR" not in os.environ
    dir = tempfile.mkdtemp(prefix="bench_npz.") if own else os.environ["BENCH_NPZ_DIR"]
    os.makedirs(dir, exist_ok=True)
    best = {}
    written = {}

    def keep(impl, case, t):
        k = (impl, case)
        if k not in best or t[0] < best[k][0]:
            best[k] = t

    try:
        files = make(dir)
        out = os.path.join(dir, "out.npz")
        for r in range(rounds):
            print(f"bench-npz: round {r + 1} of {rounds}", file=sys.stderr)
            for case, (path, names) in files.items():
                for label, exe in contenders:
                    keep(label, "read " + case, run_exe(exe, "read", path, *names))
                keep("numpy", "read " + case, numpy_read(path, names))
                keep("floor", "read " + case, run_exe(contenders[0][1], "touch", path, *names))
            path = files["noisy"][0]
            for label, exe in contenders:
                keep(label, "write noisy", run_exe(exe, "write", path, out))
                written[label] = os.path.getsize(out)
                os.remove(out)
            keep("numpy", "write noisy", numpy_write(path, out))
            written["numpy"] = os.path.getsize(out)
            os.remove(out)
        sizes = {c: os.path.getsize(p) for c, (p, _) in files.items()}
    finally:
        if own:
            shutil.rmtree(dir)
    print("Deflated .npz (best of %d rounds; seconds)\n" % rounds)
    print("| case | impl | wall | cpu | wall / numpy |")
    print("|---|---|---|---|---|")
    for case in ["read noisy", "read smooth", "write noisy"]:
        np_wall = best[("numpy", case)][0]
        for impl in [l for l, _ in contenders] + ["numpy", "floor"]:
            if (impl, case) not in best:
                continue
            wall, cpu = best[(impl, case)]
            print(f"| {case} | {impl} | {wall:.3f} | {cpu:.3f} | {wall / np_wall:.2f} |")
    print("\narchives: " + ", ".join(f"{c}.npz {s / 1e6:.1f} MB" for c, s in sizes.items()))
    print("written: " + ", ".join(f"{l} {s / 1e6:.2f} MB" for l, s in written.items()))


main()
