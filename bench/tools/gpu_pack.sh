#!/usr/bin/env bash
# Measuring on a GPU machine that has the driver and the CUDA toolkit but not this project's Debian
# packages (GLFW, fmt, md4c, stb, Boost.Context): pack what a build made here, run it there.
#
#   bench/tools/gpu_pack.sh pack [OUT_DIR] [TEST...]   # here, after a Release build with the toolkit
#   bench/tools/gpu_pack.sh run  [OUT_DIR]             # there, from a copy of this tree
#
# `pack` writes OUT_DIR (default .device-bin, git-ignored) with pack.tar.xz (bin/cudalab, its GPU
# backend, the tests' backend and the named test binaries, default the ladder's two, stripped) and
# libs/ (the shared libraries they need beyond glibc, the driver and the toolkit). `run` unpacks
# them into build/release, links the path the build was made at to this tree (the tests start the
# worker from the build's path), runs the named tests on the GPU, then
# `cudalab bench matmul --ladder --tune` at 4096 (sizes 2048, 4096, 8192) and prints the rung
# instances' sweep and the ladder's table. Results also go to $OUT when it is set.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/../.."
root=$PWD
mode=${1:-}
out=${2:-.device-bin}
build=build/release

pack() {
  local tests=("$@")
  [ ${#tests[@]} -gt 0 ] || tests=(test_matmul_ladder test_ladder_lesson)
  [ -x "$build/bin/cudalab" ] || { echo "gpu_pack: build first (./lab test or cmake --build --preset release)"; exit 1; }
  [ -f "$build/bin/libcudalab-gpu.so" ] || { echo "gpu_pack: this build has no GPU backend (no CUDA toolkit here)"; exit 1; }
  local stage
  stage=$(mktemp -d)
  trap "rm -rf '$stage'" EXIT
  local files=(bin/cudalab bin/libcudalab-gpu.so)
  while IFS= read -r f; do files+=("${f#./}"); done < <(cd "$build" && find ./tests/lib -type f -name '*.so*')
  for t in "${tests[@]}"; do
    while IFS= read -r f; do files+=("${f#./}"); done < <(cd "$build" && find ./tests -name "$t" -type f)
  done
  for f in "${files[@]}"; do
    mkdir -p "$stage/$(dirname "$f")"
    cp "$build/$f" "$stage/$f"
    strip --strip-unneeded "$stage/$f" 2>/dev/null || true
  done
  mkdir -p "$out/libs"
  echo "$root" >"$out/built_at"
  tar cf - -C "$stage" . | xz -T0 -6 >"$out/pack.tar.xz"
  # What the binaries link beyond glibc, the C++ runtime, the driver and the toolkit.
  for f in "${files[@]}"; do ldd "$build/$f" 2>/dev/null; done |
    awk '$3 ~ /^\// {print $3}' | sort -u |
    grep -vE '/(libc|libm|libdl|librt|libpthread|libgcc_s|libstdc\+\+|ld-linux[^/]*|libcuda|libcudart|libcublas[^/]*|libnvrtc[^/]*)\.so' |
    while IFS= read -r lib; do cp -L "$lib" "$out/libs/"; done
  du -sh "$out/pack.tar.xz" "$out/libs"
}

run() {
  mkdir -p "$build"
  tar xJf "$out/pack.tar.xz" -C "$build"
  export LD_LIBRARY_PATH="$root/$out/libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  # The tests start the worker from the build's own path: make it lead here.
  local built_at
  built_at=$(cat "$out/built_at")
  if [ "$built_at" != "$root" ] && [ ! -e "$built_at" ]; then
    mkdir -p "$(dirname "$built_at")" && ln -s "$root" "$built_at"
  fi
  local results=${OUT:-$(mktemp -d)}
  mkdir -p "$results"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$results/gpu.txt"
  export XDG_CACHE_HOME=${XDG_CACHE_HOME:-$(mktemp -d)}
  while IFS= read -r t; do
    echo "== $(basename "$t") on the GPU"
    CUDALAB_LESSON_TEST_BACKEND=gpu timeout 300 "$t" 2>&1 | tee -a "$results/tests.txt" |
      grep -E '^\[  (FAILED|PASSED|SKIPPED) |Failure' || true
  done < <(find "$build/tests" -type f -name 'test_*')
  timeout 300 "$build/bin/cudalab" bench matmul --ladder --tune --tune-size 4096 --sizes 2048,4096,8192 \
    >"$results/bench.txt" 2>&1 || true
  grep -E '^double_buffer ' "$results/bench.txt" || true
  grep -E '^ +(2048|4096|8192) ' "$results/bench.txt" || tail -20 "$results/bench.txt"
}

case "$mode" in
  pack) pack "${@:3}" ;;
  run) run ;;
  *) sed -n '2,13p' "$0"; exit 2 ;;
esac
