#!/usr/bin/env bash
# The command line built with pthreads, under node (ctest `cli-threads-wasm`): a move searched by
# time on two threads sharing one tree, through GTP and through bench's search rows. On a machine
# with one core the search uses one thread (the cores bound it), which this accepts.
# Usage: cli_threads_wasm.sh path/to/stonegrid-mt.js
set -euo pipefail
js=$1

out=$(printf 'stonegrid-threads 2\nstonegrid-seconds 0.5\ngenmove b\ngenmove w\nstonegrid-threads\nquit\n' |
  node "$js" gtp --game go --size 9)
echo "$out" | tr '\n' ' '
echo
moves=$(echo "$out" | grep -cE '^= [A-HJ-T][0-9]+$' || true)
[ "$moves" = 2 ] || { echo "expected two moves from genmove"; exit 1; }
grep -q '^= 2$' <<<"$out" || { echo "stonegrid-threads did not keep 2"; exit 1; }

rows=$(node "$js" bench --json --seconds 0.3 --game go --threads 2)
cores=$(node -e 'console.log(require("os").cpus().length)')
want=$([ "$cores" -ge 2 ] && echo search-2 || echo search-1)
echo "$rows" | grep "\"$want\"" || { echo "no $want row in bench:"; echo "$rows"; exit 1; }
