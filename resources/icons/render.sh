#!/usr/bin/env bash
# Renders the committed hicolor PNGs from inflight.svg (needs librsvg2-bin).
# Run after editing the SVG and commit the PNGs with it.
set -euo pipefail
cd "$(dirname "$0")"
for size in 48 256; do
  rsvg-convert -w "$size" -h "$size" inflight.svg -o "inflight-$size.png"
done
