#!/usr/bin/env bash
# `stonegrid arena` end to end (ctest `arena-cli`): the players it is measured with play whole
# games and are named in the result line; `uct:N` (plain UCT) loses to level 10's search with the
# same simulations far more often than not; --sgf-dir's records name the players (PB, PW); --resign
# sets when our bots resign; a bad player spec
# exits 2 with the list of players.
# Usage: arena_cli.sh path/to/stonegrid
set -euo pipefail
stonegrid=$1

out=$("$stonegrid" arena --a bot:playouts=400 --b uct:400 --game loose --size 5 --games 6 --seed 9)
echo "$out" | tail -n 1
grep -q '^A (bot:playouts=400) scored' <<<"$out" || { echo "no result line for bot:playouts against uct"; exit 1; }
[ "$(echo "$out" | grep -c '^game ')" = 6 ] || { echo "expected 6 games"; exit 1; }
score=$(echo "$out" | tail -n 1 | sed -E 's/.* scored ([0-9.]+) \/ 6 .*/\1/')
python3 -c "import sys; sys.exit(0 if float('$score') >= 4 else 1)" ||
  { echo "level 10's search scored only $score / 6 against plain UCT at equal simulations"; exit 1; }

games=$(mktemp -d)
out=$("$stonegrid" arena --a uct:50 --b random --game go --size 5 --games 2 --sgf-dir "$games")
grep -q '^A (uct:50) scored' <<<"$out" ||
  { echo "uct:50 against random gave no result"; exit 1; }
# The records name the players, colours alternating: game 1 A is Black, game 2 White.
grep -q 'PB\[uct:50\]PW\[random\]' "$games/game-001.sgf" || { cat "$games/game-001.sgf"; echo "players not named"; exit 1; }
grep -q 'PB\[random\]PW\[uct:50\]' "$games/game-002.sgf" || { cat "$games/game-002.sgf"; echo "colours not swapped"; exit 1; }
rm -rf "$games"

# gtp:COMMAND with {seed}: a new engine process each game, {seed} replaced by a new seed each time.
seeds=$(mktemp)
trap 'rm -f "$seeds"' EXIT
out=$("$stonegrid" arena --a bot:1 --b "gtp:echo {seed} >> $seeds; exec $stonegrid gtp --level 1 --seed {seed}" \
  --game go --size 5 --games 3 --seed 4)
echo "$out" | grep -q 'a new process each game, {seed} = its seed' || { echo "{seed} not announced: $out"; exit 1; }
[ "$(sort -u "$seeds" | grep -cE '^[0-9]+$')" = 3 ] || { echo "expected 3 different seeds: $(cat "$seeds")"; exit 1; }

# A resignation is not sent to a GTP engine as a move (`play w resign` stops Pachi).
"$stonegrid" arena --a bot:playouts=1000 --b "gtp:tee -a $seeds | $stonegrid gtp --level 1" --resign 0.99 \
  --game go --size 5 --games 2 --seed 4 | grep -q 'A loses' || { echo "bot:playouts=1000 --resign 0.99 did not resign"; exit 1; }
if grep -qi '^play.*resign' "$seeds"; then echo "a resignation was sent to the engine as a move"; exit 1; fi

# --resign: printed when set; a threshold outside [0, 1) is refused.
"$stonegrid" arena --a bot:2 --b bot:1 --game go --size 5 --games 1 --resign 0 |
  grep -q '^arena: our bots resign below a win rate of 0$' || { echo "--resign 0 not taken"; exit 1; }
if "$stonegrid" arena --a bot:2 --b bot:1 --games 1 --resign 1.5 >/dev/null 2>&1; then
  echo "--resign 1.5 was accepted"; exit 1
fi

for bad in uct:0 uct:x uct: bot:11 flat:-1; do
  if err=$("$stonegrid" arena --a "$bad" --b random --games 1 2>&1); then
    echo "'$bad' was accepted"; exit 1
  fi
  grep -q "bad player '$bad' (bot:LEVEL, bot:playouts=N, uct:N," <<<"$err" || { echo "no clear message for '$bad': $err"; exit 1; }
done
echo "arena-cli: ok"
