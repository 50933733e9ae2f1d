// The balance lab (core/tools/balance_lab.h) and the measured table the bot reads (core/bot/komi.h):
// the Loose cut-and-choose follows the table, the compiled table is docs/balance.json, the
// statistics and the plan (on made-up curves, no games), results lines, resume and merge, and
// one real game played twice.
#include <doctest/doctest.h>

#include <cmath>
#include <optional>
#include <string>

#include "bot/bot.h"
#include "source_file.h"
#include "tools/balance_lab.h"

using namespace stonegrid;
using namespace stonegrid::balance;

namespace {

// A made-up curve: Black's expected score at komi x, crossing ½ at `crossing`.
double logistic_score(double x, double crossing, double width) {
  return 1 / (1 + std::exp((x - crossing) / width));
}

// Runs the plan against a curve with no games: each request adds its games with the expected
// score (or, with `rng`, a random one). Returns the tallies at the end and the requests made.
std::vector<Tally> run_plan(const PlanOptions& plan, double crossing, double width, Rng* rng, int* requests) {
  std::vector<Tally> tallies;
  *requests = 0;
  while (std::optional<Request> request = next_request(tallies, plan)) {
    REQUIRE(++*requests < 500);
    auto at = std::find_if(tallies.begin(), tallies.end(), [&](const Tally& t) { return t.x == request->x; });
    if (at == tallies.end()) {
      tallies.push_back({request->x, 0, 0});
      std::sort(tallies.begin(), tallies.end(), [](const Tally& a, const Tally& b) { return a.x < b.x; });
      at = std::find_if(tallies.begin(), tallies.end(), [&](const Tally& t) { return t.x == request->x; });
    }
    REQUIRE(request->games > at->games);
    const double p = logistic_score(request->x, crossing, width);
    for (; at->games < request->games; ++at->games)
      at->black_points += rng ? (rng->below(1000000) < p * 1000000 ? 1 : 0) : p;
  }
  return tallies;
}

int games_at(const std::vector<Tally>& tallies, double x) {
  for (const Tally& t : tallies)
    if (t.x == x) return t.games;
  return 0;
}

}  // namespace

// --- the bot's cut-and-choose reads the table -------------------------------------------------

TEST_CASE("balance: the namer names the table's fair komi") {
  int loose_sizes = 0;
  for (const MeasuredBalance& entry : measured_balance()) {
    if (entry.kind != GameKind::loose || !entry.primary) continue;
    ++loose_sizes;
    CHECK(fair_komi(GameKind::loose, entry.size) == entry.fair);
    CHECK(GameKind::loose.facts().komi_allowed(fair_komi(GameKind::loose, entry.size)));
    CHECK(find_balance(GameKind::loose, entry.size) == &entry);
  }
  CHECK(loose_sizes > 0);  // the table holds measured Loose sizes
  CHECK(find_balance(GameKind::loose, 7) != nullptr);
  CHECK(fair_komi(GameKind::loose, 25) ==
        (find_balance(GameKind::loose, 25) ? find_balance(GameKind::loose, 25)->fair : 0));
}

TEST_CASE("balance: the chooser takes White far above the fair komi, Black far below") {
  for (int size = 5; size <= 25; size += 2) {
    const int komi = fair_komi(GameKind::loose, size);
    CHECK(choose_color(GameKind::loose, size, komi + 20) == Color::white);
    CHECK(choose_color(GameKind::loose, size, komi - 20) == Color::black);
  }
  // Between the bracket's ends the measured crossing decides.
  if (const MeasuredBalance* seven = find_balance(GameKind::loose, 7)) {
    const int above = 2 * static_cast<int>(std::floor(seven->crossing / 2)) + 2;  // the even komi above it
    CHECK(choose_color(GameKind::loose, 7, above) == Color::white);
    CHECK(choose_color(GameKind::loose, 7, above - 2 - (above - 2 >= seven->crossing ? 2 : 0)) ==
          Color::black);
  }
}

TEST_CASE("balance: the compiled table is docs/balance.json") {
  // The WebAssembly test under node has no files: it skips.
  const std::optional<std::string> text = read_source_file("docs/balance.json");
#ifdef __EMSCRIPTEN__
  if (!text) return;
#endif
  REQUIRE(text);
  CHECK(render_json(measured_balance()) == *text);
}

// --- statistics -----------------------------------------------------------------------------------

TEST_CASE("balance: Wilson intervals") {
  Interval i = wilson(5, 10);
  CHECK(i.low == doctest::Approx(0.2366).epsilon(1e-3));
  CHECK(i.high == doctest::Approx(0.7634).epsilon(1e-3));
  i = wilson(0, 10);
  CHECK(i.low == 0);
  CHECK(i.high == doctest::Approx(0.2775).epsilon(1e-3));
  i = wilson(10, 10);
  CHECK(i.high == 1);
  CHECK(i.low == doctest::Approx(0.7225).epsilon(1e-3));
  i = wilson(106, 200);  // 53 %: contains one half
  CHECK(i.low < 0.5);
  CHECK(i.high > 0.5);
  i = wilson(0, 0);
  CHECK(i.low == 0);
  CHECK(i.high == 1);
}

