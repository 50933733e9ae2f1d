// Fitting the learned move priors (move_features.h) to recorded games: Coulom's generalized
// Bradley–Terry model, fitted by minorization–maximization (MM). Each training position offers
// its legal placements as competing "teams" of feature values; the move played won. A feature's
// strength gamma is updated one group at a time,
//
//   gamma_i <- (W_i + 1) / (sum over j of C_ij / E_j + 2 / (gamma_i + 1))
//
// where W_i counts the positions whose played move has feature i, E_j is the sum of the teams'
// strengths in position j, and C_ij the sum over position j's teams with feature i of their
// strength without gamma_i. The "+ 1" and "2 / (gamma_i + 1)" are one win and one loss against a virtual
// opponent of strength 1 (Coulom's prior), which keeps rare features near 1.
// `stonegrid learn-priors` (core/cli/learn.cpp) drives it; tests/test_learn.cpp checks it.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "bot/move_features.h"
#include "games/go.h"

namespace stonegrid::bot {

// Positions with their competing teams, each team one feature id per group.
struct TrainingSet {
  struct Position {
    uint32_t begin = 0, end = 0;  // its teams: [begin, end) of `teams`
    uint32_t chosen = 0;          // the index in `teams` of the move played
  };
  std::vector<Position> positions;
  std::vector<std::array<uint32_t, feature_groups>> teams;
  // Feature ids of group g: [group_start[g], group_start[g + 1]).
  std::array<uint32_t, feature_groups + 1> group_start{};
  uint32_t features() const { return group_start[feature_groups]; }
};

// gamma of every feature id after `rounds` rounds (each updates every group once), from gamma = 1.
std::vector<double> fit_gammas(const TrainingSet& set, int rounds);
// Mean log-probability of the moves played, and how often the move played has the highest gamma.
double mean_log_likelihood(const TrainingSet& set, const std::vector<double>& gammas);
double top_choice_rate(const TrainingSet& set, const std::vector<double>& gammas);

// Builds training sets from Go games. `finish` gives each candidate its largest diamond that
// occurs among the candidates at least `min_count` times, else its 3×3 code; keeps the codes
// that then occur `min_count` times and gives the rest one shared id.
class GoTrainingBuilder {
 public:
  // Adds every phase-1 placement of `moves`, played from the empty board of `rules`, as a
  // position of `set` (0: training, 1: held out); with `only` 1 or 2, only that player's
  // placements (Black 1, White 2). False, with `error`, at an illegal move.
  bool add_game(const Go::Rules& rules, const std::vector<Move>& moves, int set, std::string& error,
                int only = 0);
  // The two sets, with pattern ids final (patterns kept: `kept_codes`, ascending).
  void finish(int min_count, TrainingSet& train, TrainingSet& held_out, std::vector<uint32_t>& kept_codes);
  int positions(int set) const { return static_cast<int>(raw_[set].positions.size()); }
  // The board size most of the positions come from.
  int board_size() const;

 private:
  struct Raw {
    std::vector<TrainingSet::Position> positions;
    std::vector<MoveFeatures> teams;
    std::vector<std::array<uint32_t, 2>> shapes;  // each team's diamonds (`shape_codes`)
  };
  std::array<Raw, 2> raw_;
  std::map<uint32_t, int> shape_count_;  // how often each diamond occurs among the candidates
  std::map<int, int> positions_by_size_;
};

// The weights as C++ source for core/bot/go_weights.cpp: `gammas` from a set made by `finish`
// with `kept_codes`, fitted to games of `board_size`. `comment` goes on top (how they were made).
// Its 3×3 codes only: the diamonds are `shape_table`'s, for core/bot/go_shapes.txt.
std::string weights_source(const TrainingSet& set, const std::vector<double>& gammas,
                           const std::vector<uint32_t>& kept_codes, int board_size,
                           const std::string& comment);
ShapeTable shape_table(const std::vector<double>& gammas, const std::vector<uint32_t>& kept_codes);

}  // namespace stonegrid::bot
