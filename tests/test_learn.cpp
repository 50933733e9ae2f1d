// Learned move priors (core/bot/move_features.h, core/bot/learn_priors.h): the features see
// the board the same way under every symmetry and from either colour's side, the MM fit finds
// the strengths that generated a synthetic set of choices, the training builder turns a game
// into positions, and the committed Go weights rank the obvious move first.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "board_text.h"
#include "bot/learn_priors.h"
#include "bot/policy_go.h"
#include "rules/notation.h"
#include "rules/random.h"

using namespace stonegrid;
using namespace stonegrid::testing;

namespace {

const char* const sample = R"(
  . . . . . . . . .
  . . X O . . . . .
  . . X O O . . . .
  . X . X O . . . .
  . . X . X O . . .
  . . . . . . . . .
  . . O . . . X . .
  . . . . . . . . .
  . . . . . . . . .)";

// The picture under symmetry `s` (quarter turns s & 3, then a mirror when s & 4), colours
// swapped when `swap`.
std::string transformed(const char* text, int s, bool swap) {
  const std::vector<Color> board = parse_picture(text);
  const int n = 9;
  std::vector<char> out(n * n, '.');
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      int rr = r, cc = c;
      for (int t = 0; t < (s & 3); ++t) {
        const int nr = cc, nc = n - 1 - rr;
        rr = nr;
        cc = nc;
      }
      if (s & 4) cc = n - 1 - cc;
      Color col = board[r * n + c];
      if (swap && col != Color::empty) col = opponent(col);
      out[rr * n + cc] = col == Color::black ? 'X' : col == Color::white ? 'O' : '.';
    }
  std::string picture;
  for (int r = n - 1; r >= 0; --r)
    picture += std::string(out.begin() + r * n, out.begin() + (r + 1) * n) + "\n";
  return picture;
}

Point map_point(Point p, int s) {
  const int n = 9;
  int rr = p / n, cc = p % n;
  for (int t = 0; t < (s & 3); ++t) {
    const int nr = cc, nc = n - 1 - rr;
    rr = nr;
    cc = nc;
  }
  if (s & 4) cc = n - 1 - cc;
  return static_cast<Point>(rr * n + cc);
}

Point at(const Go& g, const char* vertex) {
  std::string error;
  const std::optional<Point> p = parse_vertex(vertex, g.size(), error);
  REQUIRE(p.has_value());
  return *p;
}

}  // namespace

TEST_CASE("learn: move features are the same under the 8 symmetries and from either side") {
  const Go base = from_picture<Go>(Go::Rules{9, 6.5}, sample);
  REQUIRE(parse_picture(sample)[0] == Color::empty);
  const Point last = at(base, "D6"), prev = at(base, "C5");
  const Color me = Color::black;
  bot::CaptureReading reading(base.stones(), me);
  int differing_patterns = 0;
  for (int s = 0; s < 8; ++s)
    for (bool swap : {false, true}) {
      const Go g = from_picture<Go>(Go::Rules{9, 6.5}, transformed(sample, s, swap));
      const Color mover = swap ? Color::white : Color::black;
      bot::CaptureReading r2(g.stones(), mover);
      for (Point p = 0; p < 81; ++p) {
        if (base.at(p) != Color::empty) continue;
        const Point q = map_point(p, s);
        REQUIRE(g.at(q) == Color::empty);
        const bot::MoveFeatures a = bot::move_features(base.stones(), me, p, last, prev, reading);
        const bot::MoveFeatures b =
            bot::move_features(g.stones(), mover, q, map_point(last, s), map_point(prev, s), r2);
        CAPTURE(s);
        CAPTURE(swap);
        CAPTURE(p);
        CHECK(a.value == b.value);
      }
    }
  // The codes tell shapes apart: the empty points of the sample show several patterns.
  std::vector<uint32_t> codes;
  for (Point p = 0; p < 81; ++p)
    if (base.at(p) == Color::empty)
      codes.push_back(bot::move_features(base.stones(), me, p, last, prev, reading).value[0]);
  std::sort(codes.begin(), codes.end());
  differing_patterns = static_cast<int>(std::unique(codes.begin(), codes.end()) - codes.begin());
  CHECK(differing_patterns > 10);
}