TEST_CASE("balance: monotone fit and the crossing") {
  // Komi: Black's score falls; the bump at 4 is pooled with 2.
  std::vector<Tally> komi = {{-4, 10, 9}, {0, 10, 7}, {2, 10, 4}, {4, 10, 6}, {8, 10, 1}};
  std::vector<double> fit = monotone_fit(komi, false);
  CHECK(fit == std::vector<double>{0.9, 0.7, 0.5, 0.5, 0.1});
  Crossing c = find_crossing(komi, false);
  CHECK(c.found);
  CHECK(c.low == 4);
  CHECK(c.high == 8);
  CHECK(c.estimate == 3);  // the middle of the run of fitted halves (2 and 4)

  komi = {{0, 10, 8}, {4, 10, 6}, {8, 10, 2}};
  c = find_crossing(komi, false);
  CHECK(c.low == 4);
  CHECK(c.high == 8);
  CHECK(c.estimate == doctest::Approx(5));  // 0.6 at 4, 0.2 at 8: a quarter of the way

  // Looper stones: the taker's score rises.
  std::vector<Tally> stones = {{10, 20, 2}, {14, 20, 8}, {18, 20, 16}};
  c = find_crossing(stones, true);
  CHECK(c.found);
  CHECK(c.low == 14);
  CHECK(c.high == 18);
  CHECK(c.estimate == doctest::Approx(15));

  // Every point on Black's side: the crossing lies above the komi tried.
  c = find_crossing(std::vector<Tally>{{0, 10, 9}, {4, 10, 8}}, false);
  CHECK(!c.found);
  CHECK(c.outside == +1);
}

// --- the plan ---------------------------------------------------------------------------------------

TEST_CASE("balance: bisection places the crossing within the tolerance, 200 games beside it") {
  PlanOptions plan;
  plan.low = -24, plan.high = 24, plan.step = 8, plan.granularity = 2, plan.limit_low = -100,
  plan.limit_high = 100;
  for (const double crossing : {-13.0, 3.3, 17.0}) {
    CAPTURE(crossing);
    int requests = 0;
    const std::vector<Tally> tallies = run_plan(plan, crossing, 3, nullptr, &requests);
    const Crossing c = find_crossing(tallies, false);
    REQUIRE(c.found);
    CHECK(c.high - c.low <= 2 * plan.tolerance);
    CHECK(c.low <= crossing);
    CHECK(c.high >= crossing);
    CHECK(std::fabs(c.estimate - crossing) <= plan.tolerance);
    CHECK(games_at(tallies, std::round(c.estimate / 2) * 2) >= plan.near_games);
  }
  // A crossing beyond the grid: the grid is extended until it is found.
  int requests = 0;
  const std::vector<Tally> far = run_plan(plan, 41, 3, nullptr, &requests);
  const Crossing c = find_crossing(far, false);
  CHECK(c.found);
  CHECK(std::fabs(c.estimate - 41) <= 2);
}

TEST_CASE("balance: bisection with random games ends, near the crossing") {
  PlanOptions plan;
  plan.low = -20, plan.high = 20, plan.step = 5;
  Rng rng(11);
  for (int trial = 0; trial < 20; ++trial) {
    int requests = 0;
    const std::vector<Tally> tallies = run_plan(plan, 6.5, 2, &rng, &requests);
    const Crossing c = find_crossing(tallies, false);
    REQUIRE(c.found);
    CHECK(std::fabs(c.estimate - 6.5) <= 3);  // 200 games place it; rarely a little further
    int games = 0;
    for (const Tally& t : tallies) games += t.games;
    CHECK(games <= 9 * 20 + 6 * 200);
  }
}

TEST_CASE("balance: a flat curve stops at max_games instead of bisecting forever") {
  PlanOptions plan;
  plan.low = -20, plan.high = 20, plan.step = 10;
  int requests = 0;
  const std::vector<Tally> tallies = run_plan(plan, 0, 1000, nullptr, &requests);  // ~½ everywhere
  CHECK(requests < 40);
}

// --- results files: lines, resume, shards, merge ---------------------------------------------------

