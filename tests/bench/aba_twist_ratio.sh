#!/usr/bin/env bash
# Benchmark-only: the cost of general link twists in the ABA, as the ratio general6r / PUMA 560
# of BM_ForwardDynamicsAba's medians (5 repetitions) within one run, over ROUNDS runs that
# alternate the given benchmark binaries. A ratio taken within one run cancels the drift of a
# shared machine's speed, which moves absolute times by several percent in minutes. Both arms
# carry their drives' armature (the bench's fixture), so this times the backward pass's
# non-projected path.
# Usage (e.g. two builds of armdyn_bench copied aside):
#   tests/bench/aba_twist_ratio.sh ROUNDS BENCH_BINARY...
# Prints, per binary, the median and range of the ratios and the median times.
set -euo pipefail
if (($# < 2)); then
  echo "usage: $0 ROUNDS BENCH_BINARY..." >&2
  exit 2
fi
rounds=$1
shift
if [[ ! $rounds =~ ^[1-9][0-9]*$ ]]; then
  echo "$0: ROUNDS must be a positive whole number, not '$rounds'" >&2
  exit 2
fi
for bin in "$@"; do
  if [[ ! -x $bin ]]; then
    echo "$0: $bin is not an executable benchmark binary" >&2
    exit 2
  fi
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for ((r = 0; r < rounds; ++r)); do
  i=0
  for bin in "$@"; do
    if ! "$bin" --benchmark_filter='BM_ForwardDynamicsAba/(puma560|general6r)$' --benchmark_repetitions=5 \
      --benchmark_min_time=0.1 --benchmark_report_aggregates_only=true --benchmark_format=json \
      >"$out/json" 2>"$out/err"; then
      echo "$0: $bin failed (round $((r + 1))):" >&2
      cat "$out/err" >&2
      exit 1
    fi
    python3 -c '
import json, sys
d = json.load(sys.stdin)
m = {x["run_name"].split("/")[-1]: x["real_time"] for x in d["benchmarks"] if x.get("aggregate_name") == "median"}
print(m["puma560"], m["general6r"], m["general6r"] / m["puma560"])' <"$out/json" >>"$out/$i"
    i=$((i + 1))
  done
done
i=0
for bin in "$@"; do
  python3 - "$bin" "$out/$i" <<'PY'
import statistics, sys
rows = [list(map(float, line.split())) for line in open(sys.argv[2])]
r = sorted(x[2] for x in rows)
print("%s: ratio median %.3f, range %.3f-%.3f; PUMA %.1f ns, general6r %.1f ns (medians of %d runs)" % (
    sys.argv[1], statistics.median(r), r[0], r[-1], statistics.median(x[0] for x in rows),
    statistics.median(x[1] for x in rows), len(r)))
PY
  i=$((i + 1))
done
