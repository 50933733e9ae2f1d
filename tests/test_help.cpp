// The help page's texts and pictures (session/help_text.h): every picture is built by the engine and
// shows what its caption says (a refused move is refused, a ringed stone was just captured or
// flipped, a threat wins, a loop is a loop, the count is the count written), docs/rules.md
// repeats every part word for word, and the balance figures are the measured table's.
#include <doctest/doctest.h>

#include <algorithm>
#include <optional>

#include <set>
#include <string>
#include "capture_go.h"

#include "bot/komi.h"
#include "help_text.h"
#include "rules/notation.h"
#include "source_file.h"

using namespace stonegrid;

namespace {

AnyGame built(const HelpPicture& picture) {
  std::string error;
  std::optional<AnyGame> game = build_picture(picture, error);
  INFO(picture.caption);
  INFO(error);
  REQUIRE(game);
  return *game;
}

Point at(std::string_view vertex, int size) {
  std::vector<Point> points = picture_points(vertex, size);
  REQUIRE(points.size() == 1);
  return points[0];
}

Move move(std::string_view text, int size) {
  std::string error;
  std::optional<Move> m = parse_move(text, size, error);
  REQUIRE(m);
  return *m;
}

std::set<std::string> labels(const AnyGame& game) {
  std::set<std::string> texts;
  for (const PointLabel& label : game.state().explain().labels)
    texts.insert(vertex_text(label.point, game.size()) + " " + label.text);
  return texts;
}

const HelpPicture& picture(GameKind kind, size_t index) {
  const HelpPage* page = help_page(kind);
  REQUIRE(page);
  REQUIRE(index < page->pictures.size());
  return page->pictures[index];
}

// Runs of spaces and line breaks as one space: docs wrap their lines, the app does not.
std::string one_line(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
    if (c == ' ' && (out.empty() || out.back() == ' ')) continue;
    out += c;
  }
  return out;
}

}  // namespace

TEST_CASE("help: a page for every built-in game, every part written") {
  for (GameKind kind : game_kinds()) {
    if (testing::is_test_game(kind)) {  // added at run time: no page, the help shows its facts
      CHECK_FALSE(help_page(kind));
      continue;
    }
    const HelpPage* page = help_page(kind);
    REQUIRE(page);
    for (std::string_view part :
         {page->goal, page->turn, page->surprise, page->end, page->balance, page->first_plan})
      CHECK(part.size() > 20);
    CHECK(page->pictures.size() >= 2);
  }
}

TEST_CASE("help: every picture is what its caption says") {
  for (const HelpPage& page : help_pages())
    for (const HelpPicture& p : page.pictures) {
      INFO(p.caption);
      const AnyGame game = built(p);
      CHECK(game.kind() == page.kind);
      if (!p.refused.empty()) CHECK(game.check(move(p.refused, p.size)) != Illegal::none);
      if (!p.hint.empty()) CHECK(game.check(move(p.hint, p.size)) == Illegal::none);
      // A ringed stone is one the last turn captured or flipped.
      for (Point ring : picture_points(p.rings, p.size)) {
        const std::vector<Point>& changed = game.last_changed();
        CHECK(std::find(changed.begin(), changed.end(), ring) != changed.end());
      }
      // The loop mark is on exactly when the black stones hold a winning loop.
      CHECK(game.state().explain().loop.any() == p.loop);
      // Each Looper threat wins for Black even after White blocks the other one.
      const std::vector<Point> threats = picture_points(p.threats, p.size);
      for (Point threat : threats) {
        AnyGame line = game;
        REQUIRE(!line.state().is_over());
        REQUIRE(line.state().color_to_move() == Color::white);
        for (Point other : threats)
          if (other != threat) REQUIRE(line.play(Move::place(other)) == Illegal::none);
        CHECK(!line.state().is_over());
        REQUIRE(line.play(Move::place(threat)) == Illegal::none);
        CHECK(line.state().is_over());
        CHECK(line.state().outcome().winner == Color::black);
      }
    }
}

