#!/usr/bin/env bash
# `stonegrid <command> --help` and `-h` (ctest `help-cli`): every command the program's own
# help lists answers with its usage on stdout and exit status 0, whatever else is on the line.
# The commands are read from `stonegrid --help` (its lines "  <command> ..."), so a new command
# is checked without touching this file. Usage: help_cli.sh path/to/stonegrid
set -euo pipefail
stonegrid=$1
err=$(mktemp)
trap 'rm -f "$err"' EXIT

commands=$("$stonegrid" --help | sed -nE 's/^  ([a-z][a-z-]*)( .*)?$/\1/p' | sort -u)
for expected in gtp bench arena diagram balance teach learn-priors review qr; do
  grep -qx "$expected" <<<"$commands" || { echo "'$expected' is missing from stonegrid --help"; exit 1; }
done

failed=0
for command in $commands; do
  for flag in --help -h; do
    # Stdin is closed so a command that ignored the flag (gtp) cannot wait for input.
    if ! out=$("$stonegrid" "$command" "$flag" </dev/null 2>"$err"); then
      echo "stonegrid $command $flag: exit status not 0: $(head -n 2 "$err")"
      failed=1
      continue
    fi
    grep -qi "usage" <<<"$out" || { echo "stonegrid $command $flag: no usage on stdout"; failed=1; }
    grep -q "^  $command" <<<"$out" || { echo "stonegrid $command $flag: its usage does not name it"; failed=1; }
  done
done

# After other options too, and the program's own help still lists every command.
grep -q "^  diagram" <<<"$("$stonegrid" diagram --moves "D4" --help </dev/null)" ||
  { echo "stonegrid diagram --moves D4 --help gave no usage"; failed=1; }
grep -q "<command> --help" <<<"$("$stonegrid" --help)" ||
  { echo "stonegrid --help does not mention <command> --help"; failed=1; }
exit $failed