TEST_CASE("learn: shapes are the same under the 8 symmetries and from either side") {
  const Go base = from_picture<Go>(Go::Rules{9, 6.5}, sample);
  for (int s = 0; s < 8; ++s)
    for (bool swap : {false, true}) {
      const Go g = from_picture<Go>(Go::Rules{9, 6.5}, transformed(sample, s, swap));
      const Color mover = swap ? Color::white : Color::black;
      for (Point p = 0; p < 81; ++p) {
        if (base.at(p) != Color::empty) continue;
        CAPTURE(s);
        CAPTURE(swap);
        CAPTURE(p);
        CHECK(bot::shape_codes(base.stones(), Color::black, p) ==
              bot::shape_codes(g.stones(), mover, map_point(p, s)));
      }
    }
  // The radius tag sits above the 3×3 codes (below 6^8).
  const std::array<uint32_t, 2> codes = bot::shape_codes(base.stones(), Color::black, at(base, "E5"));
  CHECK((codes[0] >> bot::shape_tag_shift) == 1);
  CHECK((codes[1] >> bot::shape_tag_shift) == 2);
  CHECK(bot::is_shape_code(codes[0]));
  CHECK_FALSE(bot::is_shape_code(1679615));  // 6^8 - 1: the largest 3×3 code
}

TEST_CASE("learn: a diamond sees the points within its radius, and which stones are in atari") {
  // Around E5: a stone three steps away (E8) is in the radius-3 diamond only; one four steps
  // away (E9) in neither; a stone two steps away (G5) in both.
  auto codes = [](const char* picture) {
    const Go g = from_picture<Go>(Go::Rules{9, 6.5}, picture);
    return bot::shape_codes(g.stones(), Color::black, at(g, "E5"));
  };
  const std::array<uint32_t, 2> empty = codes(R"(
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .)");
  const std::array<uint32_t, 2> three = codes(R"(
    . . . . . . . . .
    . . . . O . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .)");
  const std::array<uint32_t, 2> four = codes(R"(
    . . . . O . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .)");
  const std::array<uint32_t, 2> two = codes(R"(
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . O . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .)");
  CHECK(three[0] == empty[0]);
  CHECK(three[1] != empty[1]);
  CHECK(four == empty);
  CHECK(two[0] != empty[0]);
  CHECK(two[1] != empty[1]);
  // A white stone with black stones around it, two steps from E5, free or in atari.
  const std::array<uint32_t, 2> free = codes(R"(
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . X .
    . . . . . . O X .
    . . . . . . . X .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .)");
  const std::array<uint32_t, 2> atari = codes(R"(
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . X X .
    . . . . . . O X .
    . . . . . . X X .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .)");
  const std::array<uint32_t, 2> atari_g6 = codes(R"(
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . X X .
    . . . . . . O X .
    . . . . . . . X .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .)");
  CHECK(free[0] == atari_g6[0]);  // G6 is three steps from E5: in the radius-3 diamond only
  CHECK(free[1] != atari_g6[1]);
  // G6 and G4 both black: White's G5 (two steps away) is in atari, which the radius-2 code
  // tells from G6 alone though G4 and G6 are beyond its reach.
  CHECK(atari[0] != atari_g6[0]);
}

