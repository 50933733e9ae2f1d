// Fuzz target: the text notation (core/rules/notation.h). The first byte picks the board size (5 to
// 25), the rest is the text. Whatever `parse_move` / `parse_vertex` accept must be on the board
// and come back from `move_text` / `vertex_text` in a form that parses to the same thing and is
// printed the same way again; what they refuse must come with an error.
#include "fuzz_check.h"
#include "rules/notation.h"

using namespace stonegrid;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const int n = 5 + data[0] % 21;
  const std::string_view text = fuzz::as_text(data + 1, size - 1);
  const std::string shown(text);

  std::string error;
  std::optional<Move> move = parse_move(text, n, error);
  if (!move) {
    FUZZ_CHECK(!error.empty(), "'%s' refused without an error", shown.c_str());
  } else {
    FUZZ_CHECK(move->count <= 3, "'%s': %d points", shown.c_str(), move->count);
    for (int i = 0; i < move->count; ++i)
      FUZZ_CHECK(move->points[i] >= 0 && move->points[i] < n * n, "'%s': point %d off the %dx%d board",
                 shown.c_str(), move->points[i], n, n);
    const std::string written = move_text(*move, n);
    std::optional<Move> again = parse_move(written, n, error);
    FUZZ_CHECK(again && *again == *move, "'%s' -> '%s' does not parse back to the same move (%s)",
               shown.c_str(), written.c_str(), error.c_str());
    FUZZ_CHECK(move_text(*again, n) == written, "'%s' printed two ways", written.c_str());
  }

  error.clear();
  std::optional<Point> point = parse_vertex(text, n, error);
  if (!point) {
    FUZZ_CHECK(!error.empty(), "vertex '%s' refused without an error", shown.c_str());
  } else {
    FUZZ_CHECK(*point >= 0 && *point < n * n, "vertex '%s' off the board: %d", shown.c_str(), *point);
    const std::string written = vertex_text(*point, n);
    std::optional<Point> again = parse_vertex(written, n, error);
    FUZZ_CHECK(again == point, "vertex '%s' -> '%s' does not parse back", shown.c_str(), written.c_str());
  }
  return 0;
}
