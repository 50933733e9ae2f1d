#!/usr/bin/env bash
# `stonegrid diagram` end to end (ctest `diagram-cli`): an SGF file with markup and a --moves
# string give SVG that python3's XML parser reads, with one stone element per stone, the SGF's
# marks and its comment as the caption; --png gives a PNG when a rasteriser is installed and a
# clear message when none is; bad usage exits 2. Usage: diagram_cli.sh path/to/stonegrid
set -euo pipefail
stonegrid=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cat >"$work/game.sgf" <<'SGF'
(;GM[1]FF[4]CA[UTF-8]SG[loose]SZ[7]KM[0]C[the start]
;B[dd]TR[dd]C[Black "takes" the <centre> & more]
;W[cc]LB[ee:a]
;B[ce]SQ[cc])
SGF

# check FILE.svg BLACK WHITE [CLASS TEXT]: well-formed, stone counts, an element of that class.
check() {
  python3 - "$@" <<'PY'
import sys, xml.dom.minidom
svg, black, white = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
doc = xml.dom.minidom.parse(svg)
def classes(e): return e.getAttribute("class").split()
stones = [c for c in doc.getElementsByTagName("circle") if "stone" in classes(c)]
got = (sum("black" in classes(c) for c in stones), sum("white" in classes(c) for c in stones))
assert got == (black, white), f"{svg}: stones {got}, expected {(black, white)}"
assert doc.getElementsByTagName("title"), "no <title>"
if len(sys.argv) > 4:
    want, text = sys.argv[4], sys.argv[5]
    found = [e for e in doc.getElementsByTagName("*") if want in classes(e)]
    assert found, f"{svg}: no element of class {want}"
    if text:
        lines = found[0].getElementsByTagName("tspan")
        content = " ".join("".join(n.data for n in line.childNodes) for line in lines)
        assert content == text, f"{svg}: {want} says {content!r}"
PY
}

"$stonegrid" diagram "$work/game.sgf" --move 1 --output "$work/one.svg"
check "$work/one.svg" 1 0 caption 'Black "takes" the <centre> & more'
"$stonegrid" diagram "$work/game.sgf" --move 1 >"$work/stdout.svg"
cmp "$work/one.svg" "$work/stdout.svg"
check "$work/stdout.svg" 1 0 triangle ''
"$stonegrid" diagram "$work/game.sgf" --numbers --theme wood >"$work/last.svg"
check "$work/last.svg" 2 1 square ''
"$stonegrid" diagram --game looper --size 7 --moves "D4+D5 A1 take B2" --wrap 2 >"$work/looper.svg"
check "$work/looper.svg" 3 1 copy ''

# PNG: made when a rasteriser is installed, refused with a clear message when none is.
if command -v rsvg-convert >/dev/null 2>&1 || grep -q ImageMagick <<<"$(convert -version 2>/dev/null)"; then
  "$stonegrid" diagram "$work/game.sgf" --png "$work/game.png"
  [ "$(head -c 8 "$work/game.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]
  [ ! -e "$work/game.png.svg" ]  # the temporary SVG is gone
else
  if "$stonegrid" diagram "$work/game.sgf" --png "$work/game.png" 2>"$work/err"; then exit 1; fi
  grep -q "no rasteriser" "$work/err"
fi