TEST_CASE("learn: the shapes file reads back, and a bad one is refused with its line") {
  bot::ShapeTable table;
  table.codes = {(1u << 29) | 5u, (1u << 29) | 7u, (2u << 29) | 1u};
  table.gammas = {0.5f, 2.25f, 40.0f};
  const std::string text = bot::shapes_text(table, "two lines\nof comment");
  CHECK(text.rfind("# two lines\n# of comment\n", 0) == 0);
  std::string error;
  const std::optional<bot::ShapeTable> back = bot::read_shapes(text, error);
  REQUIRE(back.has_value());
  CHECK(back->codes == table.codes);
  CHECK(back->gammas == table.gammas);
  CHECK(back->find((1u << 29) | 7u) == 2.25f);
  CHECK(back->find((2u << 29) | 1u) == 40.0f);
  CHECK(back->find((1u << 29) | 6u) == 0);
  // Every code of a large table is found where the open addressing put it, and no other.
  bot::ShapeTable big;
  for (uint32_t i = 0; i < 5000; ++i) {
    big.codes.push_back((1u << 29) | (i * 7919u));
    big.gammas.push_back(1.0f + static_cast<float>(i));
  }
  big.index();
  int found = 0, wrong = 0;
  for (uint32_t i = 0; i < 5000; ++i) {
    found += big.find(big.codes[i]) == big.gammas[i];
    wrong += big.find(big.codes[i] + 1) != 0;
  }
  CHECK(found == 5000);
  CHECK(wrong == 0);

  auto refused = [](const char* bad) {
    std::string why;
    CHECK_FALSE(bot::read_shapes(bad, why).has_value());
    return why;
  };
  CHECK(refused("# c\n20000005 1\n20000004 1\n") == "line 3: the codes are not in ascending order");
  CHECK(refused("00000005 1\n").rfind("line 1: '00000005 1' does not start with a shape's code", 0) == 0);
  CHECK(refused("20000005 -1\n").rfind("line 1: '20000005 -1' has no positive gamma", 0) == 0);
  CHECK(refused("20000005 1 2\n").rfind("line 1: ", 0) == 0);
  CHECK(refused("20000005\n").rfind("line 1: ", 0) == 0);
  CHECK(refused(std::string(100, '2').c_str()).rfind("line 1: too long", 0) == 0);
  // A file that cannot be read leaves the table in use as it was.
  const bot::ShapeTable* before = bot::go_shapes();
  CHECK_FALSE(bot::install_go_shapes("garbage\n", error));
  CHECK(bot::go_shapes() == before);
}

TEST_CASE("learn: the built-in shapes name the empty centre and outrank its 3×3 code") {
  const bot::ShapeTable* table = bot::go_shapes();
  REQUIRE(table != nullptr);
  CHECK(table->codes.size() > 10000);
  CHECK(std::is_sorted(table->codes.begin(), table->codes.end()));
  const Go g(Go::Rules{9, 6.5});
  bot::CaptureReading reading(g.stones(), Color::black);
  bot::MoveFeatures f =
      bot::move_features(g.stones(), Color::black, at(g, "E5"), no_point, no_point, reading);
  CHECK_FALSE(bot::is_shape_code(f.value[0]));
  bot::LearnedWeights::learn_shape(table, g.stones(), Color::black, at(g, "E5"), f);
  CHECK(f.value[0] == bot::shape_codes(g.stones(), Color::black, at(g, "E5"))[1]);  // radius 3
  CHECK(bot::go_weights().pattern_gamma(f.value[0]) == table->find(f.value[0]));
  // Without a table the 3×3 code stays.
  bot::MoveFeatures plain =
      bot::move_features(g.stones(), Color::black, at(g, "E5"), no_point, no_point, reading);
  bot::LearnedWeights::learn_shape(nullptr, g.stones(), Color::black, at(g, "E5"), plain);
  CHECK_FALSE(bot::is_shape_code(plain.value[0]));
}

