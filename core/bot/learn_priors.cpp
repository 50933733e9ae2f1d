#include "bot/learn_priors.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace stonegrid::bot {

std::vector<double> fit_gammas(const TrainingSet& set, int rounds) {
  const uint32_t n = set.features();
  std::vector<double> gamma(n, 1.0), wins(n, 0.0), denominator(n);
  for (const TrainingSet::Position& pos : set.positions)
    for (uint32_t id : set.teams[pos.chosen]) wins[id] += 1;
  std::vector<double> strength;
  for (int round = 0; round < rounds; ++round)
    for (int g = 0; g < feature_groups; ++g) {
      std::fill(denominator.begin(), denominator.end(), 0.0);
      for (const TrainingSet::Position& pos : set.positions) {
        strength.assign(pos.end - pos.begin, 1.0);
        double total = 0;
        for (uint32_t t = pos.begin; t < pos.end; ++t) {
          double s = 1;
          for (uint32_t id : set.teams[t]) s *= gamma[id];
          strength[t - pos.begin] = s;
          total += s;
        }
        for (uint32_t t = pos.begin; t < pos.end; ++t) {
          const uint32_t id = set.teams[t][g];
          denominator[id] += strength[t - pos.begin] / gamma[id] / total;
        }
      }
      for (uint32_t id = set.group_start[g]; id < set.group_start[g + 1]; ++id)
        gamma[id] = (wins[id] + 1) / (denominator[id] + 2 / (gamma[id] + 1));
    }
  return gamma;
}

namespace {

double team_strength(const TrainingSet& set, uint32_t team, const std::vector<double>& gammas) {
  double s = 1;
  for (uint32_t id : set.teams[team]) s *= gammas[id];
  return s;
}

}  // namespace

double mean_log_likelihood(const TrainingSet& set, const std::vector<double>& gammas) {
  if (set.positions.empty()) return 0;
  double sum = 0;
  for (const TrainingSet::Position& pos : set.positions) {
    double total = 0;
    for (uint32_t t = pos.begin; t < pos.end; ++t) total += team_strength(set, t, gammas);
    sum += std::log(team_strength(set, pos.chosen, gammas) / total);
  }
  return sum / static_cast<double>(set.positions.size());
}

double top_choice_rate(const TrainingSet& set, const std::vector<double>& gammas) {
  if (set.positions.empty()) return 0;
  int hits = 0;
  for (const TrainingSet::Position& pos : set.positions) {
    const double chosen = team_strength(set, pos.chosen, gammas);
    bool best = true;
    for (uint32_t t = pos.begin; t < pos.end && best; ++t)
      if (t != pos.chosen && team_strength(set, t, gammas) >= chosen) best = false;
    hits += best;
  }
  return static_cast<double>(hits) / static_cast<double>(set.positions.size());
}

bool GoTrainingBuilder::add_game(const Go::Rules& rules, const std::vector<Move>& moves, int set,
                                 std::string& error, int only) {
  Go g(rules);
  Point last = no_point, prev = no_point;
  MoveList legal;
  for (size_t i = 0; i < moves.size(); ++i) {
    const Move& m = moves[i];
    if (g.phase() != Go::Phase::play) break;
    if (m.is_place() && (only == 0 || g.to_move() == only)) {
      const Stones& b = g.stones();
      const Color me = g.color_to_move();
      CaptureReading reading(b, me);
      g.legal_moves(legal);
      Raw& raw = raw_[set];
      TrainingSet::Position pos;
      pos.begin = static_cast<uint32_t>(raw.teams.size());
      bool found = false;
      for (const Move& candidate : legal) {
        if (!candidate.is_place()) continue;
        if (candidate.point() == m.point()) {
          pos.chosen = static_cast<uint32_t>(raw.teams.size());
          found = true;
        }
        raw.teams.push_back(move_features(b, me, candidate.point(), last, prev, reading));
        raw.shapes.push_back(shape_codes(b, me, candidate.point()));
        for (int r = 0; r < 2; ++r) ++shape_count_[raw.shapes.back()[r]];
      }
      pos.end = static_cast<uint32_t>(raw.teams.size());
      if (!found) {
        raw.teams.resize(pos.begin);
        raw.shapes.resize(pos.begin);
        error = "move " + std::to_string(i + 1) + " is not a legal placement";
        return false;
      }
      raw.positions.push_back(pos);
      ++positions_by_size_[rules.size];
    }
    if (!g.play(m)) {
      error = "move " + std::to_string(i + 1) + " is illegal";
      return false;
    }
    prev = last;
    last = m.is_place() ? m.point() : no_point;
  }
  return true;
}

int GoTrainingBuilder::board_size() const {
  int best = 0, most = 0;
  for (const auto& [size, count] : positions_by_size_)
    if (count > most) {
      best = size;
      most = count;
    }
  return best;
}

