// Fuzz target: Sensei's Library diagrams (core/formats/sl_diagram.h). The first byte picks the
// game (of `game_kinds()`), the rest is the text. What `read_sl_diagram` refuses must come with
// an error naming its line and column; what it accepts must be a consistent game whose diagram,
// written by `write_sl_diagram` with the same view, numbers, marks, letters and caption, reads back
// to the same position (board, hash, side to move), numbers, marks, letters and caption, and is
// written the same way again.
#include <algorithm>

#include "formats/sl_diagram.h"
#include "fuzz_check.h"

using namespace stonegrid;

namespace {

std::string markup_text(const SlDiagram& d) {
  std::vector<std::string> items;
  for (const Markup::Mark& m : d.marks)
    items.push_back(std::to_string(m.point) + "/" + std::to_string(static_cast<int>(m.shape)));
  for (const Markup::Label& l : d.labels) items.push_back(std::to_string(l.point) + ":" + l.text);
  std::sort(items.begin(), items.end());
  std::string out;
  for (const std::string& item : items) out += item + " ";
  return out;
}

std::string summary(const SlDiagram& d) {
  return fuzz::visible_state(d.game) + " | numbered " + std::to_string(d.numbered_moves) + " from " +
         std::to_string(d.first_number) + " | " + markup_text(d) + "| " + d.caption + " | c" +
         std::to_string(d.coordinates) + " view " + std::to_string(d.view.left) + "," +
         std::to_string(d.view.top);
}

SlWriteOptions options_of(const SlDiagram& d) {
  SlWriteOptions o;
  o.numbers_from = d.numbered_moves ? d.first_numbered + 1 : 0;
  o.first_number = d.first_number;
  o.marks = d.marks;
  o.labels = d.labels;
  o.caption = d.caption;
  o.coordinates = d.coordinates;
  o.view = d.view;
  return o;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::vector<GameKind>& kinds = game_kinds();
  SlReadOptions read_options;
  read_options.game = std::string(game_name(kinds[data[0] % kinds.size()]));
  const std::string_view text = fuzz::as_text(data + 1, size - 1);

  std::string error;
  std::optional<SlDiagram> d = read_sl_diagram(text, read_options, error);
  if (!d) {
    FUZZ_CHECK(error.starts_with("sl: line "), "refused without a place: '%s'", error.c_str());
    return 0;
  }
  FUZZ_CHECK(d->game.state().check_consistency(), "inconsistent game after reading");
  FUZZ_CHECK(d->numbered_moves >= 0 && d->numbered_moves <= 10, "%d numbered moves", d->numbered_moves);

  std::optional<std::string> written = write_sl_diagram(d->game, options_of(*d), error);
  FUZZ_CHECK(written, "a diagram read does not write: %s", error.c_str());
  std::optional<SlDiagram> again = read_sl_diagram(*written, read_options, error);
  FUZZ_CHECK(again, "written text does not read: %s\n%s", error.c_str(), written->c_str());
  FUZZ_CHECK(summary(*again) == summary(*d), "read back differently:\n%s\n%s\n%s", written->c_str(),
             summary(*d).c_str(), summary(*again).c_str());
  std::optional<std::string> twice = write_sl_diagram(again->game, options_of(*again), error);
  FUZZ_CHECK(twice && *twice == *written, "written two ways:\n%s\n%s", written->c_str(),
             twice ? twice->c_str() : error.c_str());
  return 0;
}
