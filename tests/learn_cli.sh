#!/usr/bin/env bash
# `stonegrid learn-priors` end to end (ctest `learn-priors-reproduces`): fitting the committed
# training games again writes exactly the committed Go weights (so a change to the move
# features without new weights fails here), --player learns one player's moves, and bad input is
# refused with a message.
# Usage: learn_cli.sh path/to/stonegrid source-dir
set -euo pipefail
stonegrid=$1
src=$2
out=$(mktemp)
trap 'rm -f "$out" "$out.err" "$out.shapes"' EXIT

"$stonegrid" learn-priors --player pachi --out "$out" --shapes "$out.shapes" "$src/core/bot/training/pachi9.sgf" \
  2> "$out.err"
grep -q '^1076 games (0 skipped)' "$out.err" || { cat "$out.err"; echo "expected 1076 games"; exit 1; }
remake="stonegrid learn-priors --player pachi --out core/bot/go_weights.cpp --shapes core/bot/go_shapes.txt core/bot/training/pachi9.sgf"
diff -u "$src/core/bot/go_weights.cpp" "$out" > /dev/null ||
  { echo "core/bot/go_weights.cpp is not what learn-priors makes of core/bot/training/pachi9.sgf:"
    echo "  $remake"; exit 1; }
diff -u "$src/core/bot/go_shapes.txt" "$out.shapes" > /dev/null ||
  { echo "core/bot/go_shapes.txt is not what learn-priors makes of core/bot/training/pachi9.sgf:"
    echo "  $remake"; exit 1; }

# --player learns one player's placements, named by PB or PW (both players' when both name it, as
# in a self-play game); a game naming neither is skipped.
printf '%s\n' '(;GM[1]SZ[9]PB[alpha]PW[beta];B[ee];W[cc];B[gg];W[cg];B[gc])' \
  '(;GM[1]SZ[9]PB[beta]PW[alpha];B[ee];W[cc];B[gg];W[cg])' '(;GM[1]SZ[9];B[ee];W[cc])' \
  '(;GM[1]SZ[9]PB[alpha 1]PW[alpha 2];B[ee];W[cc];B[gg])' > "$out"
"$stonegrid" learn-priors --holdout 0 --player alpha "$out" > /dev/null 2> "$out.err"
grep -q '^3 games (1 skipped): 8 training positions' "$out.err" || { cat "$out.err"; echo "alpha has 3 + 2 + 3 placements"; exit 1; }
grep -q 'game 3: no player named alpha' "$out.err" || { cat "$out.err"; exit 1; }

if "$stonegrid" learn-priors 2> "$out.err"; then echo "no games accepted"; exit 1; fi
grep -q 'no games given' "$out.err" || { cat "$out.err"; exit 1; }
echo '(;GM[1]SZ[9];B[ee];W[ee])' > "$out"
if "$stonegrid" learn-priors "$out" 2> "$out.err"; then echo "an illegal game accepted"; exit 1; fi
grep -q 'illegal move W\[ee\]' "$out.err" || { cat "$out.err"; exit 1; }
echo "learn-priors: the committed weights reproduce; bad input refused"
