#!/usr/bin/env bash
# Issue #25, end to end: real keystrokes through the X server into the real window. A fast
# Ctrl+Enter (Ctrl down, Enter down and up, Ctrl up, with no delay between them: all inside one
# frame) must check the student's kernel every time and never type a newline into it. Under
# ImGui 1.86 the app read Ctrl from its per-frame key state and 2 of 5 such presses typed Enter.
#
#   xvfb-run -a -s "-screen 0 1280x800x24" quick_chords.sh CUDALAB_EXE SCRATCH_DIR
#
# Needs xdotool (the XTest client README's test command installs); exits 77 (skipped) without it.
set -euo pipefail
exe=$1
scratch=$2
presses=${PRESSES:-5}

command -v xdotool >/dev/null || { echo "xdotool is not installed: skipped"; exit 77; }
[ -n "${DISPLAY:-}" ] || { echo "no DISPLAY: run it under xvfb-run"; exit 1; }

rm -rf "$scratch"
mkdir -p "$scratch/data/cudalab/exercises" "$scratch/config"
export XDG_DATA_HOME=$scratch/data XDG_CONFIG_HOME=$scratch/config CUDALAB_WINDOW_SIZE=1280x800
kernel=$scratch/data/cudalab/exercises/guard.cu
progress=$scratch/data/cudalab/exercises/progress.json
"$exe" exercise guard --solution > "$kernel"
cp "$kernel" "$scratch/solution.cu"

"$exe" --backend emu --exercise guard > "$scratch/app.log" 2>&1 &
app=$!
trap 'kill $app 2>/dev/null || true' EXIT

attempts() {  # how many checks progress.json counts for the exercise (0 before the first)
  python3 -c 'import json, sys
try: print(json.load(open(sys.argv[1])).get("guard", {}).get("attempts", 0))
except OSError: print(0)' "$progress"
}
wait_for() {  # wait_for SECONDS CONDITION...
  local deadline=$((SECONDS + $1)); shift
  until "$@"; do
    [ $SECONDS -lt $deadline ] || return 1
    kill -0 $app 2>/dev/null || { echo "the app ended:"; cat "$scratch/app.log"; exit 1; }
    sleep 0.1
  done
}

window=$(xdotool search --sync --name "CUDA Lab" | head -n 1)
xdotool windowfocus --sync "$window"
# Ready when a click in the editor (the right-hand pane's upper part: tests/gui has it at
# 0.45-0.99 × 0.07-0.3) and a Ctrl+Enter check the kernel: the window may be mapped before its
# first frame is drawn, and a loaded machine draws it late. What follows counts every press.
ready=no
for attempt in 1 2 3 4 5 6; do
  xdotool mousemove --window "$window" 900 170 click 1
  xdotool key --window "$window" --delay 0 ctrl+Return
  checked_once() { [ "$(attempts)" -gt 0 ]; }
  if wait_for 10 checked_once; then ready=yes; break; fi
done
[ $ready = yes ] || { echo "the exercise never checked: no editor to type into?"; cat "$scratch/app.log"; exit 1; }

for press in $(seq 1 "$presses"); do
  before=$(attempts)
  xdotool key --window "$window" --delay 0 ctrl+Return
  checked() { [ "$(attempts)" -gt "$before" ]; }
  if ! wait_for 60 checked; then
    echo "press $press: Ctrl+Enter did not check the kernel (attempts stayed at $before)"
    diff "$scratch/solution.cu" "$kernel" || true
    exit 1
  fi
done
sleep 1.5  # past the autosave's quiet time: a typed newline would be on disk now
if ! cmp -s "$scratch/solution.cu" "$kernel"; then
  echo "Ctrl+Enter typed into the kernel:"
  diff "$scratch/solution.cu" "$kernel" || true
  exit 1
fi

# Typed characters come through the same chained callbacks, in order with the keys between them.
xdotool key --window "$window" --delay 0 ctrl+End
xdotool type --window "$window" --delay 0 "// typed fast"
{ cat "$scratch/solution.cu"; printf '// typed fast'; } > "$scratch/expected.cu"
saved() { cmp -s "$scratch/expected.cu" "$kernel"; }
if ! wait_for 30 saved; then
  echo "what was typed did not arrive as typed:"
  diff "$scratch/expected.cu" "$kernel" || true
  exit 1
fi
echo "$presses quick Ctrl+Enter presses: $presses checks, nothing typed by them; typing arrives in order"
