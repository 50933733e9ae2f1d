// The balance lab's logic. The statistics are textbook (Wilson 1927; pool-adjacent-violators for
// the monotone fit); the plan and the report are ours and explained where they stand.
#include "tools/balance_lab.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <tuple>

#include "bot/bot.h"

namespace stonegrid::balance {

std::string setup_game_key(const Setup& setup) {
  const GameFacts& facts = setup.kind.facts();
  std::string key(facts.name);
  if (setup.variant > 0 && setup.variant < facts.variant_count)
    key += "-" + std::string(facts.variants[setup.variant].name);
  return key;
}

bool by_stones(GameKind kind) {
  return !kind.facts().has_komi && kind.facts().colors_by_take;
}

std::string_view axis_name(GameKind kind) {
  return by_stones(kind) ? "stones" : "komi";
}

double axis_step(GameKind kind) {
  return std::max(1.0, kind.facts().komi_step);
}

// --- results-file lines ----------------------------------------------------------------------

std::string format_line(const GameResult& r) {
  return setup_game_key(r.setup) + " size=" + std::to_string(r.setup.size) +
         " level=" + std::to_string(r.setup.level) + " " + std::string(axis_name(r.setup.kind)) + "=" +
         format_number(r.x) + " game=" + std::to_string(r.index) + " black=" + format_number(r.black_score) +
         " moves=" + std::to_string(r.moves) + " result=" + (r.result.empty() ? "?" : r.result);
}

std::optional<GameResult> parse_line(std::string_view line, std::string& error) {
  error.clear();
  std::vector<std::string_view> words;
  for (size_t at = 0; at < line.size();) {
    const size_t start = line.find_first_not_of(" \t\r\n", at);
    if (start == std::string_view::npos) break;
    const size_t end = std::min(line.find_first_of(" \t\r\n", start), line.size());
    words.push_back(line.substr(start, end - start));
    at = end;
  }
  if (words.empty() || words[0][0] == '#') return std::nullopt;
  GameResult r;
  // The game's name, or its name, '-' and a variant's name ("squaresquared-v3").
  const std::string_view word = words[0];
  std::optional<GameKind> kind = game_kind(word);
  if (!kind && word.rfind('-') != std::string_view::npos) {
    kind = game_kind(word.substr(0, word.rfind('-')));
    const std::string_view variant = word.substr(word.rfind('-') + 1);
    for (int v = 1; kind && v < kind->facts().variant_count; ++v)
      if (kind->facts().variants[v].name == variant) r.setup.variant = v;
    if (r.setup.variant == 0) kind.reset();
  }
  if (!kind) {
    error = "unknown game '" + std::string(word) + "'";
    return std::nullopt;
  }
  r.setup.kind = *kind;
  int seen = 0;  // bits: size, level, x, game, black
  for (size_t i = 1; i < words.size(); ++i) {
    const size_t equals = words[i].find('=');
    const std::string key(words[i].substr(0, equals));
    const std::string value(equals == std::string_view::npos ? "" : words[i].substr(equals + 1));
    char* end = nullptr;
    const double number = std::strtod(value.c_str(), &end);
    const bool numeric = !value.empty() && *end == '\0';
    if (key == "result") {
      r.result = value;
      continue;
    }
    if (!numeric) {
      error = "bad field '" + std::string(words[i]) + "'";
      return std::nullopt;
    }
    if (key == "size") r.setup.size = static_cast<int>(number), seen |= 1;
    if (key == "level") r.setup.level = static_cast<int>(number), seen |= 2;
    if (key == axis_name(r.setup.kind)) r.x = number, seen |= 4;
    if (key == "game") r.index = static_cast<int>(number), seen |= 8;
    if (key == "black") r.black_score = number, seen |= 16;
    if (key == "moves") r.moves = static_cast<int>(number);
  }
  if (seen != 31) {
    error = "missing field (size, level, " + std::string(axis_name(r.setup.kind)) + ", game, black)";
    return std::nullopt;
  }
  return r;
}

// --- one game ----------------------------------------------------------------------------------

namespace {

uint64_t mix(uint64_t x) {  // SplitMix64's finaliser
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// The seed of a game: its setup, x and index, nothing else (so shards and resumed runs agree).
uint64_t game_seed(const Setup& setup, double x, int index) {
  uint64_t h = mix(static_cast<uint64_t>(setup.kind.index()) * 131 + static_cast<uint64_t>(setup.variant));
  h = mix(h ^ static_cast<uint64_t>(setup.size * 64 + setup.level));
  h = mix(h ^ static_cast<uint64_t>(std::llround(x * 2) + (1ll << 40)));
  return mix(h ^ static_cast<uint64_t>(index));
}

// Random black stones (a partial Fisher-Yates shuffle of the points), then player 1's `take`.
void set_up_take(AnyGame& game, int stones, Rng& rng) {
  const int points = game.size() * game.size();
  std::vector<Point> order(points);
  for (int p = 0; p < points; ++p) order[p] = static_cast<Point>(p);
  for (int k = 0; k < std::min(stones, points); ++k) {
    std::swap(order[k], order[k + rng.below(static_cast<uint32_t>(points - k))]);
    game.setup(order[k], Color::black);
  }
  game.play(Move::take());
}

}  // namespace

GameResult play_balance_game(const Setup& setup, double x, int index) {
  GameResult r{setup, x, index, 0.5, 0, "invalid"};
  GameSettings settings;
  settings.kind = setup.kind;
  settings.size = setup.size;
  if (!by_stones(setup.kind)) settings.komi = x;
  settings.variant = setup.variant;
  std::string error;
  std::optional<AnyGame> made = AnyGame::create(settings, error);
  if (!made) return r;  // the command line checks the setup first
  AnyGame& game = *made;
  const uint64_t seed = game_seed(setup, x, index);
  const bool from_empty = by_stones(setup.kind) && x < 0;  // the whole ballot is played
  if (by_stones(setup.kind) && !from_empty) {
    Rng rng(seed ^ 0x7A4E);
    set_up_take(game, static_cast<int>(x), rng);
  }

  // Fixed playouts (the level's), no time limit, no resigning: the game is played out.
  Bot::Options options;
  options.resign_threshold = 0;
  options.playouts = level_settings(setup.level).playouts;
  options.seed = mix(seed ^ 1);
  Bot a(options);
  options.seed = mix(seed ^ 2);
  Bot b(options);
  Bot* players[3] = {nullptr, &a, &b};
  if (index % 2 == 1) std::swap(players[1], players[2]);

  const int cap = 4 * game.size() * game.size();
  for (int turn = 0; turn < cap && !game.state().is_over(); ++turn) {
    Bot& bot = *players[game.state().to_move()];
    bot.start(game, setup.level);
    bot.think();
    if (game.play(bot.move()) != Illegal::none) game.play(Move::resign());  // not expected
  }
  r.moves = game.state().moves_played();
  Color winner = Color::empty;
  if (game.state().is_over()) {
    winner = game.state().outcome().winner;
    r.result = result_text(game);
  } else {
    const Score score = game.state().score();  // not defined in Looper: a draw
    const int player = !score.defined              ? 0
                       : score.black > score.white ? game.state().black_player()
                       : score.white > score.black ? 3 - game.state().black_player()
                                                   : 0;
    if (player != 0) winner = player == game.state().black_player() ? Color::black : Color::white;
    r.result = "cap";
  }
  r.black_score = winner == Color::black ? 1.0 : winner == Color::white ? 0.0 : 0.5;
  if (from_empty) {  // player 1's score (a resignation before the take has no colour)
    const int player = game.state().is_over() ? game.state().outcome().winner_player : 0;
    r.black_score = player == 1 ? 1.0 : player == 2 ? 0.0 : 0.5;
  }
  return r;
}

// --- results and statistics ----------------------------------------------------------------------

Interval wilson(double points, int n, double z) {
  if (n <= 0) return {0, 1};
  const double p = points / n, z2 = z * z;
  const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half = z * std::sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) / (1 + z2 / n);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

namespace {

auto game_id(const GameResult& r) {
  return std::make_tuple(r.setup.kind.index(), r.setup.variant, r.setup.size, r.setup.level, r.x, r.index);
}

}  // namespace

std::vector<GameResult> merge_results(std::span<const std::vector<GameResult>> lists, int* conflicts) {
  std::map<decltype(game_id(GameResult{})), size_t> seen;
  std::vector<GameResult> merged;
  int clashes = 0;
  for (const std::vector<GameResult>& list : lists)
    for (const GameResult& r : list) {
      auto [at, fresh] = seen.emplace(game_id(r), merged.size());
      if (fresh)
        merged.push_back(r);
      else if (merged[at->second].black_score != r.black_score || merged[at->second].moves != r.moves)
        ++clashes;
    }
  if (conflicts) *conflicts = clashes;
  return merged;
}

std::vector<Tally> tally(std::span<const GameResult> results, const Setup& setup, int shard, int shards) {
  std::map<double, Tally> by_x;
  for (const GameResult& r : results) {
    if (!(r.setup == setup) || (shards > 1 && r.index % shards != shard)) continue;
    Tally& t = by_x[r.x];
    t.x = r.x;
    t.games += 1;
    t.black_points += r.black_score;
  }
  std::vector<Tally> out;
  for (const auto& [x, t] : by_x) out.push_back(t);
  return out;
}

std::vector<Tally> curve(std::span<const Tally> tallies, GameKind kind) {
  std::vector<Tally> out;
  for (const Tally& t : tallies)
    if (!by_stones(kind) || t.x >= 0) out.push_back(t);
  return out;
}

std::vector<double> monotone_fit(std::span<const Tally> tallies, bool increasing) {
  // Pool adjacent violators on the values made non-decreasing (komi curves are mirrored).
  struct Block {
    double sum = 0, weight = 0;
    int count = 0;
    double mean() const { return sum / weight; }
  };
  const int n = static_cast<int>(tallies.size());
  std::vector<Block> blocks;
  for (int k = 0; k < n; ++k) {
    const Tally& t = tallies[increasing ? k : n - 1 - k];
    const double weight = std::max(t.games, 1);
    blocks.push_back({t.rate() * weight, weight, 1});
    while (blocks.size() > 1 && blocks[blocks.size() - 2].mean() > blocks.back().mean()) {
      Block last = blocks.back();
      blocks.pop_back();
      blocks.back().sum += last.sum, blocks.back().weight += last.weight, blocks.back().count += last.count;
    }
  }
  std::vector<double> fit;
  for (const Block& b : blocks) fit.insert(fit.end(), b.count, b.mean());
  if (!increasing) std::reverse(fit.begin(), fit.end());
  return fit;
}

Crossing find_crossing(std::span<const Tally> tallies, bool increasing) {
  Crossing c;
  if (tallies.empty()) return c;
  // g: the score of the side that gains as x falls (Black as komi falls, White as Looper's
  // stones fall); it is non-increasing in x, and its crossing is the score's.
  std::vector<double> g = monotone_fit(tallies, increasing);
  if (increasing)
    for (double& v : g) v = 1 - v;
  const int n = static_cast<int>(g.size());
  int last_above = -1;  // the last index with g >= 1/2 (a prefix, g being monotone)
  while (last_above + 1 < n && g[last_above + 1] >= 0.5) ++last_above;
  if (last_above < 0 || last_above == n - 1) {
    c.outside = last_above < 0 ? -1 : +1;
    return c;
  }
  c.found = true;
  int first_equal = last_above;
  while (first_equal > 0 && g[first_equal - 1] == 0.5) --first_equal;
  c.low = tallies[last_above].x;
  c.high = tallies[last_above + 1].x;
  if (g[last_above] == 0.5)  // a run of fitted halves: the middle of the run
    c.estimate = (tallies[first_equal].x + tallies[last_above].x) / 2;
  else
    c.estimate = c.low + (g[last_above] - 0.5) / (g[last_above] - g[last_above + 1]) * (c.high - c.low);
  return c;
}

// --- the plan -----------------------------------------------------------------------------------

std::optional<Request> next_request(std::span<const Tally> tallies, const PlanOptions& o) {
  auto snap = [&](double x) { return std::round(x / o.granularity) * o.granularity; };
  auto games_at = [&](double x) {
    for (const Tally& t : tallies)
      if (t.x == x) return t;
    return Tally{x, 0, 0};
  };
  // 1. The coarse grid, and any point added beyond it.
  for (double x = o.low; x <= o.high + 1e-9; x += o.step)
    if (games_at(snap(x)).games < o.coarse_games) return Request{snap(x), o.coarse_games};
  for (const Tally& t : tallies)
    if ((t.x < o.low || t.x > o.high) && t.games < o.coarse_games) return Request{t.x, o.coarse_games};
  const Crossing c = find_crossing(tallies, o.increasing);
  if (!c.found) {
    if (tallies.empty()) return std::nullopt;
    const double x = c.outside < 0 ? snap(tallies.front().x - o.step) : snap(tallies.back().x + o.step);
    if (x < o.limit_low || x > o.limit_high) return std::nullopt;  // no crossing within the limits
    return Request{x, o.coarse_games};
  }
  // 2. Bisection: the midpoint of the bracket, in batches, until its interval leaves ½.
  if (c.high - c.low > 2 * o.tolerance + 1e-9) {
    const double mid = snap((c.low + c.high) / 2);
    const Tally t = games_at(mid);
    const Interval interval = wilson(t.black_points, t.games);
    const bool decided = t.games >= o.batch && (interval.low > 0.5 || interval.high < 0.5);
    if (mid > c.low && mid < c.high && !decided && t.games < o.max_games) {
      const int target = (t.games / o.batch + 1) * o.batch;
      return Request{mid, std::min(target, o.max_games)};
    }
    // Decided (the bracket has moved already, unless the fit pooled it away) or undecided at
    // max_games (the curve is flat here: this is the crossing as closely as games can tell).
  }
  // 3. The bracket's ends: each until its interval leaves ½ (or it has max_games), so that
  // the crossing does not rest on a coarse point's few games.
  for (const double end : {c.low, c.high}) {
    const Tally t = games_at(end);
    const Interval interval = wilson(t.black_points, t.games);
    if (!(interval.low > 0.5 || interval.high < 0.5) && t.games < o.max_games)
      return Request{end, std::min((t.games / o.batch + 1) * o.batch, o.max_games)};
  }
  // 4. Games at the point nearest the crossing.
  const double nearest = snap(c.estimate);
  if (games_at(nearest).games < o.near_games) return Request{nearest, o.near_games};
  return std::nullopt;
}

std::vector<int> indices_to_play(std::span<const GameResult> results, const Setup& setup,
                                 const Request& request, int shard, int shards) {
  std::vector<char> played(request.games, 0);
  for (const GameResult& r : results)
    if (r.setup == setup && r.x == request.x && r.index % shards == shard && r.index / shards < request.games)
      played[r.index / shards] = 1;
  std::vector<int> indices;
  for (int k = 0; k < request.games; ++k)
    if (!played[k]) indices.push_back(shard + shards * k);
  return indices;
}

PlanOptions default_plan(const Setup& setup) {
  PlanOptions o;
  const int n = setup.size, points = n * n;
  o.granularity = axis_step(setup.kind);
  auto even = [](double x) { return 2 * std::round(x / 2); };
  const GameFacts& facts = setup.kind.facts();
  if (by_stones(setup.kind)) {  // black stones before the take: taking pays from some density on
    o.low = std::round(points * 0.1), o.high = std::round(points * 0.3);
    o.step = std::max(1.0, std::round(points / 40.0));
    o.limit_low = 0, o.limit_high = points;
    o.increasing = true;
  } else if (facts.komi_cut_and_choose) {  // Loose: winning margins run to the whole board
    o.high = even(points / 4.0), o.low = -o.high, o.step = std::max(2.0, even(points / 12.0));
    o.limit_low = -points, o.limit_high = points;
  } else if (facts.edge_scoring) {  // Square Squared: scores are edge stones, at most 4(N-1)
    o.low = -n, o.high = n, o.step = 2;
    o.limit_low = -4 * n, o.limit_high = 4 * n;
  } else {  // Go-like: Black's edge is some points of territory
    o.low = 0, o.high = 2 * n, o.step = std::max(1.0, std::round(n / 3.0));
    o.limit_low = -points, o.limit_high = points;
  }
  return o;
}

// --- the report ----------------------------------------------------------------------------------

std::optional<MeasuredBalance> summarise(std::span<const GameResult> results, const Setup& setup) {
  const std::vector<Tally> tallies = curve(tally(results, setup), setup.kind);
  if (tallies.empty()) return std::nullopt;
  const Crossing c = find_crossing(tallies, by_stones(setup.kind));
  if (!c.found) return std::nullopt;
  // The fair x: among the points with 100 games or more (else all), the one whose score is
  // nearest one half, the nearer to the crossing on a tie. On a monotone curve that is the
  // point beside the crossing; on a flat, bumpy one (Loose 5×5) it is the komi a namer should
  // name, where the crossing alone could sit far out on a plateau.
  const int most = std::max_element(tallies.begin(), tallies.end(), [](const Tally& a, const Tally& b) {
                     return a.games < b.games;
                   })->games;
  const Tally* fair = nullptr;
  for (const Tally& t : tallies) {
    if (t.games < std::min(100, most)) continue;
    const auto key = [&](const Tally& u) {
      return std::make_pair(std::fabs(u.rate() - 0.5), std::fabs(u.x - c.estimate));
    };
    if (!fair || key(t) < key(*fair)) fair = &t;
  }
  MeasuredBalance m;
  m.kind = setup.kind;
  m.size = setup.size;
  m.variant = setup.variant;
  m.level = setup.level;
  m.fair = fair->x;
  m.win_rate = fair->rate();
  const Interval interval = wilson(fair->black_points, fair->games);
  m.low = interval.low, m.high = interval.high;
  m.games = fair->games;
  m.crossing = c.estimate, m.bracket_low = c.low, m.bracket_high = c.high;
  for (const Tally& t : tallies) m.total_games += t.games;
  return m;
}

std::vector<Setup> setups_in(std::span<const GameResult> results) {
  std::vector<Setup> setups;
  for (const GameResult& r : results)
    if (std::find(setups.begin(), setups.end(), r.setup) == setups.end()) setups.push_back(r.setup);
  std::sort(setups.begin(), setups.end(), [](const Setup& a, const Setup& b) {
    return std::make_tuple(a.kind.index(), a.variant, a.size, a.level) <
           std::make_tuple(b.kind.index(), b.variant, b.size, b.level);
  });
  return setups;
}

namespace {

// A number with at most `decimals` decimals, trailing zeros dropped ("0.5", "36", "-2.25").
std::string decimal(double x, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, x);
  std::string text = buffer;
  if (text.find('.') != std::string::npos) {
    while (text.back() == '0') text.pop_back();
    if (text.back() == '.') text.pop_back();
  }
  if (text == "-0") text = "0";
  return text;
}

double rounded(double x, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return std::round(x * scale) / scale;
}

std::string json_fields(const MeasuredBalance& m) {
  const bool looper = by_stones(m.kind);
  std::string text;
  if (looper)
    text += "\"stones\": " + decimal(m.fair, 2) + ", \"density\": " + decimal(m.fair / (m.size * m.size), 3) +
            ", \"taker_win_rate\": ";
  else
    text += "\"komi\": " + decimal(m.fair, 2) + ", \"black_win_rate\": ";
  text += decimal(m.win_rate, 3) + ", \"low\": " + decimal(m.low, 3) + ", \"high\": " + decimal(m.high, 3) +
          ", \"games\": " + std::to_string(m.games) + ", \"level\": " + std::to_string(m.level) +
          ", \"crossing\": " + decimal(m.crossing, 1) + ", \"bracket\": [" + decimal(m.bracket_low, 2) +
          ", " + decimal(m.bracket_high, 2) + "], \"total_games\": " + std::to_string(m.total_games);
  return text;
}

std::string entry_key(const MeasuredBalance& m) {
  return setup_game_key(Setup{m.kind, m.size, m.variant, m.level});
}

}  // namespace

std::vector<MeasuredBalance> finish_entries(std::vector<MeasuredBalance> entries) {
  std::sort(entries.begin(), entries.end(), [](const MeasuredBalance& a, const MeasuredBalance& b) {
    return std::make_tuple(a.kind.index(), a.variant, a.size, a.level) <
           std::make_tuple(b.kind.index(), b.variant, b.size, b.level);
  });
  for (MeasuredBalance& m : entries) {
    m.win_rate = rounded(m.win_rate, 3), m.low = rounded(m.low, 3), m.high = rounded(m.high, 3);
    m.crossing = rounded(m.crossing, 1);
    m.primary = false;
  }
  // The primary entry of a game and size: the strongest level with 100 games at its fair komi,
  // else the one with the most games there.
  for (size_t i = 0; i < entries.size();) {
    size_t end = i, best = i;
    while (end < entries.size() && entries[end].kind == entries[i].kind &&
           entries[end].variant == entries[i].variant && entries[end].size == entries[i].size)
      ++end;
    for (size_t k = i; k < end; ++k) {
      const bool enough = entries[k].games >= 100, best_enough = entries[best].games >= 100;
      if ((enough && !best_enough) ||
          (enough == best_enough &&
           (enough ? entries[k].level > entries[best].level : entries[k].games > entries[best].games)))
        best = k;
    }
    entries[best].primary = true;
    i = end;
  }
  return entries;
}

std::string render_json(std::span<const MeasuredBalance> entries) {
  std::string text = "{";
  for (size_t i = 0; i < entries.size();) {
    const std::string key = entry_key(entries[i]);
    text += std::string(i ? ",\n" : "\n") + "  \"" + key + "\": {";
    bool first_size = true;
    while (i < entries.size() && entry_key(entries[i]) == key) {
      const int size = entries[i].size;
      size_t end = i;
      while (end < entries.size() && entry_key(entries[end]) == key && entries[end].size == size) ++end;
      const MeasuredBalance* primary = &entries[i];
      for (size_t k = i; k < end; ++k)
        if (entries[k].primary) primary = &entries[k];
      text += std::string(first_size ? "\n" : ",\n") + "    \"" + std::to_string(size) + "\": {" +
              json_fields(*primary) + ", \"levels\": {";
      for (size_t k = i; k < end; ++k)
        text += std::string(k > i ? "," : "") + "\n      \"" + std::to_string(entries[k].level) + "\": {" +
                json_fields(entries[k]) + "}";
      text += "}}";
      first_size = false;
      i = end;
    }
    text += "\n  }";
  }
  text += "\n}\n";
  return text;
}

std::string render_table(std::span<const MeasuredBalance> entries) {
  std::string text =
      "// Generated by `stonegrid balance report --table` from the results files behind\n"
      "// docs/balance.json (docs/balance.md): do not edit. tests/test_balance.cpp checks that this\n"
      "// table renders to docs/balance.json.\n"
      "#include \"bot/komi.h\"\n\nnamespace stonegrid {\n\n";
  if (entries.empty()) {
    text += "std::span<const MeasuredBalance> measured_balance() {\n  return {};\n}\n";
  } else {
    text +=
        "namespace {\n\n// kind, size, variant, level, fair, win rate, low, high, games, crossing, bracket, "
        "total\n";
    text += "constexpr MeasuredBalance table[] = {\n";
    for (const MeasuredBalance& m : entries)
      text += "    {GameKind::" + std::string(m.kind.facts().name) + ", " + std::to_string(m.size) + ", " +
              std::to_string(m.variant) + ", " + std::to_string(m.level) + ", " + decimal(m.fair, 2) + ", " +
              decimal(m.win_rate, 3) + ", " + decimal(m.low, 3) + ", " + decimal(m.high, 3) + ", " +
              std::to_string(m.games) + ", " + decimal(m.crossing, 1) + ", " + decimal(m.bracket_low, 2) +
              ", " + decimal(m.bracket_high, 2) + ", " + std::to_string(m.total_games) + ", " +
              (m.primary ? "true" : "false") + "},\n";
    text += "};\n\n}  // namespace\n\n";
    text += "std::span<const MeasuredBalance> measured_balance() {\n  return table;\n}\n";
  }
  text += "\n}  // namespace stonegrid\n";
  return text;
}

std::string render_markdown(std::span<const Tally> tallies, const Setup& setup) {
  const bool looper = by_stones(setup.kind);
  const int points = setup.size * setup.size;
  std::string text = looper
                         ? "| black stones (density) | games | taker wins | taker's score | 95 % interval |\n"
                         : "| komi | games | Black wins | Black's score | 95 % interval |\n";
  text += "|---:|---:|---:|---:|---|\n";
  for (const Tally& t : tallies) {
    const Interval interval = wilson(t.black_points, t.games);
    std::string x = decimal(t.x, 2);
    if (looper)
      x = t.x < 0 ? "none, the whole ballot played (player 1's score)"
                  : x + " (" + decimal(t.x / points, 3) + ")";
    text += "| " + x + " | " + std::to_string(t.games) + " | " + decimal(t.black_points, 1) + " | " +
            decimal(100 * t.rate(), 1) + " % | " + decimal(100 * interval.low, 1) + "–" +
            decimal(100 * interval.high, 1) + " % |\n";
  }
  return text;
}

// The axes of a plot: the grid, the dashed line of one half, the ticks and the x label.
template <typename Px, typename Py>
std::string plot_axes(Px px, Py py, double left, double right_edge, double height, double x_min, double x_max,
                      bool looper) {
  auto num = [](double v) { return decimal(v, 1); };
  std::string svg;
  // Axes, grid and the line of one half.
  for (int k = 0; k <= 4; ++k) {
    const double y = py(k / 4.0);
    svg += "<line x1=\"" + num(left) + "\" x2=\"" + num(right_edge) + "\" y1=\"" + num(y) + "\" y2=\"" +
           num(y) + "\" stroke=\"" + (k == 2 ? "#555" : "#ddd") + "\"" +
           (k == 2 ? " stroke-dasharray=\"4 3\"" : "") + "/>\n<text x=\"" + num(left - 6) + "\" y=\"" +
           num(y + 4) + "\" text-anchor=\"end\">" + std::to_string(25 * k) + " %</text>\n";
  }
  const double span = x_max - x_min;
  double tick = 1;
  for (double nice : {1.0, 2.0, 4.0, 5.0, 10.0, 20.0, 25.0, 50.0, 100.0})
    if (span / nice <= 10) {
      tick = nice;
      break;
    }
  for (double x = std::ceil(x_min / tick) * tick; x <= x_max + 1e-9; x += tick)
    svg += "<line x1=\"" + num(px(x)) + "\" x2=\"" + num(px(x)) + "\" y1=\"" + num(py(0)) + "\" y2=\"" +
           num(py(0) + 4) + "\" stroke=\"#555\"/>\n<text x=\"" + num(px(x)) + "\" y=\"" + num(py(0) + 17) +
           "\" text-anchor=\"middle\">" + decimal(x, 1) + "</text>\n";
  svg += "<text x=\"" + num((left + right_edge) / 2) + "\" y=\"" + num(height - 8) +
         "\" text-anchor=\"middle\">" + (looper ? "black stones set at random before the take" : "komi") +
         "</text>\n";
  return svg;
}

std::string render_svg(std::span<const GameResult> results, std::span<const Setup> setups) {
  static const char* colors[] = {"#1f5fa8", "#c2410c", "#15803d", "#7e22ce"};
  const double width = 640, height = 360, left = 56, right = 16, top = 40, bottom = 44;
  std::vector<std::vector<Tally>> series;
  double x_min = 1e9, x_max = -1e9;
  for (const Setup& s : setups) {
    series.push_back(curve(tally(results, s), s.kind));
    for (const Tally& t : series.back()) x_min = std::min(x_min, t.x), x_max = std::max(x_max, t.x);
  }
  if (series.empty() || x_min > x_max) return "";
  if (x_max == x_min) x_min -= 1, x_max += 1;
  auto px = [&](double x) { return left + (x - x_min) / (x_max - x_min) * (width - left - right); };
  auto py = [&](double y) { return top + (1 - y) * (height - top - bottom); };
  auto num = [](double v) { return decimal(v, 1); };
  const Setup& first = setups[0];
  const bool looper = by_stones(first.kind);
  std::string title =
      std::string(game_title(first.kind)) +
      (first.variant ? " (" + std::string(first.kind.facts().variants[first.variant].title) + ")" : "") +
      " " + std::to_string(first.size) + "×" + std::to_string(first.size) +
      (looper ? ": the taker's score against black stones before the take" : ": Black's score against komi");
  std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(width) + "\" height=\"" +
                    num(height) + "\" viewBox=\"0 0 " + num(width) + " " + num(height) +
                    "\" font-family=\"sans-serif\" font-size=\"12\">\n"
                    "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
                    "<text x=\"" +
                    num(left) + "\" y=\"22\" font-size=\"14\">" + title + "</text>\n";
  svg += plot_axes(px, py, left, width - right, height, x_min, x_max, looper);
  // Per series: the Wilson band, the measured scores, the crossing.
  for (size_t s = 0; s < series.size(); ++s) {
    const std::vector<Tally>& ts = series[s];
    const std::string color = colors[s % 4];
    std::string band, line;
    for (const Tally& t : ts)
      band += num(px(t.x)) + "," + num(py(wilson(t.black_points, t.games).high)) + " ";
    for (auto t = ts.rbegin(); t != ts.rend(); ++t)
      band += num(px(t->x)) + "," + num(py(wilson(t->black_points, t->games).low)) + " ";
    for (const Tally& t : ts) line += num(px(t.x)) + "," + num(py(t.rate())) + " ";
    svg +=
        "<polygon points=\"" + band + "\" fill=\"" + color + "\" fill-opacity=\"0.15\" stroke=\"none\"/>\n";
    svg +=
        "<polyline points=\"" + line + "\" fill=\"none\" stroke=\"" + color + "\" stroke-width=\"1.5\"/>\n";
    int games = 0;
    for (const Tally& t : ts) {
      games += t.games;
      svg += "<circle cx=\"" + num(px(t.x)) + "\" cy=\"" + num(py(t.rate())) + "\" r=\"" +
             num(2 + std::sqrt(t.games) / 4) + "\" fill=\"" + color + "\"><title>" + decimal(t.x, 2) + ": " +
             decimal(t.black_points, 1) + " / " + std::to_string(t.games) + "</title></circle>\n";
    }
    const Crossing c = find_crossing(ts, looper);
    std::string legend = "level " + std::to_string(setups[s].level) + ", " + std::to_string(games) + " games";
    if (c.found) {
      svg += "<line x1=\"" + num(px(c.estimate)) + "\" x2=\"" + num(px(c.estimate)) + "\" y1=\"" +
             num(py(1)) + "\" y2=\"" + num(py(0)) + "\" stroke=\"" + color +
             "\" stroke-dasharray=\"2 3\"/>\n";
      legend += ", crosses ½ at " + decimal(c.estimate, 1);
    }
    // The legend where the curves are not: bottom left for komi (scores fall), top left for
    // Looper stones (scores rise).
    const double row = static_cast<double>(looper ? s : series.size() - 1 - s);
    const double ly = looper ? top + 14 + 16 * row : py(0) - 10 - 16 * row;
    svg += "<rect x=\"" + num(left + 10) + "\" y=\"" + num(ly - 9) + "\" width=\"10\" height=\"10\" fill=\"" +
           color + "\"/>\n<text x=\"" + num(left + 24) + "\" y=\"" + num(ly) + "\">" + legend + "</text>\n";
  }
  svg += "</svg>\n";
  return svg;
}

}  // namespace stonegrid::balance
