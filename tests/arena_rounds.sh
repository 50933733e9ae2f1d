#!/usr/bin/env bash
# scripts/arena-rounds end to end (ctest `arena-rounds`): both forms of a pairs line play their
# rounds with the seeds they name, a second worker plays none again (resume), a stop file stops
# workers, a failing round leaves its output as .part and no result, tally counts (also by side),
# and compare scores two pairs over the rounds both have.
# Usage: arena_rounds.sh path/to/stonegrid source-dir
set -euo pipefail
export STONEGRID=$1
rounds="$2/scripts/arena-rounds"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat >"$dir/pairs" <<'PAIRS'
# old form: KEY GAME SIZE S (bot:playouts=S against uct:4S, seed 6000+R)
loose5 loose 5 20
# new form: KEY BASE arena ARGS, and KEY BASE COMMAND ... arena ARGS
go5 100 arena --a "uct:20" --b random --game go --size 5
env5 200 env STONEGRID_UNUSED=1 "$STONEGRID" arena --a uct:20 --b random --game go --size 5
bad 300 arena --a nonsense --b random --game go --size 5
PAIRS
"$rounds" "$dir" play 1 2 2>"$dir/err"
for k in loose5-1 loose5-2 go5-1 go5-2 env5-1 env5-2; do
  grep -q '^A (.*) scored ' "$dir/res/$k" || { echo "round $k has no result"; exit 1; }
done
[ -f "$dir/res/bad-1.part" ] && [ ! -f "$dir/res/bad-1" ] || { echo "a failed round left a result"; exit 1; }
grep -q 'round bad-1 failed' "$dir/err" || { cat "$dir/err"; echo "a failed round was not reported"; exit 1; }
# The seeds: round 2 of go5 is seed 102 (its records are those of seed 102).
"$STONEGRID" arena --a uct:20 --b random --game go --size 5 --games 2 --seed 102 --sgf-dir "$dir/check" >/dev/null
cmp -s "$dir/check/game-001.sgf" "$dir/sgf/go5-2/game-001.sgf" || { echo "go5 round 2 was not seed 102"; exit 1; }
# Resume: nothing played again (the records keep their times).
touch -d '2000-01-01' "$dir/res/go5-1"
"$rounds" "$dir" play 1 2 2>/dev/null
[ "$(stat -c %Y "$dir/res/go5-1")" = "$(date -d '2000-01-01' +%s)" ] || { echo "round go5-1 was played again"; exit 1; }
# Stop: a worker plays nothing once DIR/stop exists.
touch "$dir/stop"
"$rounds" "$dir" play 3 3 2>/dev/null
[ ! -e "$dir/res/go5-3" ] || { echo "a stopped worker played"; exit 1; }
out=$("$rounds" "$dir" tally)
echo "$out"
grep -Eq '^go5 +[0-9.]+ / 4 +rounds 1-2; as player 1 [0-9.]+ / 2, as player 2 [0-9.]+ / 2$' <<<"$out" ||
  { echo "tally of go5 wrong"; exit 1; }
grep -Eq '^loose5 +loose 5x5 +[0-9.]+ / 4 +rounds 1-2; as player 1 [0-9.]+ / 2, as player 2 [0-9.]+ / 2$' <<<"$out" ||
  { echo "tally of loose5 wrong"; exit 1; }
grep -Eq '^bad +0 / 0 +rounds none; as player 1 0 / 0, as player 2 0 / 0$' <<<"$out" || { echo "tally of bad wrong"; exit 1; }
# The sides add up to the score, and each side's count is the games A played as that player.
read -r won p1 p2 < <(sed -nE 's/^go5 +([0-9.]+) \/ 4 .*as player 1 ([0-9.]+) \/ 2, as player 2 ([0-9.]+) \/ 2$/\1 \2 \3/p' <<<"$out")
[ "$(echo "$p1 + $p2 == $won" | bc)" = 1 ] || { echo "go5's sides ($p1, $p2) do not add up to $won"; exit 1; }
want1=$(cat "$dir"/res/go5-[12] | grep -cE '^game [0-9]+: A is player 1; .*; A wins$' || true)
[ "$(echo "$p1 == $want1" | bc)" = 1 ] || { echo "go5 as player 1: $p1, the records say $want1"; exit 1; }
# compare: go5 against env5 over the rounds both have (1-2: round 3 was never played).
out=$("$rounds" "$dir" compare go5 "$dir" env5)
echo "$out"
grep -Eq '^go5 +[0-9.]+ / 4 +as player 1' <<<"$out" && grep -Eq '^env5 +[0-9.]+ / 4 +as player 1' <<<"$out" &&
  grep -q '^over rounds 1-2 (2 rounds both have)$' <<<"$out" || { echo "compare wrong"; exit 1; }
rm "$dir/res/env5-2"
grep -q '^over rounds 1 (1 rounds both have)$' <<<"$("$rounds" "$dir" compare go5 "$dir" env5)" ||
  { echo "compare counted a round only one pair has"; exit 1; }
! "$rounds" "$dir" compare go5 "$dir/none" env5 2>/dev/null || { echo "compare with a missing folder succeeded"; exit 1; }
echo "arena-rounds: both forms, resume, stop, failure, tally and compare ok"