TEST_CASE("balance: results lines") {
  GameResult r;
  r.setup = {GameKind::squaresquared, 9, 1, 4};
  r.x = -3.5;
  r.index = 17;
  r.black_score = 0.5;
  r.moves = 88;
  r.result = "0";
  const std::string line = format_line(r);
  CHECK(line == "squaresquared-v3 size=9 level=4 komi=-3.5 game=17 black=0.5 moves=88 result=0");
  std::string error;
  std::optional<GameResult> back = parse_line(line, error);
  REQUIRE(back);
  CHECK(back->setup == r.setup);
  CHECK(back->x == r.x);
  CHECK(back->index == 17);
  CHECK(back->black_score == 0.5);
  CHECK(back->result == "0");

  r.setup = {GameKind::looper, 9, 0, 3};
  r.x = 16;
  CHECK(format_line(r).find(" stones=16 ") != std::string::npos);
  CHECK(parse_line(format_line(r), error)->x == 16);

  CHECK(!parse_line("# a comment", error));
  CHECK(error.empty());
  CHECK(!parse_line("   ", error));
  CHECK(!parse_line("loose size=7 level=3 komi=4 ga", error));  // cut short by a kill
  CHECK(!error.empty());
  CHECK(!parse_line("chess size=8 level=3 komi=0 game=1 black=1", error));
  CHECK(error.find("unknown game") != std::string::npos);
}

TEST_CASE("balance: a rerun plays only the missing games; shards are disjoint and merge") {
  const Setup loose7{GameKind::loose, 7, 0, 3};
  auto result = [&](double x, int index, double black) {
    GameResult r;
    r.setup = loose7, r.x = x, r.index = index, r.black_score = black, r.result = "B+1";
    return r;
  };
  // A run killed after games 0, 1 and 3 of 6 at komi 4 resumes with 2, 4 and 5.
  std::vector<GameResult> file = {result(4, 0, 1), result(4, 1, 0), result(4, 3, 1), result(8, 2, 0)};
  CHECK(indices_to_play(file, loose7, {4, 6}) == std::vector<int>{2, 4, 5});
  CHECK(indices_to_play(file, loose7, {8, 3}) == std::vector<int>{0, 1});
  CHECK(indices_to_play(file, Setup{GameKind::loose, 7, 0, 5}, {4, 2}) == std::vector<int>{0, 1});

  // Shard 1 of 3 owns 1, 4, 7, …: it has game 1 and plays 4 and 7 for three games of its own.
  CHECK(indices_to_play(file, loose7, {4, 3}, 1, 3) == std::vector<int>{4, 7});
  CHECK(indices_to_play(file, loose7, {4, 3}, 0, 3) == std::vector<int>{6});  // has 0 and 3
  CHECK(tally(file, loose7, 0, 3).front().games == 2);  // a shard plans with its own games

  // Merging: the union, each game once; a duplicate that disagrees is counted.
  std::vector<std::vector<GameResult>> shards = {
      {result(4, 0, 1), result(4, 3, 0)}, {result(4, 1, 1), result(4, 0, 1)}, {result(4, 3, 1)}};
  int conflicts = -1;
  const std::vector<GameResult> merged = merge_results(shards, &conflicts);
  CHECK(merged.size() == 3);
  CHECK(conflicts == 1);
  const std::vector<Tally> t = tally(merged, loose7);
  REQUIRE(t.size() == 1);
  CHECK(t[0].games == 3);
  CHECK(t[0].black_points == 2);  // games 0 (1), 3 (first copy: 0), 1 (1)
}

TEST_CASE("balance: a game is fixed by its setup, komi and index") {
  const Setup setup{GameKind::loose, 5, 0, 1};
  const GameResult a = play_balance_game(setup, 2, 3);
  const GameResult b = play_balance_game(setup, 2, 3);
  CHECK(format_line(a) == format_line(b));
  CHECK(a.moves > 0);
  CHECK(a.result != "invalid");
  const GameResult looper = play_balance_game({GameKind::looper, 5, 0, 1}, 6, 0);
  CHECK(looper.moves >= 1);  // the take
  CHECK((looper.black_score == 0 || looper.black_score == 1));
}

TEST_CASE("balance: the report renders what it summarises") {
  const Setup loose5{GameKind::loose, 5, 0, 2};
  std::vector<GameResult> results;
  for (int i = 0; i < 40; ++i)
    for (const double komi : {0.0, 4.0, 8.0}) {
      GameResult r;
      r.setup = loose5, r.x = komi, r.index = i;
      r.black_score = i < (komi == 0 ? 30 : komi == 4 ? 22 : 8) ? 1 : 0;
      results.push_back(r);
    }
  const std::optional<MeasuredBalance> m = summarise(results, loose5);
  REQUIRE(m);
  CHECK(m->fair == 4);
  CHECK(m->games == 40);
  CHECK(m->total_games == 120);
  CHECK(m->bracket_low == 4);
  CHECK(m->bracket_high == 8);
  const std::vector<MeasuredBalance> entries = finish_entries({*m});
  CHECK(entries[0].primary);
  const std::string json = render_json(entries);
  CHECK(json.find("\"loose\": {\n    \"5\": {\"komi\": 4, \"black_win_rate\": 0.55,") != std::string::npos);
  CHECK(render_table(entries).find("{GameKind::loose, 5, 0, 2, 4, 0.55,") != std::string::npos);
  CHECK(render_svg(results, std::vector<Setup>{loose5}).find("<polygon") != std::string::npos);
}
