// Fuzz target: any bytes as an SGF file (core/formats/sgf.h `read_sgf`). It must answer a game or an
// error in the documented form, never crash; a game it answers must be consistent, and must
// serialise (`write_sgf`) and describe itself (`state_json`) without crashing.
#include "formats/sgf.h"
#include "fuzz_check.h"

using namespace stonegrid;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string error;
  std::optional<AnyGame> game = read_sgf(fuzz::as_text(data, size), error);
  if (!game) {
    FUZZ_CHECK(error.rfind("sgf: line ", 0) == 0, "error without a place: '%s'", error.c_str());
    return 0;
  }
  FUZZ_CHECK(error.empty(), "a game and an error: '%s'", error.c_str());
  FUZZ_CHECK(game->state().check_consistency(), "inconsistent game read");
  (void)game->state_json();
  (void)write_sgf(*game);
  return 0;
}
