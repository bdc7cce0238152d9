#!/usr/bin/env python3
"""Chapter 6's shared-memory matmul on Numba's CUDA simulator and on CUDA Lab's emulator, side by side.

The kernel is the classic Numba tutorial's mat_mul_shared_kernal (16 x 16 tiles), at n = 128 by
default; CUDA Lab's counterpart is chapter 5's matmul_shared (the same tiles, loads and barriers),
timed by `cudalab bench emulator` on one worker. Both run on one core (taskset), one after the
other, in the same minute. Needs numba and numpy (pip install numba); prints a table and the ratio.

    python3 bench/tools/numba_vs_emulator.py build/release/bench/cudalab_emulator_bench [--n 128] [--core 0]
"""
import argparse
import os
import re
import subprocess
import sys
import time


# Numba's simulator swaps the kernel's module globals (`cuda`) for its own: the kernel lives at
# module level, and the simulator is switched on before numba is imported.
os.environ["NUMBA_ENABLE_CUDASIM"] = "1"
try:
    import numpy as np
    from numba import cuda, float32
except ImportError as missing:
    sys.exit(f"Numba's simulator needs numba and numpy ({missing}): pip install numba")

TPB = 16


@cuda.jit
def mat_mul_shared_kernal(A, B, C):
    sA = cuda.shared.array(shape=(TPB, TPB), dtype=float32)
    sB = cuda.shared.array(shape=(TPB, TPB), dtype=float32)
    x, y = cuda.grid(2)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    if x >= C.shape[0] or y >= C.shape[1]:
        return
    tmp = 0.0
    for i in range(int(A.shape[1] / TPB)):
        sA[tx, ty] = A[x, ty + i * TPB]
        sB[tx, ty] = B[tx + i * TPB, y]
        cuda.syncthreads()
        for j in range(TPB):
            tmp += sA[tx, j] * sB[j, ty]
        cuda.syncthreads()
    C[x, y] = tmp


def numba_seconds(n):
    rng = np.random.default_rng(12345)
    a = rng.uniform(-1, 1, (n, n)).astype(np.float32)
    b = rng.uniform(-1, 1, (n, n)).astype(np.float32)
    da, db, dc = cuda.to_device(a), cuda.to_device(b), cuda.device_array((n, n), np.float32)
    start = time.perf_counter()
    mat_mul_shared_kernal[(n // TPB, n // TPB), (TPB, TPB)](da, db, dc)
    cuda.synchronize()
    seconds = time.perf_counter() - start
    error = float(abs(dc.copy_to_host().astype(np.float64) - a.astype(np.float64) @ b.astype(np.float64)).max())
    if error > 1e-3:
        sys.exit(f"Numba's simulator gave a wrong product (largest error {error:.3g}); no time shown")
    return seconds


def emulator_seconds(bench, n, core):
    # cudalab_emulator_bench REPEATS SIZE WORKERS: the matmul rows at one size, one worker.
    result = subprocess.run(["taskset", "-c", str(core), bench, "7", str(n), "1"], capture_output=True, text=True)
    for line in result.stdout.splitlines():
        match = re.match(r"matmul_shared \(16x16\)\s+(\d+)\s+1\s+([0-9.]+)", line)
        if match and int(match.group(1)) == n:
            return float(match.group(2)), result.stdout
    sys.exit("the emulator bench printed no matmul_shared row:\n" + result.stdout + result.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bench", help="path of cudalab_emulator_bench")
    parser.add_argument("--n", type=int, default=128, help="matrix size, a multiple of 16 (default 128)")
    parser.add_argument("--core", type=int, default=0, help="the core both run on (default 0)")
    args = parser.parse_args()
    if args.n % 16:
        sys.exit("--n must be a multiple of 16 (the tutorial's kernel has no guards for ragged tiles)")
    os.sched_setaffinity(0, {args.core})
    numba = numba_seconds(args.n)
    emulated, _ = emulator_seconds(args.bench, args.n, args.core)
    print(f"Chapter 6's shared-memory matmul, n = {args.n}, 16 x 16 tiles, one core (core {args.core})")
    print(f"  {'Numba CUDA simulator':<34} {numba:>12.3f} s")
    print(f"  {'CUDA Lab emulator (1 worker)':<34} {emulated:>12.6f} s")
    print(f"  {'emulator speed-up':<34} {numba / emulated:>12,.0f}x")


if __name__ == "__main__":
    main()
