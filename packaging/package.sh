#!/usr/bin/env bash
# Builds the Debian package, checks it, installs it, smoke-tests the
# installed program and removes it again.
#   packaging/package.sh [BUILD_DIR]
# BUILD_DIR defaults to build-pkg (configured Release, without tests); CI
# passes the already built build/ so nothing is compiled twice. Installing
# needs root or sudo, like packaging/setup.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
source packaging/ccache.sh
build=${1:-build-pkg}
app_id=io.github.inflight.Inflight

say() { echo "package: $*"; }
die() { echo "package: $*" >&2; exit 1; }
if [[ $(id -u) -eq 0 ]]; then as_root=(); else as_root=(sudo); fi

say "validating the desktop entry and the metainfo"
desktop-file-validate "packaging/linux/$app_id.desktop"
appstreamcli validate --no-net "packaging/linux/$app_id.metainfo.xml"
grep -qx 'Categories=Education;Science;Network;' "packaging/linux/$app_id.desktop" \
  || die "the desktop entry's categories must be Education;Science;Network;"

if [[ ! -f $build/CMakeCache.txt ]]; then
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DINFLIGHT_BUILD_TESTS=OFF -DINFLIGHT_BUILD_BENCHMARKS=OFF
fi
cmake --build "$build" -j2
rm -f "$build"/inflight_*.deb
(cd "$build" && cpack -G DEB >cpack.log 2>&1) || { cat "$build/cpack.log" >&2; die "cpack failed"; }
debs=("$build"/inflight_*.deb)
[[ -f ${debs[0]} ]] || die "cpack made no inflight_*.deb in $build"
deb=$(realpath "${debs[0]}")
say "built $deb"

# What is inside and what it declares.
contents=$(dpkg-deb -c "$deb")
for f in ./usr/bin/inflight \
         ./usr/share/applications/$app_id.desktop \
         ./usr/share/metainfo/$app_id.metainfo.xml \
         ./usr/share/icons/hicolor/scalable/apps/inflight.svg \
         ./usr/share/icons/hicolor/48x48/apps/inflight.png \
         ./usr/share/icons/hicolor/256x256/apps/inflight.png \
         ./usr/share/man/man1/inflight.1.gz \
         ./usr/share/doc/inflight/copyright; do
  grep -q " $f\$" <<<"$contents" || die "the package lacks $f"
done
depends=$(dpkg-deb -f "$deb" Depends)
[[ $depends == *libqt6widgets6* && $depends == *libqt6charts6* && $depends == *libc6* ]] \
  || die "Depends lacks the Qt and C libraries: '$depends'"
say "Depends: $depends"

say "installing"
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --reinstall "$deb" >"$build/apt-install.log" 2>&1 \
  || { cat "$build/apt-install.log" >&2; die "apt-get install failed"; }
cleanup() { "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get remove -y inflight >/dev/null 2>&1 || true; }
trap cleanup EXIT

[[ $(command -v inflight) == /usr/bin/inflight ]] || die "inflight is not /usr/bin/inflight: $(command -v inflight || echo missing)"
version_text=$(/usr/bin/inflight --version)
version=$(head -n 1 <<<"$version_text")
expected=$(sed -n 's/^project(inflight VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
[[ $version == "inflight $expected" ]] || die "--version says '$version', expected 'inflight $expected'"
[[ $version_text == *GPL-3.0-or-later* ]] || die "--version does not name the licence (GPL-3.0-or-later): '$version_text'"
grep -q '^License: GPL-3.0-or-later' /usr/share/doc/inflight/copyright || die "the copyright file does not say GPL-3.0-or-later"
say "/usr/bin/inflight --version: $version (GPL-3.0-or-later)"
json=$(cd /tmp && /usr/bin/inflight run --json --duration 5s)
python3 - "$json" <<'PY' || die "inflight run --json gave no sensible result"
import json, sys
r = json.loads(sys.argv[1])
assert r["throughput_bps"] > 0 and r["scenario"]["duration"] == 5, r
print(f"package: /usr/bin/inflight run --json: {r['throughput_bps']/1e6:.1f} Mbit/s, limited by {r['binding_limit']}")
PY
# The menu entry starts the window: run its Exec line (offscreen, no display
# needed) and expect it still up after 3 s.
exec_line=$(sed -n 's/^Exec=//p' "/usr/share/applications/$app_id.desktop")
set +e
(cd /tmp && QT_QPA_PLATFORM=offscreen timeout 3 $exec_line >"$root/$build/window-smoke.log" 2>&1)
status=$?
set -e
[[ $status -eq 124 ]] || { cat "$build/window-smoke.log" >&2; die "the menu entry's '$exec_line' exited with $status instead of staying open"; }
say "the menu entry's command opens the window (still running after 3 s)"

say "removing"
trap - EXIT
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get remove -y inflight >"$build/apt-remove.log" 2>&1 \
  || { cat "$build/apt-remove.log" >&2; die "apt-get remove failed"; }
[[ ! -e /usr/bin/inflight ]] || die "/usr/bin/inflight is still there after removal"
say "ok: built, installed, ran and removed $(basename "$deb")"
