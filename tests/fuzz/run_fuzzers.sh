#!/bin/sh
# Runs every harness of BUILD_DIR/tests/fuzz (or the NAMEs given) for SECONDS each (default 30)
# on its seeds:
#   tests/fuzz/run_fuzzers.sh BUILD_DIR [SECONDS [NAME...]]
# -timeout=1: an input taking over a second is a hang; -rss_limit_mb: memory past 2 GB is a
# finding. New corpus entries go to a scratch directory, not into the repository; a finding's
# input is kept in BUILD_DIR/fuzz-findings. Runs FUZZ_JOBS harnesses at a time (default 2);
# prints the executions of each harness; exits non-zero when any harness had a finding.
set -eu
build=$(cd "$1" && pwd)  # absolute: the harnesses run from a scratch directory
seconds=${2:-30}
shift; [ $# -gt 0 ] && shift
names=${*:-robot_yaml task_yaml session_yaml controller_yaml vora_spec vora_trajectory profile_csv wrench_csv urdf mesh_path}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
findings=$build/fuzz-findings
# Leaks inside system libraries that armdyn cannot fix (tests/sanitizers/lsan.supp: urdfdom's
# error path) are not findings; armdyn's own allocations are still checked.
export LSAN_OPTIONS="suppressions=$root/tests/sanitizers/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
mkdir -p "$findings"
seeds() {
  case $1 in
    robot_yaml|session_yaml|task_yaml) echo "$root/robots $root/tests/data/bad" ;;
    controller_yaml) echo "$here/seeds/controller" ;;
    vora_spec|vora_trajectory) echo "$root/robots/legacy" ;;
    profile_csv) echo "$here/seeds/profile" ;;
    wrench_csv) echo "$here/seeds/wrench" ;;
    urdf) echo "$root/tests/data/urdf $here/seeds/urdf $here/corpus/urdf" ;;
    mesh_path) echo "$here/seeds/mesh_path" ;;
  esac
}
cd "$scratch"
# One harness, its report (executions, or FINDING and the end of its log) in report_NAME.
run_one() {
  mkdir -p "corpus_$1"
  # shellcheck disable=SC2046
  if "$build/tests/fuzz/fuzz_$1" -max_total_time="$seconds" -timeout=1 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 -artifact_prefix="$findings/$1-" "corpus_$1" $(seeds "$1") > "log_$1" 2>&1; then
    echo "fuzz_$1: $(grep -m1 'stat::number_of_executed_units' "log_$1" | awk '{print $2}') executions in ${seconds} s, no finding" > "report_$1"
  else
    { echo "fuzz_$1: FINDING"; tail -40 "log_$1"; } > "report_$1"
    return 1
  fi
}
# FUZZ_JOBS harnesses at a time (default 2: one per core of CI's machine; each runs on one core).
# Reports are printed whole, in the order of the names, as each harness is waited for.
jobs=${FUZZ_JOBS:-2}
case $jobs in
  ''|*[!0-9]*|0) echo "run_fuzzers.sh: FUZZ_JOBS must be a positive integer, got '$jobs'" >&2; exit 2 ;;
esac
status=0
running=""  # "pid:name" of the harnesses started and not yet waited for, oldest first
finish() {  # waits for the harness "pid:name", prints its report
  wait "${1%%:*}" || status=1
  cat "report_${1#*:}"
}
for name in $names; do
  run_one "$name" &
  running="$running $!:$name"
  # shellcheck disable=SC2086
  set -- $running
  if [ $# -ge "$jobs" ]; then
    finish "$1"
    shift
    running="$*"
  fi
done
for entry in $running; do finish "$entry"; done
exit $status
