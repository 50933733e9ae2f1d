// Fuzz target: GTP lines on a live engine (core/tools/gtp.h `GtpEngine::handle`). The input is a
// session, one command per line; every line is checked on the engine the earlier lines left:
//   - framing: "" exactly when the line has no command, else "=[id] text\n\n" or "?[id] text\n\n"
//     with the line's id echoed and no blank line inside the response;
//   - an error ('?') leaves the game unchanged (`stonegrid-state` JSON and the record
//     `printsgf` writes: settings, setup and moves);
//   - the game stays consistent.
// Kept out, so that a run touches no files and stays fast: `loadsgf` (a path could be a FIFO or
// a device; SGF text has its own targets), `printsgf FILE` (writes files), a search of more than
// `search_playouts` playouts (`stonegrid-analyze N`, `stonegrid-playouts N` or 0, the level's
// count) and a `stonegrid-seconds` budget: one input must stay fast. The engine starts with
// `stonegrid-playouts search_playouts`, so every level (1-10: plain or policy playouts, priors) is
// fair game at that cost. Values the engine refuses (negative, above its own limits) still pass.
#include <charconv>
#include <optional>
#include <vector>

#include "fuzz_check.h"
#include "tools/gtp.h"

using namespace stonegrid;

namespace {

// Playouts per search. Small, because a search is most of an input's cost under the fuzzer's
// instrumentation, yet enough for every part of the search and the analysis JSON to run: the
// root is expanded and a child selected, and each playout runs the whole policy to the end.
constexpr long long search_playouts = 2;

// The words of a line as GTP reads them (GTP 2 §3.1): cut at '#', control characters dropped
// (HT becomes a space), split on spaces.
std::vector<std::string> words_of(std::string_view line) {
  std::vector<std::string> words;
  std::string word;
  for (char c : line) {
    if (c == '#') break;
    if (c == '\t') c = ' ';
    if (static_cast<unsigned char>(c) < 32 || c == 127) continue;
    if (c == ' ') {
      if (!word.empty()) words.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) words.push_back(word);
  return words;
}

bool all_digits(const std::string& word) {
  return !word.empty() && word.find_first_not_of("0123456789") == std::string::npos;
}

std::optional<long long> integer(const std::string& word) {
  long long value = 0;
  auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
  if (ec != std::errc() || end != word.data() + word.size()) return std::nullopt;
  return value;
}

// False for the lines kept out (see the top of the file).
bool allowed(const std::vector<std::string>& words) {
  size_t first = !words.empty() && all_digits(words[0]) ? 1 : 0;
  if (first >= words.size()) return true;
  const std::string& name = words[first];
  const size_t arguments = words.size() - first - 1;
  if (name == "loadsgf") return false;
  if (name == "printsgf") return arguments == 0;
  if (name == "stonegrid-seconds") return arguments == 0 || words[first + 1] == "0";
  if ((name == "stonegrid-analyze" || name == "stonegrid-playouts") && arguments == 1) {
    std::optional<long long> playouts = integer(words[first + 1]);
    const long long least = name == "stonegrid-playouts" ? 0 : 1;
    return !playouts || *playouts < least || *playouts > GtpEngine::max_playouts ||
           (*playouts > 0 && *playouts <= search_playouts);
  }
  return true;
}

// What `stonegrid-state` would show, and the record `printsgf` writes from (settings, setup,
// moves; not the SGF text itself, whose writing replays the whole game).
std::string snapshot(const AnyGame& game) {
  std::string out = fuzz::visible_state(game) + " setup=";
  for (const auto& [point, color] : game.record().setup)
    out += std::to_string(point) + ":" + std::to_string(static_cast<int>(color)) + ",";
  return out;
}

void check_response(const std::vector<std::string>& words, const std::string& response,
                    const std::string& line) {
  if (words.empty()) {
    FUZZ_CHECK(response.empty(), "a response to a line without a command: '%s'", response.c_str());
    return;
  }
  FUZZ_CHECK(response.size() >= 3 && (response[0] == '=' || response[0] == '?'),
             "response does not start with = or ?: '%s' (line '%s')", response.c_str(), line.c_str());
  FUZZ_CHECK(response.find("\n\n") == response.size() - 2, "response not ended by one blank line: '%s'",
             response.c_str());
  const std::string id = all_digits(words[0]) ? words[0] : "";
  FUZZ_CHECK(response.compare(1, id.size(), id) == 0, "id '%s' not echoed: '%s'", id.c_str(),
             response.c_str());
  const char after_id = response[1 + id.size()];
  FUZZ_CHECK(after_id == ' ' || after_id == '\n', "no space after '=%s': '%s'", id.c_str(), response.c_str());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  GtpEngine engine;
  engine.handle("stonegrid-playouts " + std::to_string(search_playouts));
  // The snapshot of the engine's game while it is known: after a '?' the game is the one the
  // check just snapshot, so a run of refused lines (most of what a fuzzer sends) costs one
  // snapshot a line instead of a copy and two. An '=' may change the game and forgets it.
  std::optional<std::string> known;
  std::string_view input = fuzz::as_text(data, size);
  while (!input.empty()) {
    const size_t end = input.find('\n');
    const std::string line(input.substr(0, end));
    input = end == std::string_view::npos ? std::string_view() : input.substr(end + 1);
    const std::vector<std::string> words = words_of(line);
    if (!allowed(words)) continue;
    std::optional<AnyGame> game_before;  // a copy, snapshot only after a '?'
    if (!known) game_before = engine.game();
    const std::string response = engine.handle(line);
    check_response(words, response, line);
    if (!response.empty() && response[0] == '?') {
      const std::string before = known ? *known : snapshot(*game_before), after = snapshot(engine.game());
      FUZZ_CHECK(after == before, "'%s' answered '%s' but changed the game\n--- before:\n%s\n--- after:\n%s",
                 line.c_str(), response.c_str(), before.c_str(), after.c_str());
      known = after;
    } else {
      known.reset();
    }
    FUZZ_CHECK(engine.game().state().check_consistency(), "inconsistent after '%s'", line.c_str());
  }
  return 0;
}
