#!/usr/bin/env bash
# From a fresh Debian 12 machine to every test run: installs the packages,
# configures, builds (2 jobs) and runs ctest. Build folder: $INFLIGHT_BUILD_DIR
# or ./build.
set -euo pipefail
cd "$(dirname "$0")/.."

packaging/setup.sh
source packaging/ccache.sh
build=${INFLIGHT_BUILD_DIR:-build}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build "$build" -j2
# The window's tests and the CLI need no display.
export QT_QPA_PLATFORM=offscreen
ctest --test-dir "$build" --output-on-failure --timeout 900 -j2
