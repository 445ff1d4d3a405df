#!/usr/bin/env bash
# Builds the libFuzzer targets (clang 14, -fsanitize=fuzzer,address,undefined)
# in build-fuzz/ and runs each for SECONDS (default 60):
#   fuzz_scenario_file    the scenario-file loader (app/scenario_file.h)
#   fuzz_units            the unit parsers and formatters (model/units.h)
#   fuzz_experiment_file  the guided-experiment loader (ui/experiment_file.h)
# Each starts from its committed seeds (tests/fuzz/corpus/<target>/) and
# keeps what it learns in build-fuzz/corpus/<target>/ (not committed). A
# crash, a sanitizer report or a broken check (tests/fuzz/fuzz_checks.h)
# stops with a non-zero status and leaves the input in
# build-fuzz/artifacts/; fix the bug, then copy the input to
# tests/fuzz/regressions/<target>/ so fuzz_regression_tests keeps it fixed.
# Usage: packaging/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
source packaging/ccache.sh

seconds=${1:-60}
shift || true
targets=("$@")
((${#targets[@]})) || targets=(scenario_file units experiment_file)
build=${INFLIGHT_FUZZ_BUILD_DIR:-build-fuzz}

command -v clang++-14 >/dev/null || { echo "fuzz: clang++-14 not found; run packaging/setup.sh" >&2; exit 1; }

flags="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all"
cmake -S . -B "$build" -G Ninja \
  -DCMAKE_CXX_COMPILER=clang++-14 \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" \
  -DCMAKE_CXX_FLAGS="$flags -fno-omit-frame-pointer" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DINFLIGHT_BUILD_FUZZERS=ON -DINFLIGHT_BUILD_BENCHMARKS=OFF -DINFLIGHT_BUILD_TOOLS=OFF >/dev/null
cmake --build "$build" -j2 --target "${targets[@]/#/fuzz_}"

export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
mkdir -p "$build/artifacts"
for t in "${targets[@]}"; do
  corpus=$build/corpus/$t
  mkdir -p "$corpus"
  echo "fuzz: $t for ${seconds}s"
  log=$build/artifacts/$t.log
  if ! "$build/tests/fuzz/fuzz_$t" "$corpus" "tests/fuzz/corpus/$t" \
      -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
      -dict="tests/fuzz/$t.dict" -artifact_prefix="$build/artifacts/$t-" \
      -print_final_stats=1 >"$log" 2>&1; then
    tail -n 60 "$log" >&2
    echo "fuzz: $t FAILED; the input is in $build/artifacts/ (log: $log)" >&2
    exit 1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  echo "fuzz: $t: ${runs:-?} inputs in ${seconds}s, no crash, no report; corpus $(ls "$corpus" | wc -l) files"
done