# Sensei's Library diagrams: a picture from the text (stdin too), text from a record, back again.
cat >"$work/ko.txt" <<'SL'
$$Bc7 Black 1 takes the ko
$$ +---------------+
$$ | . . . . . . . |
$$ | . . X O . . . |
$$ | . X O 1 O . . |
$$ | . . X O . . . |
$$ | . . , . C . . |
$$ | . . . . . a . |
$$ | . . . . . . . |
$$ +---------------+
SL
"$stonegrid" diagram --from-sl "$work/ko.txt" -o "$work/ko.svg"
check "$work/ko.svg" 4 3 caption 'Black 1 takes the ko'
check "$work/ko.svg" 4 3 circle ''
"$stonegrid" diagram --from-sl - <"$work/ko.txt" | cmp - "$work/ko.svg"
"$stonegrid" diagram --from-sl "$work/ko.txt" --to-sl --numbers >"$work/ko-again.txt"
diff "$work/ko.txt" "$work/ko-again.txt"
"$stonegrid" diagram "$work/game.sgf" --to-sl --numbers-from 2 >"$work/game.txt"
grep -q '^\$\$W7m2$' "$work/game.txt" || { cat "$work/game.txt"; exit 1; }
"$stonegrid" diagram --game loose --from-sl "$work/game.txt" -o "$work/game-sl.svg"
check "$work/game-sl.svg" 2 1 numbers ''
printf '$$B5\n$$ | . Q . |\n' >"$work/bad.txt"
if "$stonegrid" diagram --from-sl "$work/bad.txt" 2>"$work/err"; then exit 1; fi
grep -q "sl: line 2, column 8: 'Q' is not a diagram point" "$work/err"

# A corner: only that part is drawn (cut where the board goes on); --whole-board draws it all.
printf '$$B Black to live\n$$ ---------------\n$$ | . . . . . . .\n$$ | . X X O . . .\n$$ | X X O O . . .\n$$ | O O O . . . .\n' >"$work/corner.txt"
"$stonegrid" diagram --from-sl "$work/corner.txt" --sgf-output "$work/corner.sgf" -o "$work/corner.svg"
check "$work/corner.svg" 4 6 part ''
grep -q 'clip-path="url(#part)"' "$work/corner.svg"
# The live board's SGF names the part (VW: columns A-G, the top 4 rows), so it opens on it.
grep -q '^(;VW\[aa:gd\]' "$work/corner.sgf" || { cat "$work/corner.sgf"; exit 1; }
"$stonegrid" diagram --from-sl "$work/corner.txt" --whole-board --sgf-output "$work/corner-whole.sgf" -o "$work/corner-whole.svg"
if grep -q 'clip-path' "$work/corner-whole.svg"; then exit 1; fi
if grep -q 'VW\[' "$work/corner-whole.sgf"; then exit 1; fi

# The live board's SGF carries what the picture draws: marks, letters, numbers and the caption
# on the node shown; read back, it makes the same picture (the same <title> and caption).
same_picture() {  # same_picture A.svg B.svg: the same <title>, caption, marks and numbers
  python3 - "$1" "$2" <<'PY'
import re, sys
a, b = (open(f, encoding="utf-8").read() for f in sys.argv[1:3])
def facts(svg):
    title = re.search(r"<title>(.*?)</title>", svg, re.S).group(1).split("; marked: ")
    title[1:] = sorted(", ".join(title[1:]).split(", "))  # the marks, in any order
    caption = re.findall(r'<text class="caption".*?</text>', svg, re.S)
    numbers = re.findall(r'<g class="numbers".*?</g>', svg, re.S)
    numbers = sorted(re.findall(r">(\d+)<", numbers[0])) if numbers else []
    return title, caption, sorted(re.findall(r'class="(mark [a-z]+|label)"', svg)), numbers
assert facts(a) == facts(b), f"{facts(a)} != {facts(b)}"
PY
}
printf '$$Bc7 Black 1 takes the ko\n$$ +---------------+\n$$ | . . . . . . . |\n$$ | . . X O . . . |\n$$ | . X O 1 O . . |\n$$ | . . X O . . . |\n$$ | . . , . C . . |\n$$ | . . . . . a # |\n$$ | . . . . . . . |\n$$ +---------------+\n' >"$work/ko.txt"
"$stonegrid" diagram --from-sl "$work/ko.txt" --sgf-output "$work/ko.sgf" -o "$work/ko.svg"
for property in 'PM\[1\]' 'CR\[ee\]' 'SQ\[gf\]' 'LB\[ff:a\]' 'C\[Black 1 takes the ko\]'; do
  grep -q "$property" "$work/ko.sgf" || { echo "ko.sgf lacks $property"; cat "$work/ko.sgf"; exit 1; }
