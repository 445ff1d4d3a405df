#!/usr/bin/env bash
# Sanitizer builds (clang 14):
#   packaging/sanitizers.sh asan   AddressSanitizer + LeakSanitizer +
#                                  UndefinedBehaviorSanitizer build in
#                                  build-asan/, runs the tests with ctest,
#                                  two at a time (but those listed below).
#   packaging/sanitizers.sh tsan   ThreadSanitizer build in build-tsan/ of the
#                                  threaded tests only: the window and its
#                                  worker (ui_tests), the stress tests, the
#                                  model's determinism-across-threads and
#                                  cancel-from-another-thread tests and the
#                                  sweep's thread pool.
# Both leave out what repeats one check many times over (said below) and
# build only the tests (-DINFLIGHT_BUILD_TOOLS=OFF).
# Any sanitizer report stops the process with a non-zero status
# (halt_on_error, -fno-sanitize-recover=all), so a report fails the test.
# Build folder: $INFLIGHT_SANITIZER_BUILD_DIR or build-<kind>. Two jobs.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
source packaging/ccache.sh

kind=${1:-}
case $kind in
  asan) flags="-fsanitize=address,undefined -fno-sanitize-recover=all" ;;
  tsan) flags="-fsanitize=thread" ;;
  *) echo "usage: packaging/sanitizers.sh asan|tsan" >&2; exit 2 ;;
esac
build=${INFLIGHT_SANITIZER_BUILD_DIR:-build-$kind}

command -v clang++-14 >/dev/null || { echo "sanitizers: clang++-14 not found; run packaging/setup.sh" >&2; exit 1; }

# -O1 keeps the model fast enough for its 40 s scenarios and the reports
# readable; frame pointers give whole stacks. A precompiled header without
# its timestamp is the same file in every build, so ccache can reuse the
# files compiled with it.
cmake -S . -B "$build" -G Ninja \
  -DCMAKE_CXX_COMPILER=clang++-14 \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" \
  -DCMAKE_CXX_FLAGS="$flags -fno-omit-frame-pointer -Xclang -fno-pch-timestamp" \
  -DCMAKE_EXE_LINKER_FLAGS="$flags" \
  -DINFLIGHT_BUILD_BENCHMARKS=OFF -DINFLIGHT_BUILD_TOOLS=OFF >/dev/null

export QT_QPA_PLATFORM=offscreen
supp=$root/packaging/sanitizers
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"

asan_left_out='Under[A-Za-z]*Seconds|^(Experiment[0-9]+|ExperimentBbr|Flows)[.]'
asan_left_out+='|Readability[A-Za-z]*[.].*/(Experiment[1-9]( |$)|[^E])|ClassAt720p|PresentationTypeAt720p'
asan_left_out+='|^DashboardFigure[.](EveryTextFits|TheWindowsReadabilityCheck)'
asan_left_out+='|GuidedExperiment[.]RunsFromFirstToLastStep.*/[1-9]( |$)|^KernelSteps[.]EveryBuiltIn'
asan_left_out+='|^KernelFlows[.](TenStreams|TwoCubic|APing)|^KernelPrr[.]|^KernelRun[.]Bbr|BbrShareOnTheKernel[.]'
asan_left_out+='|^KernelRun[.](SoRcvbuf|WindowScalingOff)|^Kernel(Hystart|Receiver|SlowStartRoom)[.]|^KernelBinary[.]WindowOf65535'

