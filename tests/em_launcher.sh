#!/usr/bin/env bash
# scripts/em-launcher compiles past emcc's Python, running the clang that em++ would run with
# em++'s flags (ctest `em-launcher-same-objects`, web build). This checks that its objects are
# em++'s byte for byte, for the kinds of compile the web build has (C++ at -O3, with -flto and
# -pthread, with -fexceptions; C as SDL2 is compiled), and that it leaves a link to em++ (which
# then writes the .js and .wasm): the linked program must run and compute what it should. A new
# Emscripten that does more than run clang for a compile fails here rather than in a page that
# misbehaves.
# Usage: em_launcher.sh SOURCE_DIR EM++ EMCC
set -euo pipefail
src=$1
emxx=$2
emcc=$3
launcher=$src/scripts/em-launcher
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
export CCACHE_DISABLE=1  # compile, do not fetch a cached object

printf '#include <string.h>\nint sg_len(const char* s) { return (int)strlen(s) + SG_EXTRA; }\n' >c_file.c
cat >cxx_file.cpp <<'CXX'
#include <string>
#include <vector>
// a little of the standard library and of the language's runtime (exceptions, statics)
std::vector<std::string> sg_split(const std::string& s) {
  static const std::string none = "(none)";
  std::vector<std::string> parts(1);
  for (char c : s) {
    if (c == ' ')
      parts.emplace_back();
    else
      parts.back().push_back(c);
  }
  if (parts.size() > 1000) throw std::length_error(none);
  return parts;
}
CXX
checked=0
# same COMPILER SOURCE FLAGS...: one object both ways, compared
same() {
  local compiler=$1 source=$2
  shift 2
  "$compiler" "$@" -MD -MT a.o -MF a.o.d -o a.o -c "$source"
  "$launcher" "$compiler" "$@" -MD -MT b.o -MF b.o.d -o b.o -c "$source"
  if ! cmp -s a.o b.o; then
    echo "em-launcher's object differs from $(basename "$compiler")'s: $* $source"
    exit 1
  fi
  checked=$((checked + 1))
}
same "$emxx" cxx_file.cpp -I"$src/core" -O3 -DNDEBUG -std=c++20
same "$emxx" cxx_file.cpp -I"$src/core" -O3 -DNDEBUG -flto -pthread -std=c++20
same "$emxx" cxx_file.cpp -I"$src/core" -O2 -fexceptions -std=c++20
same "$emcc" c_file.c -DSG_EXTRA=2 -O3 -w -fvisibility=hidden
# .em-answers: the line naming emcc.py, then one a set of flags
[ -f .em-answers ] && [ "$(wc -l <.em-answers)" -eq 5 ] || {
  echo "em-launcher did not compile past emcc (not one answer a set of flags in .em-answers)"
  exit 1
}
# a compile with flags it knows asks emcc nothing
"$launcher" "$emxx" -I"$src/core" -O3 -DNDEBUG -std=c++20 -MD -MT d.o -MF d.o.d -o d.o -c cxx_file.cpp
[ "$(wc -l <.em-answers)" -eq 5 ] || { echo "em-launcher asked emcc again for flags it had the answer to"; exit 1; }
# a new Emscripten (emcc.py newer than the answers) makes it ask again
touch -d 2000-01-01 .em-answers
"$launcher" "$emxx" -I"$src/core" -O3 -DNDEBUG -std=c++20 -MD -MT d.o -MF d.o.d -o d.o -c cxx_file.cpp
[ "$(wc -l <.em-answers)" -eq 2 ] || { echo "em-launcher kept its answers from an older emcc"; exit 1; }

# a link goes to em++ itself, and the result runs (b.o: c_file.c's object from the launcher)
printf 'int sg_len(const char*);\nint main() { return sg_len("abc") == 5 ? 0 : 1; }\n' >main.c
"$launcher" "$emcc" -DSG_EXTRA=2 -O3 -w -fvisibility=hidden -MD -MT m.o -MF m.o.d -o m.o -c main.c
"$launcher" "$emcc" -sENVIRONMENT=node -sWASM_ASYNC_COMPILATION=0 b.o m.o -o prog.js
node prog.js >/dev/null 2>&1 || { echo "the program linked through em-launcher did not run as built"; exit 1; }
echo "em-launcher: $checked objects the same as emcc's; a link through it runs"
