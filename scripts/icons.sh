#!/usr/bin/env bash
# The installed app's icons (public/icons/, committed), drawn from the project's logo
# (public/favicon.svg) on a white tile with Debian's rsvg-convert (`apt-get install librsvg2-bin`).
# Run again after changing the logo.
#   icon-192.png, icon-512.png   rounded tile, the logo at 70% (purpose "any")
#   maskable-512.png             full-bleed tile, the logo inside the central 60% (purpose "maskable":
#                                the launcher may crop it to a circle or a squircle)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v rsvg-convert >/dev/null || { echo "icons.sh: needs rsvg-convert (apt-get install librsvg2-bin)" >&2; exit 1; }
logo=$(sed -e 's/^<svg[^>]*>//' -e 's#</svg>$##' public/favicon.svg)
tile() { # corner radius, logo scale, size, output
  local offset
  offset=$(awk -v s="$2" 'BEGIN { printf "%.2f", 16 * (1 - s) }')
  printf '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="%s" fill="#ffffff"/><g transform="translate(%s %s) scale(%s)">%s</g></svg>' \
    "$1" "$offset" "$offset" "$2" "$logo" | rsvg-convert --width "$3" --height "$3" --output "$4"
}
mkdir -p public/icons
tile 6 0.7 192 public/icons/icon-192.png
tile 6 0.7 512 public/icons/icon-512.png
tile 0 0.6 512 public/icons/maskable-512.png
ls -l public/icons
