#!/usr/bin/env bash
# `stonegrid qr` read back by a real reader (ctest `qr-decode`): links of several lengths — short,
# ~500 characters, ~1,800, 2,000, the most level M holds (2,331, version 40-M) and past it (level
# L) — and one with every base64url character, written as PGM images and decoded by zbarimg
# (Debian's zbar-tools, which scripts/setup installs); the decoded text must equal the text
# exactly. Also the text drawing's size, a text too long (exit 1 with the limit) and bad usage
# (exit 2). Without zbarimg the test is skipped (exit 77) with the reason.
# Usage: qr_decode.sh path/to/stonegrid
set -euo pipefail
stonegrid=$1
if ! command -v zbarimg >/dev/null 2>&1; then
  echo "qr-decode: skipped: zbarimg is not installed (Debian package zbar-tools; scripts/setup installs it)"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

alphabet=ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_
# link LENGTH: a game link of LENGTH characters, its fragment base64url characters from a
# fixed pseudo-random sequence.
link() {
  local text="https://stonegrid.example/play#g=" i=0
  while [ ${#text} -lt "$1" ]; do
    text+=${alphabet:$(((i * 37 + i / 64) % 64)):1}
    i=$((i + 1))
  done
  printf '%s' "$text"
}

# check NAME VERSION LEVEL: encode $work/NAME.txt, expect that version and level, decode, compare.
check() {
  local name=$1 version=$2 level=$3
  "$stonegrid" qr --file "$work/$name.txt" --pgm "$work/$name.pgm" --info 2>"$work/$name.info"
  grep -q "^version $version, level $level, " "$work/$name.info" ||
    { echo "$name: expected version $version-$level, got: $(cat "$work/$name.info")"; exit 1; }
  zbarimg --quiet --raw --nodbus "$work/$name.pgm" >"$work/$name.decoded" ||
    { echo "$name: zbarimg found no QR code in $name.pgm"; exit 1; }
  # zbarimg ends each symbol's text with a newline.
  if ! cmp -s <(cat "$work/$name.txt" && echo) "$work/$name.decoded"; then
    echo "$name: decoded text differs: $(head -c 100 "$work/$name.decoded")..."
    exit 1
  fi
  echo "$name: $(wc -c <"$work/$name.txt") characters, $(cut -d, -f1,2,4 "$work/$name.info"): decoded exactly"
}

printf '%s' "https://stonegrid.example/#g=AbC-_9" >"$work/short.txt"
check short 3 M
printf "%s" "https://stonegrid.example/#g=$alphabet" >"$work/alphabet.txt"
check alphabet 6 M
link 500 >"$work/link500.txt"
check link500 17 M
link 1800 >"$work/link1800.txt"
check link1800 35 M
link 2000 >"$work/link2000.txt"
check link2000 38 M
link 2331 >"$work/most-m.txt"
check most-m 40 M
link 2500 >"$work/level-l.txt"
check level-l 37 L

# The text drawing: 21 + 8 lines for version 1, two characters a module.
"$stonegrid" qr "hi" >"$work/hi.txt"
[ "$(wc -l <"$work/hi.txt")" = 29 ] && [ "$(head -n 1 "$work/hi.txt" | wc -c)" = 59 ] ||
  { echo "the text drawing of version 1 is not 29 lines of 58 characters"; exit 1; }

# Too long: exit status 1 and the limit; bad usage: exit status 2.
link 2954 >"$work/too-long.txt"
status=0
"$stonegrid" qr --file "$work/too-long.txt" --pgm "$work/no.pgm" 2>"$work/err" || status=$?
[ "$status" = 1 ] && grep -q "2954 bytes; a QR code holds at most 2953" "$work/err" && [ ! -e "$work/no.pgm" ] ||
  { echo "too long: status $status, $(cat "$work/err")"; exit 1; }
for bad in "" "--scale 0 x" "--pgm" "a b" "--file $work/short.txt extra"; do
  status=0
  # shellcheck disable=SC2086
  "$stonegrid" qr $bad >/dev/null 2>&1 || status=$?
  [ "$status" = 2 ] || { echo "stonegrid qr $bad: exit status $status, not 2"; exit 1; }
done
echo "qr-decode: ok"
