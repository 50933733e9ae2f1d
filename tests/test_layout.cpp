// The layout audit's rules (web/layout.h) on screens made by hand: each rule finds the problem
// it names and stays quiet on a screen without it. The browser suite (tests/browser/
// layout.test.mjs) runs the same rules over every real screen.
#include <doctest/doctest.h>

#include <filesystem>
#include <regex>
#include <string>

#include "layout.h"
#include "source_file.h"

using namespace stonegrid::web;

namespace {

// A 390×844 phone screen with one window, a card in it and whatever `add` puts in the card.
Layout phone() {
  Layout layout;
  layout.screen = "home";
  layout.width = 390;
  layout.height = 844;
  layout.items.push_back({ItemKind::window, "home", {0, 0, 390, 844}, -1, false, 0, true, false});
  layout.items.push_back({ItemKind::card, "Loose", {10, 100, 370, 200}, 0, false, 0, false, false});
  return layout;
}

int add(Layout& layout, ItemKind kind, std::string label, LayoutRect rect, int parent = 1, float px = 15) {
  layout.items.push_back({kind, std::move(label), rect, parent, false, px, false, false});
  return static_cast<int>(layout.items.size()) - 1;
}

std::vector<std::string> rules(const Layout& layout) {
  std::vector<std::string> out;
  for (const LayoutProblem& p : audit_layout(layout)) out.push_back(p.rule);
  return out;
}

}  // namespace

TEST_CASE("layout audit: a tidy card has no problem") {
  Layout layout = phone();
  add(layout, ItemKind::text, "Loose", {20, 110, 100, 24});
  add(layout, ItemKind::text, "Chains without a true liberty change colour.", {20, 140, 300, 40});
  add(layout, ItemKind::button, "Play the bot", {20, 250, 110, 40});
  add(layout, ItemKind::button, "Play a friend", {140, 250, 120, 40});
  CHECK(audit_layout(layout).empty());
}

TEST_CASE("layout audit: buttons spilling out of a card over the next card's title (the phone home)") {
  Layout layout = phone();
  layout.items.push_back({ItemKind::card, "Go", {10, 310, 370, 200}, 0, false, 0, false, false});
  const int title = add(layout, ItemKind::text, "Go (Lasker-Maas)", {20, 320, 200, 24}, 2);
  const int button = add(layout, ItemKind::button, "Puzzles", {20, 296, 90, 40}, 1);
  const std::vector<LayoutProblem> problems = audit_layout(layout);
  REQUIRE(problems.size() == 2);
  CHECK(problems[0].rule == "overlap");
  CHECK(((problems[0].item == title && problems[0].other == button) ||
         (problems[0].item == button && problems[0].other == title)));
  CHECK(problems[1].rule == "outside");
  CHECK(problems[1].item == button);
  CHECK(problems[1].text == "the button \"Puzzles\" leaves the card \"Loose\"");
}

TEST_CASE("layout audit: text cut at a container's edge, and text too small") {
  Layout layout = phone();
  const int cut = add(layout, ItemKind::text, "The two chains score", {20, 110, 300, 20});
  layout.items[cut].clipped = true;
  add(layout, ItemKind::text, "tiny", {20, 140, 30, 10}, 1, 9);
  CHECK(rules(layout) == std::vector<std::string>{"clipped", "small"});
}

TEST_CASE("layout audit: off the screen unless a container scrolls") {
  Layout layout = phone();
  layout.items[1].rect.h = 1000;  // the card runs below the screen, in a window that scrolls
  add(layout, ItemKind::button, "Puzzles", {20, 900, 90, 40});
  CHECK(audit_layout(layout).empty());
  layout.items[0].scrolls = false;  // the card leaves the window; it and the button leave the screen
  CHECK(rules(layout) == std::vector<std::string>{"outside", "offscreen", "offscreen"});
}

TEST_CASE("layout audit: sideways nothing scrolls") {
  Layout layout = phone();
  add(layout, ItemKind::text, "wide", {300, 110, 200, 20}, 0);
  CHECK(rules(layout) == std::vector<std::string>{"outside", "offscreen"});
}

TEST_CASE("layout audit: items in different windows may lie over each other") {
  Layout layout = phone();
  add(layout, ItemKind::button, "Play the bot", {20, 250, 110, 40});
  layout.items.push_back({ItemKind::window, "New game", {20, 200, 350, 300}, -1, false, 0, false, false});
  add(layout, ItemKind::button, "Start", {30, 250, 100, 40}, 3);
  CHECK(audit_layout(layout).empty());
}

TEST_CASE("layout audit: an overlay over the board") {
  Layout layout;
  layout.width = 1440;
  layout.height = 900;
  layout.items.push_back({ItemKind::window, "board", {0, 0, 1440, 900}, -1, false, 0, false, false});
  layout.items.push_back({ItemKind::board, "board", {100, 0, 900, 900}, 0, false, 0, false, false});
  // The result card over the top rows: more than a tenth of the board.
  layout.items.push_back({ItemKind::overlay, "Result", {340, 12, 420, 200}, -1, false, 0, false, false});
  CHECK(rules(layout) == std::vector<std::string>{"covers-board"});
  layout.items[2].movable = true;  // folded away with a click: allowed
  CHECK(audit_layout(layout).empty());
  layout.items[2].movable = false;
  layout.items[2].rect = {1010, 12, 420, 200};  // beside the board
  CHECK(audit_layout(layout).empty());
}

TEST_CASE("layout record as JSON") {
  Layout layout = phone();
  add(layout, ItemKind::text, "say \"hi\"\n", {1, 2, 3, 4});
  const std::string json = layout_json(layout);
  CHECK(json.find("{\"screen\":\"home\",\"viewport\":{\"w\":390.0,\"h\":844.0},\"items\":[") == 0);
  CHECK(json.find("{\"kind\":\"text\",\"label\":\"say \\\"hi\\\"\\u000a\",\"rect\":{\"x\":1.0,\"y\":2.0,"
                  "\"w\":3.0,\"h\":4.0},\"parent\":1,\"clipped\":false,\"px\":15.0") != std::string::npos);
}

// Every text the page draws is recorded: web/ calls ImGui's text functions only through
// web/layout_record.cpp (ui_text, draw_text). The board's own labels (coordinates, numbers on
// stones, web/board_view.cpp) are part of the board's picture and scale with it.
TEST_CASE("web/ draws text only through the layout recorder") {
  if (!read_source_file("web/layout_record.cpp")) return;  // WebAssembly under node: no files
  const std::regex direct(
      R"(ImGui::(Text|TextWrapped|TextUnformatted|TextColored|TextDisabled)\(|->AddText\()");
  namespace fs = std::filesystem;
  const fs::path root = source_root_from_environment();
  const fs::path web = (root.empty() ? fs::path(__FILE__).parent_path() / ".." : root) / "web";
  int files = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator(web)) {
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() != ".cpp" || name == "layout_record.cpp" || name == "board_view.cpp")
      continue;
    const std::optional<std::string> text = read_source_file("web/" + name);
    REQUIRE(text);
    ++files;
    INFO(name);
    CHECK_FALSE(std::regex_search(*text, direct));
  }
  CHECK(files > 10);
}
