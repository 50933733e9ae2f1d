// Fuzz target: the SGF round trip. Whatever `read_sgf` accepts is written (`write_sgf`), read
// back to the same visible state (board, side to move, phase, result, score, settings, moves),
// and written again to the same text.
#include "formats/sgf.h"
#include "fuzz_check.h"

using namespace stonegrid;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string error;
  std::optional<AnyGame> first = read_sgf(fuzz::as_text(data, size), error);
  if (!first) return 0;
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