done
"$stonegrid" diagram "$work/ko.sgf" --coordinates -o "$work/ko-live.svg"  # (the board's coords=1)
same_picture "$work/ko.svg" "$work/ko-live.svg"
"$stonegrid" diagram --from-sl "$work/corner.txt" --sgf-output "$work/corner.sgf" -o "$work/corner.svg"
grep -q 'C\[Black to live\]' "$work/corner.sgf"
# Looper from moves, numbered, with a caption and a mark; the marks of an SGF for each game.
"$stonegrid" diagram --game looper --size 7 --moves 'A1+B1+B2 C2+C3+D3 D4+E4+E5 F5+F6+G6 take D6 G7 C5 A7' \
  --numbers --caption 'A loop, almost' --triangle B5 --sgf-output "$work/looper.sgf" -o "$work/looper.svg"
grep -q '^(;PM\[1\]' "$work/looper.sgf" && grep -q 'TR\[bc\]C\[A loop, almost\])' "$work/looper.sgf" ||
  { cat "$work/looper.sgf"; exit 1; }
"$stonegrid" diagram "$work/looper.sgf" -o "$work/looper-live.svg"
same_picture "$work/looper.svg" "$work/looper-live.svg"
for game in go loose squaresquared; do
  printf '%s' "(;GM[1]FF[4]SG[$game]SZ[7]KM[0];B[dd];W[cc]CR[dd]MA[cc];B[ee]C[Three moves]TR[dd]SQ[cc]LB[ff:a])" >"$work/$game-marks.sgf"
  "$stonegrid" diagram "$work/$game-marks.sgf" --sgf-output "$work/$game-live.sgf" -o "$work/$game-marks.svg"
  "$stonegrid" diagram "$work/$game-live.sgf" -o "$work/$game-live.svg"
  same_picture "$work/$game-marks.svg" "$work/$game-live.svg"
done

# A problem: its start position, its task as the caption, the problem itself as the SGF output.
printf '%s' '(;GM[1]FF[4]SG[go]SZ[5]KM[0.5]ASK[Black to play: capture the white stone.]GOAL[capture 1]SHOWME[C4]AB[bc][cd][dc]AW[cc](;B[cb]TE[1])(;B[db]BM[1]C[White connects.];W[cb]))' >"$work/problem.sgf"
"$stonegrid" diagram --problem "$work/problem.sgf" --sgf-output "$work/problem-out.sgf" -o "$work/problem.svg"
check "$work/problem.svg" 3 1 caption 'Black to play: capture the white stone.'
grep -q 'B\[db\]BM\[1\]C\[White connects.\]' "$work/problem-out.sgf"
"$stonegrid" diagram --puzzle go-puzzle-9 -o "$work/puzzle.svg"
check "$work/puzzle.svg" 6 6 caption 'Black to play: find the only move after which White cannot capture any of your stones.'
printf '%s' '(;GM[1]FF[4]SG[go]SZ[5]C[Capture it.]AB[bc][cd][dc]AW[cc](;B[cb]C[RIGHT])(;B[db];W[cb]C[It escapes.]))' >"$work/tree.sgf"
"$stonegrid" diagram --problem "$work/tree.sgf" --sgf-output "$work/tree-out.sgf" -o "$work/tree.svg"
check "$work/tree.svg" 3 1 caption 'Capture it.'
# The SGF handed to the live problem is the problem as written, variations and all.
[ "$(cat "$work/tree-out.sgf")" = "$(cat "$work/tree.sgf")" ]
printf '%s' '(;GM[1]SG[go]SZ[5]GOAL[capture 1]SHOWME[A1]AB[bc][cd][dc]AW[cc])' >"$work/bad-problem.sgf"
if "$stonegrid" diagram --problem "$work/bad-problem.sgf" 2>"$work/err"; then exit 1; fi
grep -q "problem: step 1: show me A1 is refused" "$work/err"

# Bad usage: exit status 2.
status=0
"$stonegrid" diagram --theme neon "$work/game.sgf" >/dev/null 2>&1 || status=$?
[ "$status" = 2 ]
echo "diagram-cli: ok"
