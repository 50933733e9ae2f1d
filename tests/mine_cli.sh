#!/usr/bin/env bash
# `stonegrid teach mine` and `teach pick` end to end (ctest `teach-mine-cli`): a few quick Looper
# games mined into a file, the run again skipping every done seed (resumable), the candidates
# picked into a puzzle file that `teach check` finds sound, with no title twice.
# Usage: mine_cli.sh path/to/stonegrid
set -euo pipefail
stonegrid=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

"$stonegrid" teach mine --game looper --size 7 --seed 1 --games 6 --levels 1-3 --review-playouts 300 \
  --output "$dir/mined.sgf" 2> "$dir/log"
[ "$(wc -l < "$dir/mined.sgf.done")" -eq 6 ] || { cat "$dir/log"; echo "expected 6 seeds done"; exit 1; }
grep -q '^seed 6: ' "$dir/log" || { cat "$dir/log"; exit 1; }
found=$(grep -c '^TASK\[' "$dir/mined.sgf" || true)
[ "$found" -ge 1 ] || { cat "$dir/log"; echo "no puzzle from 6 games"; exit 1; }
"$stonegrid" teach check "$dir/mined.sgf" > "$dir/check" || { cat "$dir/check"; exit 1; }

# Again: every seed is done, so nothing is played and nothing is added.
"$stonegrid" teach mine --game looper --size 7 --seed 1 --games 6 --output "$dir/mined.sgf" 2> "$dir/log"
[ ! -s "$dir/log" ] || { cat "$dir/log"; echo "done seeds were played again"; exit 1; }
[ "$(grep -c '^TASK\[' "$dir/mined.sgf")" -eq "$found" ] || { echo "puzzles added twice"; exit 1; }

"$stonegrid" teach pick --game looper --count "$found" --first-id 100 "$dir/mined.sgf" > "$dir/picked.sgf" 2> "$dir/log" ||
  { cat "$dir/log"; exit 1; }
"$stonegrid" teach check "$dir/picked.sgf" > "$dir/check" || { cat "$dir/check"; exit 1; }
grep -q '^TASK\[looper-puzzle-100\]' "$dir/picked.sgf" || { echo "not numbered from 100"; exit 1; }
if grep -q 'ALT\[\|C\[Mined' "$dir/picked.sgf"; then echo "the miner's notes were published"; exit 1; fi
titles=$(grep -o '^TASK\[[^]]*\]GN\[[^]]*\]' "$dir/picked.sgf" | sed 's/.*GN//' | sort)
[ "$(echo "$titles" | uniq | wc -l)" -eq "$(echo "$titles" | wc -l)" ] || { echo "a title twice: $titles"; exit 1; }

if "$stonegrid" teach mine --game looper 2> "$dir/log"; then echo "mine without --output accepted"; exit 1; fi
grep -q 'needs --game and --output' "$dir/log" || { cat "$dir/log"; exit 1; }
echo "teach mine: $found puzzles from 6 games, resumable; pick: sound, numbered, titles distinct"