if [[ $kind == asan ]]; then
  cmake --build "$build" -j2
  export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1"
  export LSAN_OPTIONS="suppressions=$supp/lsan.supp:print_suppressions=0"
  # Left out here, run in the plain build that test.sh runs:
  # - wall-time budgets ("...FinishesUnderFiveSeconds"): a sanitizer makes
  #   the model 2-5x slower;
  # - the acceptance figures of one and of several flows (experiment_tests,
  #   flows_tests: dozens of 40-60 s scenarios), while the same model code
  #   runs under ASan in model_tests (paths, conservation, fq_codel,
  #   determinism), the CLI, sweep, UI and stress tests;
  # - the walks that repeat one check over every step of every experiment,
  #   every flow preset or every figure size (readability, fitting 720p,
  #   every guided experiment, every built-in kernel step): each runs here
  #   for one case (the guided walk of experiment 1, the presentation walk
  #   of experiment 10), the others add time, not code;
  # - the real kernel's longer runs of several flows (20 s each): one of
  #   them (fq_codel in the emulator) runs here.
  # - the real kernel's 6-12 s runs that hold one more Linux detail or
  #   window setting against the model (HyStart, the receiver's ACKs, slow
  #   start's room, SO_RCVBUF, window scaling off, a 65,535 B window): the
  #   same transfer and emulator code as KernelRun.CubicFills..., which
  #   runs here, with other figures; they add serial real time, not code.
  ctest --test-dir "$build" --output-on-failure --timeout 1800 -j2 \
    -E "$asan_left_out"
  echo "sanitizers: asan+ubsan: every test (but the acceptance figures) passed with no report"
  exit 0
fi

# TSan: only the threaded tests' binaries.
cmake --build "$build" -j2 --target ui_tests model_tests sweep_tests inflight_stress_tests
# Qt's cross-thread handoff, made visible to TSan (see qt_tsan_sync.cpp).
clang++-14 -std=c++17 -O1 -fPIC -shared "$supp/qt_tsan_sync.cpp" -o "$build/libqt_tsan_sync.so" \
  $(pkg-config --cflags Qt6Core) $(pkg-config --libs Qt6Core) -ldl -Wl,--allow-shlib-undefined
export LD_PRELOAD=$PWD/$build/libqt_tsan_sync.so
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$supp/tsan.supp:print_suppressions=0"
run() { echo "sanitizers: tsan: $*"; "$@"; }
# Determinism.SameSeedSameResultAcrossThreads is left out: it memcmp()s
# whole structs, padding included, and under TSan's allocator the padding
# differs while every field is equal (checked field by field). The stress
# test's worker-vs-direct comparison covers a cross-thread run under TSan.
run "$build/tests/model/model_tests" --gtest_filter='Determinism.*:RunControl.*:-Determinism.SameSeedSameResultAcrossThreads'
run "$build/tests/sweep/sweep_tests" --gtest_filter='SweepEngine.*'
run "$build/tests/stress/inflight_stress_tests"
# The window's tests open windows, and Qt Gui's thread pool needs its own
# suppressions (tsan-ui.supp explains what they cost). Left out, as under
# ASan: the walks that repeat a layout check over every step, preset or
# figure size on the UI thread alone (the first guided walk stays), and the
# run of every built-in kernel step (the kernel window's tests stay). The
# rest runs as two shards side by side, one per core.
grep -hv '^#' "$supp/tsan.supp" "$supp/tsan-ui.supp" >"$build/tsan-ui-all.supp"
ui_left_out='*Readability*:DashboardFigure.EveryTextFits*:DashboardFigure.TheWindowsReadabilityCheck*'
ui_left_out+=':KernelSteps.EveryBuiltIn*'
for i in 1 2 3 4 5 6 7 8 9; do ui_left_out+=":*GuidedExperiment.RunsFromFirstToLastStep*/$i"; done
ui_shard() {
  GTEST_TOTAL_SHARDS=2 GTEST_SHARD_INDEX=$1 \
  TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$PWD/$build/tsan-ui-all.supp:print_suppressions=0" \
    "$build/tests/ui/ui_tests" --gtest_filter="-$ui_left_out" >"$build/tsan-ui-$1.log" 2>&1
}
echo "sanitizers: tsan: $build/tests/ui/ui_tests in two shards (logs: $build/tsan-ui-0.log, $build/tsan-ui-1.log)"
ui_shard 0 & shard0=$!
ui_shard 1 & shard1=$!
failed=0
for s in 0 1; do
  pid=$shard0; [[ $s == 1 ]] && pid=$shard1
  if ! wait "$pid"; then
    tail -n 80 "$build/tsan-ui-$s.log" >&2
    echo "sanitizers: tsan: ui_tests shard $s FAILED (log: $build/tsan-ui-$s.log)" >&2
    failed=1
  fi
done
((failed == 0)) || exit 1
grep -h "^\[  PASSED  \]" "$build/tsan-ui-0.log" "$build/tsan-ui-1.log"
echo "sanitizers: tsan: the threaded tests passed with no report"
