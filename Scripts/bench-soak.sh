#!/usr/bin/env bash
# Soak test for the image pipeline and the rest of the benchmark: runs the release
# `spacer-bench --json` RUNS times (default 100) while two busy loops keep the CPUs contended,
# and counts what went wrong. Not run by CI (100 runs take far longer than a CI step); run it
# by hand after touching concurrency code (issue 23: 3 crashes and 1 hang in 30 runs before the
# coalescing fix).
#
#   Scripts/bench-soak.sh [RUNS] [LIMIT_SECONDS]
#
# - crash: the bench exited non-zero or was killed by a signal (its output is kept);
# - hang: a run still going after LIMIT_SECONDS (default 600, far above an honest run, which
#   takes well under a minute even on a loaded 2-core machine) is killed and counted as a hang;
# - bad output: exit 0 but stdout is not one JSON object.
# Everything (busy loops and bench) runs under `nice -n ${SOAK_NICE:-19}`, so on a shared
# machine they compete with each other, not with other people's builds. Logs of failed runs go
# to ${SOAK_LOGS:-.build/bench-soak}. Exit status: 0 when every run was clean, 1 otherwise.
set -uo pipefail
cd "$(dirname "$0")/.."

runs=${1:-100}
limit=${2:-600}
nice_level=${SOAK_NICE:-19}
logs=${SOAK_LOGS:-.build/bench-soak}
case "$runs$limit" in *[!0-9]*) echo "usage: $0 [RUNS] [LIMIT_SECONDS] (whole numbers)" >&2; exit 2 ;; esac

swift build -c release --product spacer-bench >&2 || exit 2
bench="$(swift build -c release --show-bin-path)/spacer-bench"
mkdir -p "$logs"

busy=()
stop_busy() { for pid in "${busy[@]}"; do kill "$pid" 2>/dev/null; done; }
trap stop_busy EXIT
trap 'exit 130' INT TERM
for _ in 1 2; do
  nice -n "$nice_level" bash -c 'while :; do :; done' &
  busy+=($!)
done

ok=0 crashes=0 hangs=0 bad=0
durations=()
for ((run = 1; run <= runs; run++)); do
  out="$logs/run-$run.out" err="$logs/run-$run.err"
  start=$(date +%s.%N)
  nice -n "$nice_level" timeout --kill-after=10 "$limit" "$bench" --json >"$out" 2>"$err"
  status=$?
  seconds=$(echo "$(date +%s.%N) - $start" | bc)
  durations+=("$seconds")
  if [ "$status" -eq 124 ] || { [ "$status" -eq 137 ] && [ "${seconds%.*}" -ge "$limit" ]; }; then
    hangs=$((hangs + 1)); verdict="HANG (killed after ${limit}s)"
  elif [ "$status" -ne 0 ]; then
    crashes=$((crashes + 1)); verdict="CRASH (exit $status$([ "$status" -gt 128 ] && echo ", signal $((status - 128))"))"
  elif ! python3 -c 'import json,sys; d=json.load(sys.stdin); sys.exit(0 if isinstance(d, dict) else 1)' <"$out" 2>/dev/null; then
    bad=$((bad + 1)); verdict="BAD OUTPUT (not one JSON object)"
  else
    ok=$((ok + 1)); verdict=ok
    rm -f "$out" "$err"
  fi
  printf '%s run %d/%d: %s in %.1fs\n' "$(date -u +%H:%M:%S)" "$run" "$runs" "$verdict" "$seconds"
done

sorted=$(printf '%s\n' "${durations[@]}" | sort -n)
median=$(echo "$sorted" | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}')
printf 'runs=%d ok=%d crashes=%d hangs=%d bad_output=%d seconds(min/median/max)=%.1f/%.1f/%.1f\n' \
  "$runs" "$ok" "$crashes" "$hangs" "$bad" "$(echo "$sorted" | head -1)" "$median" "$(echo "$sorted" | tail -1)"
[ $((crashes + hangs + bad)) -eq 0 ]