void GoTrainingBuilder::finish(int min_count, TrainingSet& train, TrainingSet& held_out,
                               std::vector<uint32_t>& kept_codes) {
  // Each candidate's pattern: its largest diamond seen `min_count` times among the candidates,
  // else its 3×3 code. Those codes that then occur `min_count` times are kept; the rest share
  // one id. As the priors look codes up (the largest kept diamond, else the 3×3 code, kept or
  // not), each candidate then takes its largest kept diamond, else its 3×3 code.
  auto count = [&](const std::map<uint32_t, int>& counts, uint32_t code) {
    const auto it = counts.find(code);
    return it == counts.end() ? 0 : it->second;
  };
  std::map<uint32_t, int> pattern_count;
  for (Raw& raw : raw_)
    for (size_t t = 0; t < raw.teams.size(); ++t) {
      uint32_t code = raw.teams[t].value[0];
      for (int r = 1; r >= 0; --r)
        if (count(shape_count_, raw.shapes[t][r]) >= min_count) {
          code = raw.shapes[t][r];
          break;
        }
      ++pattern_count[code];
    }
  kept_codes.clear();
  for (const auto& [code, n] : pattern_count)
    if (n >= min_count) kept_codes.push_back(code);  // ascending: a std::map's order
  for (Raw& raw : raw_)
    for (size_t t = 0; t < raw.teams.size(); ++t)
      for (int r = 1; r >= 0; --r)
        if (std::binary_search(kept_codes.begin(), kept_codes.end(), raw.shapes[t][r])) {
          raw.teams[t].value[0] = raw.shapes[t][r];
          break;
        }
  const uint32_t rare = static_cast<uint32_t>(kept_codes.size());
  std::array<uint32_t, feature_groups + 1> start{};
  start[1] = rare + 1;
  for (int g = 1; g < feature_groups; ++g) start[g + 1] = start[g] + static_cast<uint32_t>(feature_values[g]);
  for (int s = 0; s < 2; ++s) {
    TrainingSet& out = s == 0 ? train : held_out;
    out = TrainingSet{};
    out.group_start = start;
    out.positions = raw_[s].positions;
    out.teams.reserve(raw_[s].teams.size());
    for (const MoveFeatures& f : raw_[s].teams) {
      std::array<uint32_t, feature_groups> ids{};
      const auto it = std::lower_bound(kept_codes.begin(), kept_codes.end(), f.value[0]);
      ids[0] =
          it != kept_codes.end() && *it == f.value[0] ? static_cast<uint32_t>(it - kept_codes.begin()) : rare;
      for (int g = 1; g < feature_groups; ++g) ids[g] = start[g] + f.value[g];
      out.teams.push_back(ids);
    }
  }
}

std::string weights_source(const TrainingSet& set, const std::vector<double>& gammas,
                           const std::vector<uint32_t>& kept_codes, int board_size,
                           const std::string& comment) {
  std::string out = comment;
  out += "#include \"bot/move_features.h\"\n\nnamespace stonegrid::bot {\n\nnamespace {\n\n";
  char buf[64];
  auto list = [&](const char* type, const char* name, auto count, auto value) {
    out += std::string("constexpr ") + type + " " + name + "[] = {";
    for (size_t i = 0; i < static_cast<size_t>(count); ++i) {
      out += (i % 8 == 0) ? "\n    " : " ";
      out += value(i);
      out += ",";
    }
    out += "\n};\n";
  };
  auto number = [&](double x) {
    std::snprintf(buf, sizeof buf, "%#.6gf", x);
    return std::string(buf);
  };
  // The 3×3 codes (the shapes, after them in `kept_codes`, go to go_shapes.txt: `shape_table`).
  const size_t patterns = static_cast<size_t>(
      std::find_if(kept_codes.begin(), kept_codes.end(), is_shape_code) - kept_codes.begin());
  list("uint32_t", "pattern_codes", patterns, [&](size_t i) { return std::to_string(kept_codes[i]) + "u"; });
  list("float", "pattern_gammas", patterns, [&](size_t i) { return number(gammas[i]); });
  static const char* names[feature_groups] = {"",      "capture",   "escape",    "self_atari",
                                              "atari", "near_last", "near_prev", "line"};
  for (int g = 1; g < feature_groups; ++g)
    list("float", names[g], set.group_start[g + 1] - set.group_start[g],
         [&](size_t i) { return number(gammas[set.group_start[g] + i]); });
  out +=
      "\n}  // namespace\n\nconst LearnedWeights& go_weights() {\n  static const LearnedWeights weights{\n";
  out += "      pattern_codes, pattern_gammas, " + number(gammas[kept_codes.size()]) + ",\n";
  out +=
      "      {std::span<const float>{}, capture, escape, self_atari, atari, near_last, near_prev, line},\n";
  out += "      " + std::to_string(board_size) + ", go_shapes};\n";
  out += "  return weights;\n}\n\n}  // namespace stonegrid::bot\n";
  return out;
}

ShapeTable shape_table(const std::vector<double>& gammas, const std::vector<uint32_t>& kept_codes) {
  ShapeTable table;
  for (size_t i = 0; i < kept_codes.size(); ++i)
    if (is_shape_code(kept_codes[i])) {
      table.codes.push_back(kept_codes[i]);
      table.gammas.push_back(static_cast<float>(gammas[i]));
    }
  return table;
}

}  // namespace stonegrid::bot