TEST_CASE("learn: the features of a few sharp points") {
  // White's E5 (just played) has two liberties, E6 and F5; Black's previous stone is E4.
  const Go g = from_picture<Go>(Go::Rules{9, 6.5}, R"(
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . X O . . . .
    . . . . X . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .)");
  bot::CaptureReading reading(g.stones(), Color::black);
  auto features = [&](const char* v) {
    return bot::move_features(g.stones(), Color::black, at(g, v), at(g, "E5"), at(g, "E4"), reading);
  };
  const bot::MoveFeatures f5 = features("F5");
  CHECK(f5.value[4] == 2);  // an atari, but White runs out to E6: no ladder
  CHECK(f5.value[5] == 2);  // next to the last stone: d = 1 + 0 + 1
  CHECK(f5.value[6] == 3);  // diagonal to the mover's previous stone: 1 + 1 + 1
  CHECK(f5.value[1] == 0);
  CHECK(f5.value[7] == 3);  // the fourth line from the right, and the area is not empty
  const bot::MoveFeatures a1 = features("A1");
  CHECK(a1.value[7] == 0 + 5);  // the first line of an empty area
  CHECK(a1.value[4] == 0);
  CHECK(a1.value[5] == 12);  // 4 + 4 + 4

  // White's D5 in atari, its liberty E5: Black takes the last stone's chain.
  const Go cap = from_picture<Go>(Go::Rules{9, 6.5}, R"(
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . X . . . . .
    . . X O . . . . .
    . . . X . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .)");
  bot::CaptureReading black(cap.stones(), Color::black);
  const bot::MoveFeatures take =
      bot::move_features(cap.stones(), Color::black, at(cap, "E5"), at(cap, "D5"), no_point, black);
  CHECK(take.value[1] == 1 + 3);  // one stone, and it is the last stone's chain
  CHECK(take.value[6] == 0);      // no previous stone known
  // For White, E5 extends D5 out of atari: two liberties... and three once out.
  bot::CaptureReading white(cap.stones(), Color::white);
  const bot::MoveFeatures run =
      bot::move_features(cap.stones(), Color::white, at(cap, "E5"), no_point, no_point, white);
  CHECK(run.value[2] == 1);  // saves it
  CHECK(run.value[3] == 0);  // not a self-atari
}

TEST_CASE("learn: MM finds the strengths that made the choices") {
  // Two groups of features besides a single pattern id: group 1 with strengths 1, 3, 0.5;
  // group 2 with 1, 6. Each position offers 6 teams of random features; the choice is drawn
  // with probability gamma / sum of gammas.
  const double truth1[] = {1, 3, 0.5}, truth2[] = {1, 6};
  bot::TrainingSet set;
  set.group_start[0] = 0;
  set.group_start[1] = 1;
  set.group_start[2] = 4;
  set.group_start[3] = 6;
  for (int g = 4; g <= bot::feature_groups; ++g) set.group_start[g] = 6 + (g - 3);
  Rng rng(7);
  for (int pos = 0; pos < 20000; ++pos) {
    bot::TrainingSet::Position p;
    p.begin = static_cast<uint32_t>(set.teams.size());
    double strengths[6], total = 0;
    for (int t = 0; t < 6; ++t) {
      std::array<uint32_t, bot::feature_groups> team{};
      const uint32_t a = rng.below(3), b = rng.below(2);
      team[0] = 0;
      team[1] = 1 + a;
      team[2] = 4 + b;
      for (int g = 3; g < bot::feature_groups; ++g) team[g] = set.group_start[g];
      strengths[t] = truth1[a] * truth2[b];
      total += strengths[t];
      set.teams.push_back(team);
    }
    double pick = (rng.below(1u << 30) / double(1u << 30)) * total;
    int chosen = 0;
    while (chosen < 5 && pick >= strengths[chosen]) pick -= strengths[chosen++];
    p.chosen = p.begin + static_cast<uint32_t>(chosen);
    p.end = static_cast<uint32_t>(set.teams.size());
    set.positions.push_back(p);
  }
  const std::vector<double> gamma = bot::fit_gammas(set, 30);
  CHECK(gamma[2] / gamma[1] == doctest::Approx(3.0).epsilon(0.08));
  CHECK(gamma[3] / gamma[1] == doctest::Approx(0.5).epsilon(0.08));
  CHECK(gamma[5] / gamma[4] == doctest::Approx(6.0).epsilon(0.08));
  // The fit predicts better than no model, and the strongest team is chosen most often.
  CHECK(bot::mean_log_likelihood(set, gamma) >
        bot::mean_log_likelihood(set, std::vector<double>(gamma.size(), 1.0)));
  CHECK(bot::top_choice_rate(set, gamma) > 0.3);
}

