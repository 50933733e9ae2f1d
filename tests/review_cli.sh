#!/usr/bin/env bash
# `stonegrid review` end to end (ctest `review-cli`): a Go game in which White leaves a stone
# in atari gives one JSON line a turn with the fields `stonegrid review --help` names (with the
# points lost: Go counts points), that turn judged not good; the SGF written with --output reads
# back (stonegrid diagram takes it) and keeps BM or DO, C and SBKV; a malformed file and bad
# options are refused with a message.
# Usage: review_cli.sh path/to/stonegrid
set -euo pipefail
stonegrid=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# 5×5 Go: Black C3, White B3, Black B2, White D4?? leaves B3 in atari (Black A3 or B4 takes it).
cat >"$work/game.sgf" <<'SGF'
(;GM[1]FF[4]CA[UTF-8]SG[go]SZ[5]KM[0.5]RU[Lasker-Maas]
;B[cc];W[bc];B[bd];W[db])
SGF

"$stonegrid" review "$work/game.sgf" --playouts 3000 --json --output "$work/out.sgf" >"$work/lines" 2>"$work/err"
grep -q "reviewed 5 of 5 positions" "$work/err" || { echo "no progress on stderr: $(cat "$work/err")"; exit 1; }
python3 - "$work/lines" <<'PY'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
assert len(lines) == 4, lines
keys = {"number", "color", "move", "winrate_before", "winrate_after", "loss", "label", "best", "line"}
points = {"score_before", "score_after", "points_lost"}  # Go counts points: every turn scored
for l in lines:
    assert set(l) == keys | points, l
    assert abs(l["points_lost"] - max(0, l["score_before"] - l["score_after"])) < 0.011, l
    assert 0 <= l["winrate_before"] <= 1 and 0 <= l["winrate_after"] <= 1, l
    assert l["label"] in ("good", "inaccuracy", "mistake", "blunder"), l
    assert l["line"] and l["line"][0] == l["best"], l
assert [l["color"] for l in lines] == ["black", "white", "black", "white"], lines
assert lines[3]["move"] == "D4" and lines[3]["label"] != "good" and lines[3]["best"] != "D4", lines[3]
PY
grep -q "SBKV\[" "$work/out.sgf" || { echo "no SBKV in the reviewed SGF"; exit 1; }
grep -qE "(BM|DO)\[" "$work/out.sgf" || { echo "no BM or DO in the reviewed SGF"; exit 1; }
"$stonegrid" diagram "$work/out.sgf" >/dev/null || { echo "the reviewed SGF does not read back"; exit 1; }

echo "(;GM[1]SZ[5];B[zz" >"$work/bad.sgf"
if "$stonegrid" review "$work/bad.sgf" 2>"$work/err"; then echo "a malformed SGF was accepted"; exit 1; fi
grep -q "stonegrid review: .*bad.sgf: sgf: line 1" "$work/err" || { echo "unclear message: $(cat "$work/err")"; exit 1; }
set +e
"$stonegrid" review "$work/game.sgf" --playouts 10 --seconds 1 2>"$work/err"
[ $? -eq 2 ] || { echo "--playouts with --seconds: exit status not 2"; exit 1; }
"$stonegrid" review 2>"$work/err"
[ $? -eq 2 ] || { echo "no file: exit status not 2"; exit 1; }
set -e
echo "review-cli: ok"
