// `type_of<G>()`: the table line of a game class — its state behind the `GameState` interface,
// its facts, and its search. Include it (with the game's policy header, bot/policy_<game>.h)
// where a game is put in the table: core/game_table.cpp, or a test that registers a game.
#pragma once

#include <memory>

#include "bot/search.h"
#include "game_type.h"

namespace stonegrid {

template <Game G>
class StateOf final : public GameState {
 public:
  explicit StateOf(const G& game) : game_(game) {}
  const G& game() const { return game_; }
  G& game() { return game_; }

  std::unique_ptr<GameState> clone() const override { return std::make_unique<StateOf>(game_); }
  const Geometry& geometry() const override { return game_.geometry(); }
  Color at(Point p) const override { return game_.at(p); }
  int to_move() const override { return game_.to_move(); }
  Color color_to_move() const override { return game_.color_to_move(); }
  int black_player() const override { return game_.black_player(); }
  Phase phase() const override { return game_.phase(); }
  int passes() const override { return game_.passes(); }
  int moves_played() const override { return game_.moves_played(); }
  bool is_over() const override { return game_.is_over(); }
  Outcome outcome() const override { return game_.outcome(); }
  Score score() const override { return game_.score(); }
  uint64_t hash() const override { return game_.hash(); }
  void legal_moves(MoveList& list) const override { game_.legal_moves(list); }
  Illegal check(const Move& move) const override { return game_.check(move); }
  bool play(const Move& move) override { return game_.play(move); }
  Move random_move(Rng& rng) const override { return game_.random_move(rng); }
  bool check_consistency() const override { return game_.check_consistency(); }
  void setup(Point p, Color c) override { game_.setup(p, c); }
  std::string_view setup_fault(Point& stone) const override {
    if constexpr (requires { game_.setup_fault(stone); })
      return game_.setup_fault(stone);
    else
      return {};
  }
  Explanation explain() const override { return game_.explain(); }
  int prisoners(Color c) const override {
    if constexpr (requires { game_.prisoners(c); })
      return game_.prisoners(c);
    else
      return 0;
  }

 private:
  G game_;
};

template <Game G>
class TypeOf final : public GameType {
 public:
  constexpr TypeOf() : GameType(G::facts) {}
  std::unique_ptr<GameState> create(const RuleChoices& choices) const override {
    return std::make_unique<StateOf<G>>(G(G::make_rules(choices)));
  }
  std::unique_ptr<bot::Search> search(const GameState& state, const bot::SearchOptions& options,
                                      Point last) const override {
    return std::make_unique<bot::SearchOf<G>>(static_cast<const StateOf<G>&>(state).game(), options, last);
  }
  int random_playout(GameState& state, Rng& rng) const override {
    G& g = static_cast<StateOf<G>&>(state).game();
    const Phase start = g.phase();
    const int cap = 3 * g.size() * g.size();
    for (int n = 0; n < cap && !g.is_over() && !bot::Policy<G>::playout_done(g, start); ++n)
      g.play(g.random_move(rng));
    return bot::Policy<G>::winner(g);
  }
};

// The one table line of `G` (a function-local static: made on first use).
template <Game G>
const GameType& type_of() {
  static const TypeOf<G> type;
  return type;
}

}  // namespace stonegrid