TEST_CASE("learn: a game becomes one position per phase-1 placement") {
  std::vector<Move> moves;
  for (const char* v : {"E5", "C3", "G7", "pass", "C7"}) {
    if (std::string(v) == "pass") {
      moves.push_back(Move::pass());
      continue;
    }
    std::string error;
    moves.push_back(Move::place(*parse_vertex(v, 9, error)));
  }
  bot::GoTrainingBuilder builder;
  std::string error;
  REQUIRE(builder.add_game(Go::Rules{9, 6.5}, moves, 0, error));
  CHECK(builder.positions(0) == 4);
  CHECK(builder.positions(1) == 0);
  bot::TrainingSet train, held_out;
  std::vector<uint32_t> kept;
  builder.finish(1, train, held_out, kept);
  REQUIRE(train.positions.size() == 4);
  CHECK(train.positions[0].end - train.positions[0].begin == 81);  // the empty board
  CHECK(train.positions[1].end - train.positions[1].begin == 80);
  for (const bot::TrainingSet::Position& p : train.positions) {
    CHECK(p.chosen >= p.begin);
    CHECK(p.chosen < p.end);
  }
  // An illegal move is named and the game left out of nothing else.
  moves.push_back(moves[0]);  // E5 again: occupied
  bot::GoTrainingBuilder bad;
  CHECK_FALSE(bad.add_game(Go::Rules{9, 6.5}, moves, 0, error));
  CHECK(error.find("move 6") != std::string::npos);
}

TEST_CASE("learn: the committed Go weights put the capture of a stone in atari first") {
  Go g = from_picture<Go>(Go::Rules{9, 6.5}, R"(
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . X . . . . .
    . . X O . . . . .
    . . . X . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .)");
  const bot::LearnedWeights& w = bot::go_weights();
  bot::CaptureReading reading(g.stones(), Color::black);
  const Point take = at(g, "E5");
  const float taking =
      w.gamma(bot::move_features(g.stones(), Color::black, take, at(g, "D5"), no_point, reading), 9);
  int stronger = 0;
  for (Point p = 0; p < 81; ++p) {
    if (g.at(p) != Color::empty || p == take) continue;
    stronger +=
        w.gamma(bot::move_features(g.stones(), Color::black, p, at(g, "D5"), no_point, reading), 9) >= taking;
  }
  CHECK(stronger == 0);
  // A first-line move in the empty corner is among the weakest.
  const float corner =
      w.gamma(bot::move_features(g.stones(), Color::black, at(g, "A1"), at(g, "D5"), no_point, reading), 9);
  CHECK(corner < taking / 20);
}

TEST_CASE("learn: on a board of another size the line group is left out") {
  // The weights come from 9×9 games, where the fourth line of an empty area is the centre and
  // strong. On 19×19 the empty board's priors still prefer the 4-4 point to the centre.
  const Go g(Go::Rules{19, 6.5});
  const bot::Turns<Go> turns(g);
  bot::ActionList list;
  turns.actions(list);
  std::vector<bot::Prior> priors(list.count);
  bot::Policy<Go>().priors(turns, no_point, no_point, list, priors.data());
  auto value = [&](const char* v) {
    std::string error;
    const Point p = *parse_vertex(v, 19, error);
    for (int i = 0; i < list.count; ++i)
      if (list.actions[i] == p) return priors[i].wins / priors[i].visits;
    FAIL("no such action");
    return 0.0f;
  };
  CHECK(value("D16") > value("K10"));
  CHECK(value("Q4") > value("K10"));
  CHECK(bot::go_weights().board_size == 9);
}
