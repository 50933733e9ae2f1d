// Fuzz target: the SGF round trip. Whatever `read_sgf` accepts is written (`write_sgf`), read
// back to the same visible state (board, side to move, phase, result, score, settings, moves),
// and written again to the same text.
//
// XXX: known bugs, being fixed in core/sgf.cpp: AE is written as AW, and AB/AW are written
// grouped by colour, so a point set up twice (AW[aa] then AB[aa]) or cleared by AE comes back
// different. With STONEGRID_FUZZ_SKIP=sgf-setup in the environment (scripts/test's smoke run)
// such inputs are skipped; without it they fail. Remove the skip once those fixes are in.
#include <cstdlib>
#include <cstring>
#include <set>

#include "fuzz_check.h"
#include "sgf.h"

using namespace stonegrid;

namespace {

bool skip_setup_bugs() {
  static const bool skip = [] {
    const char* skip = std::getenv("STONEGRID_FUZZ_SKIP");
    return skip && std::strstr(skip, "sgf-setup");
  }();
  return skip;
}

// The setup the known bugs get wrong: AE, or a point set up more than once.
bool setup_order_matters(const AnyGame& game) {
  std::set<Point> seen;
  for (auto [point, colour] : game.record().setup)
    if (colour == Color::empty || !seen.insert(point).second) return true;
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string error;
  std::optional<AnyGame> first = read_sgf(fuzz::as_text(data, size), error);
  if (!first) return 0;
  if (skip_setup_bugs() && setup_order_matters(*first)) return 0;
  const std::string written = write_sgf(*first);
  std::optional<AnyGame> second = read_sgf(written, error);
  FUZZ_CHECK(second, "what we wrote does not read back: %s\n--- written:\n%s", error.c_str(),
             written.c_str());
  const std::string state = fuzz::visible_state(*first), state_again = fuzz::visible_state(*second);
  FUZZ_CHECK(state == state_again,
             "the state changed in the round trip\n--- read:\n%s\n--- read back:\n%s\n--- written:\n%s",
             state.c_str(), state_again.c_str(), written.c_str());
  const std::string rewritten = write_sgf(*second);
  FUZZ_CHECK(rewritten == written, "written differently the second time\n--- first:\n%s\n--- second:\n%s",
             written.c_str(), rewritten.c_str());
  return 0;
}
