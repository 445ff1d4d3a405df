#!/usr/bin/env bash
# Installs the Debian 12 packages Inflight needs to build, run its tests and
# take screenshots. Idempotent: asks dpkg what is there and runs apt-get only
# for what is missing. Works as root, or through sudo when not root.
set -euo pipefail

packages=(
  # toolchain
  cmake g++ ninja-build pkg-config
  # Qt 6.4: Core/Gui/Widgets, Charts, Svg; platform plugins (offscreen, xcb)
  qt6-base-dev qt6-charts-dev qt6-svg-dev libqt6svg6 qt6-qpa-plugins libxkbcommon-dev libgl-dev
  # model maths, tests, benchmarks
  libeigen3-dev libgtest-dev libgmock-dev libbenchmark-dev
  # screenshots under a virtual X server, and a font to draw text with
  xvfb xauth imagemagick fonts-dejavu-core
  # the .deb and its checks (packaging/package.sh): dpkg-shlibdeps, AppStream, desktop entries
  dpkg-dev appstream desktop-file-utils python3
  # sanitizer builds and libFuzzer (packaging/sanitizers.sh, packaging/fuzz.sh)
  clang-14 libclang-rt-14-dev
  # compiled objects reused across builds and CI runs (packaging/ccache.sh)
  ccache
  # packet captures: libpcap reads and writes them, tshark is the tests'
  # independent reader (its setuid question is answered below, before apt)
  libpcap-dev tshark
)

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
  [[ $status == installed ]] || missing+=("$p")
done

if ((${#missing[@]} == 0)); then
  echo "setup: all ${#packages[@]} packages are installed"
  exit 0
fi

if ! command -v apt-get >/dev/null; then
  echo "setup: apt-get not found; this script is for Debian 12. Install: ${missing[*]}" >&2
  exit 1
fi
if [[ $(id -u) -eq 0 ]]; then
  as_root=()
elif command -v sudo >/dev/null; then
  as_root=(sudo)
else
  echo "setup: not root and no sudo; as root run: apt-get install -y ${missing[*]}" >&2
  exit 1
fi

echo "setup: installing ${missing[*]}"
# tshark's package asks whether non-root users may capture; answer "no"
# beforehand so the install never stops at a prompt.
if command -v debconf-set-selections >/dev/null; then
  echo 'wireshark-common wireshark-common/install-setuid boolean false' |
    "${as_root[@]}" debconf-set-selections
fi
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
