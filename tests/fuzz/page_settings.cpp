// Fuzz target: the settings a page URL gives (assets/page.js reads `#game=..&size=..&komi=..&
// moves=D4.pass.A1+C3`). The page checks them in JavaScript, but the exported C functions
// (web/page_api.cpp `stonegrid_new_game`, `stonegrid_play`) take any name, int, double and
// text, so this target passes raw values the same way: `game_kind` + `AnyGame::create`, then
// each move through `parse_move` + `AnyGame::play` (splitting moves as page.js's `splitMoves`
// does, at most 2000). Checked: `play` agrees with `check`, the game stays consistent (after
// each of the first 8 moves, every 8th after that, the last one and undo), and the finished
// game survives the SGF round trip.
#include <charconv>
#include <cmath>
#include <map>
#include <vector>

#include "formats/sgf.h"
#include "fuzz_check.h"
#include "rules/notation.h"

using namespace stonegrid;

namespace {

std::map<std::string, std::string> parameters(std::string_view text) {
  std::map<std::string, std::string> out;
  while (!text.empty()) {
    const size_t end = text.find('&');
    std::string_view pair = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    const size_t eq = pair.find('=');
    if (eq == std::string_view::npos) continue;
    out[std::string(pair.substr(0, eq))] = std::string(pair.substr(eq + 1));
  }
  return out;
}

// page.js `splitMoves`: split at '.', trim, spaces become '+', empty parts dropped.
std::vector<std::string> split_moves(const std::string& text) {
  std::vector<std::string> moves;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('.', start);
    if (end == std::string::npos) end = text.size();
    std::string move = text.substr(start, end - start);
    const size_t first = move.find_first_not_of(" \t\r\n");
    const size_t last = move.find_last_not_of(" \t\r\n");
    move = first == std::string::npos ? "" : move.substr(first, last - first + 1);
    for (char& c : move)
      if (c == ' ') c = '+';
    if (!move.empty()) moves.push_back(move);
    start = end + 1;
  }
  return moves;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::map<std::string, std::string> p = parameters(fuzz::as_text(data, size));
  std::optional<GameKind> kind = game_kind(p.count("game") ? p["game"] : "go");
  if (!kind) return 0;
  GameSettings settings;
  settings.kind = *kind;
  if (p.count("size")) {  // a JavaScript number arrives as an int32
    const std::string& s = p["size"];
    std::from_chars(s.data(), s.data() + s.size(), settings.size);
  }
  if (p.count("komi") && !p["komi"].empty()) {  // NaN means the default, as in page_api.cpp
    const double komi = std::strtod(p["komi"].c_str(), nullptr);
    if (!std::isnan(komi)) settings.komi = komi;
  }
  std::string error;
  std::optional<AnyGame> game = AnyGame::create(settings, error);
  if (!game) {
    FUZZ_CHECK(!error.empty(), "create refused without an error");
    return 0;
  }
  FUZZ_CHECK(game->state().check_consistency(), "a new game is inconsistent");

  std::vector<std::string> moves = split_moves(p.count("moves") ? p["moves"] : "");
  if (moves.size() > 2000) moves.resize(2000);
  size_t checked = 0;
  for (const std::string& text : moves) {
    std::optional<Move> move = parse_move(text, game->size(), error);
    if (!move) continue;
    const Illegal expected = game->check(*move);
    const uint64_t hash = game->state().hash();
    const size_t played = game->moves().size();
    const Illegal why = game->play(*move);
    FUZZ_CHECK(why == expected, "'%s': check said %d, play said %d", text.c_str(), static_cast<int>(expected),
               static_cast<int>(why));
    if (why != Illegal::none)
      FUZZ_CHECK(game->state().hash() == hash && game->moves().size() == played,
                 "refused '%s' but changed the game", text.c_str());
    // The full rebuild is most of an execution's cost: after each of the first 8 moves,
    // then every 8th; the last position is checked below. A wrong incremental state persists, so
    // a sparse check still finds it, a few moves late.
    if (++checked <= 8 || checked % 8 == 0)
      FUZZ_CHECK(game->state().check_consistency(), "inconsistent after '%s'", text.c_str());
  }
  FUZZ_CHECK(game->state().check_consistency(), "inconsistent after the last move");
  (void)game->state_json();

  const std::string written = write_sgf(*game);
  std::optional<AnyGame> read = read_sgf(written, error);
  FUZZ_CHECK(read, "the game's SGF does not read back: %s\n%s", error.c_str(), written.c_str());
  FUZZ_CHECK(fuzz::visible_state(*read) == fuzz::visible_state(*game), "SGF round trip changed the game\n%s",
             written.c_str());

  if (game->undo()) FUZZ_CHECK(game->state().check_consistency(), "inconsistent after undo");
  return 0;
}