TEST_CASE("help: the facts the captions state") {
  SUBCASE("Loose: B4 is false, A5 true; B3 turned white") {
    const AnyGame points = built(picture(GameKind::loose, 0));
    CHECK(points.state().explain().false_liberties[at("B4", 5)]);
    CHECK(!points.state().explain().false_liberties[at("A5", 5)]);
    const AnyGame before = built(picture(GameKind::loose, 1));
    CHECK(before.state().explain().false_liberties[at("A3", 5)]);
    const AnyGame after = built(picture(GameKind::loose, 2));
    CHECK(after.state().at(at("B3", 5)) == Color::white);
    CHECK(!after.state().explain().false_liberties[at("A3", 5)]);
  }
  SUBCASE("Go: a prisoner, the second part, the left side Black's") {
    const AnyGame capture = built(picture(GameKind::go, 0));
    CHECK(capture.state().at(at("C3", 5)) == Color::empty);
    CHECK(capture.state().prisoners(Color::black) == 1);
    const AnyGame passed = built(picture(GameKind::go, 1));
    CHECK(phase_name(passed) == "resolve");
    CHECK(passed.state().explain().owner[at("A5", 5)] == Color::empty);
    CHECK(passed.state().explain().owner[at("E5", 5)] == Color::white);
    const AnyGame resolved = built(picture(GameKind::go, 2));
    CHECK(phase_name(resolved) == "resolve");
    CHECK(resolved.state().explain().owner[at("A5", 5)] == Color::black);
  }
  SUBCASE("Looper: the ballot, the take") {
    const AnyGame ballot = built(picture(GameKind::looper, 0));
    CHECK(phase_name(ballot) == "ballot");
    CHECK(ballot.state().to_move() == 1);
    const AnyGame taken = built(picture(GameKind::looper, 1));
    CHECK(taken.state().black_player() == 1);
    CHECK(taken.state().color_to_move() == Color::white);
  }
  SUBCASE("Square Squared: the capture and the counts written") {
    const AnyGame capture = built(picture(GameKind::squaresquared, 0));
    CHECK(capture.state().at(at("C3", 5)) == Color::empty);
    CHECK(labels(built(picture(GameKind::squaresquared, 1))) ==
          std::set<std::string>{"A1 +2", "G4 -1", "G6 +1"});
    CHECK(labels(built(picture(GameKind::squaresquared, 2))) == std::set<std::string>{"A1 +5"});
  }
}

TEST_CASE("help: docs/rules.md says the same, part by part") {
  // The WebAssembly test under node has no files and skips.
  const std::optional<std::string> text = read_source_file("docs/rules.md");
#ifdef __EMSCRIPTEN__
  if (!text) return;
#endif
  REQUIRE(text);
  const std::string doc = one_line(*text);
  for (const HelpPage& page : help_pages())
    for (std::string_view part :
         {page.goal, page.turn, page.surprise, page.end, page.balance, page.first_plan}) {
      INFO(part);
      CHECK(doc.find(one_line(part)) != std::string::npos);
    }
}

TEST_CASE("help: the balance figures are the measured table's") {
  for (const MeasuredBalance& b : measured_balance()) {
    if (!b.primary || b.variant != 0) continue;
    const std::string text = balance_figures(b.kind, b.size);
    INFO(text);
    CHECK(text.find(std::to_string(b.size) + "×" + std::to_string(b.size) + ": ") != std::string::npos);
    CHECK(text.find("about " + format_number(b.fair)) != std::string::npos);
    CHECK(text.find(" of " + std::to_string(b.games) + " games") != std::string::npos);
  }
  // A size not measured says so and lists the sizes that were.
  const std::string unmeasured = balance_figures(GameKind::go, 25);
  CHECK(unmeasured.find("Not measured on 25×25") != std::string::npos);
  if (const MeasuredBalance* nine = find_balance(GameKind::go, 9))
    CHECK(unmeasured.find("9×9 about " + format_number(nine->fair)) != std::string::npos);
  // Square Squared's other scoring, when measured at the size.
  if (const MeasuredBalance* v3 = find_balance(GameKind::squaresquared, 7, 1))
    CHECK(balance_figures(GameKind::squaresquared, 7).find("v3 scoring, about " + format_number(v3->fair)) !=
          std::string::npos);
}
