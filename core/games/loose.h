// Loose — RULINGS.md §Loose (seed 000, Luis Bolaños Mures, 2012).
//
// Parameters: odd board sizes 5..25 (`size_allowed`); komi an even integer, negative allowed,
// added to White (`komi_allowed`). Player 1 is Black and moves first; the komi cut-and-choose
// that decides who is player 1 happens before the game, outside this class.
//
// How to read this header: `Loose` satisfies the game contract of game.h; below the contract
// members come the Loose-specific queries the front end uses (`is_true_liberty`,
// `true_liberties`, `last_flipped`).
//
// The rules in the words used here: an empty point is a *false liberty* when it has no empty
// neighbour and at least one black and one white neighbour; every other empty point is *true*.
// A placement puts a stone of the mover's colour on an empty point; then, judged on the board
// right after the placement, every enemy chain without a true liberty is *flipped* (all at
// once, one round only). The move is legal only if afterwards every chain of either colour
// has a true liberty (`Loose::no_true_liberty` otherwise). Pass at any time; two passes in
// a row end the game. Score: Black = black stones, White = white stones + komi; on a tie the
// player who made the last placement loses, and if nobody ever placed a stone White loses.
#pragma once

#include <array>
#include <bitset>
#include <cstdint>
#include <string_view>

#include "rules/board.h"
#include "rules/game.h"

namespace stonegrid {

class Loose {
 public:
  struct Rules {
    int size = 9;
    int komi = 0;  // even; the caller checks `komi_allowed`
  };
  static constexpr std::string_view name = "loose";
  static constexpr GameFacts facts{
      .name = name,
      .title = "Loose",
      .short_title = "Loose",
      .pitch = "Surrounded chains change colour instead of leaving the board.",
      .designer = "Luis Bolaños Mures, 2012",
      .aliases = "",
      .odd_sizes_only = true,
      .false_liberties = true,
      .komi_step = 2,
      .komi_cut_and_choose = true,
      .variants = {GameVariant{"", "Loose", "Loose"}},
      .sample_size = 7,
      .sample = "C3 D4 C5 D5 C4 D6 D3 E3 E2 F3 C6 D2 D1 C7 C2",
  };
  static Rules make_rules(const RuleChoices& c) { return Rules{c.size, static_cast<int>(c.komi)}; }

  // An empty board, Black to move. A size outside 5..25 is clamped (`clamp_size`).
  // Copying copies only the points of this board size (a 9×9 state copies ~1.5 KB, not the
  // 25×25 capacity): trial placements copy states.
  Loose() : Loose(Rules{}) {}
  explicit Loose(const Rules& rules);
  explicit Loose(const RuleChoices& choices) : Loose(make_rules(choices)) {}

  static bool komi_allowed(int komi) { return komi % 2 == 0; }

  // --- the game contract (game.h) ---
  const Rules& rules() const { return rules_; }
  const Geometry& geometry() const { return *geometry_; }
  int size() const { return rules_.size; }
  Color at(Point p) const { return board_[p]; }
  int to_move() const { return to_move_; }
  Color color_to_move() const { return to_move_ == 1 ? Color::black : Color::white; }
  int black_player() const { return 1; }
  Phase phase() const { return over_ ? Phase::over : Phase::play; }
  int passes() const { return passes_; }
  int moves_played() const { return moves_played_; }
  bool is_over() const { return over_; }
  Status status() const {
    return {to_move(), color_to_move(), black_player(), phase(), passes(), moves_played()};
  }
  Outcome outcome() const { return outcome_; }
  // Black = black stones; White = white stones + komi.
  Score score() const;
  // Zobrist of the stones, plus a key for "White to move" and one for "one pass in a row".
  uint64_t hash() const { return hash_; }
  // Every legal placement, then pass. Empty once the game is over.
  void legal_moves(MoveList& list) const;
  Illegal check(const Move& move) const;
  // This game's own refusal (game.h's `Illegal::own`).
  static constexpr Illegal no_true_liberty = Illegal::own("no true liberty after the flips");
  bool play(const Move& move);
  // `play` for a move known to be legal: the placement is made without judging it again and
  // with no copy to restore (which `play` keeps when it cannot tell in advance).
  void play_legal(const Move& move);
  // The libego scan: start at a random entry of the empty-point list and walk forward (with
  // wrap-around) to the first legal placement; pass when there is none. Not uniform over the
  // legal moves (a legal point after a run of illegal ones is more likely), as in libego.
  // Remembers nothing: each candidate is judged locally (`verdict`), and only a placement
  // whose flips cannot be judged locally is tried on a copy.
  Move random_move(Rng& rng) const;
  // The playout step: plays the move `random_move` would return (the same scan, the same draws
  // from `rng`) and returns it; on a finished game it returns pass and plays nothing. Each
  // candidate is judged once: one that only a trial can judge is made on this state, with a
  // copy to restore if it proves illegal — where `random_move` then `play_legal` would try it
  // on a copy and make it again.
  Move play_random(Rng& rng);
  // Rebuilds chains, true/false statuses, counts and hash from the board and compares.
  bool check_consistency() const;
  // The count term by term and what the board should mark (game_facts.h).
  Explanation explain() const;
  // Puts (or with Color::empty removes) a stone outside the rules; the position may break the
  // "every chain has a true liberty" invariant, in which case the next placement is judged on
  // the whole board (slower, same rules).
  void setup(Point p, Color c);

  // --- Loose queries for the front end and tests ---
  // True when `p` is empty and not a false liberty.
  bool is_true_liberty(Point p) const { return board_[p] == Color::empty && true_point_[p]; }
  // The number of distinct true liberties of the chain holding `stone` (0 for an empty point).
  int true_liberties(Point stone) const;
  // The stones flipped by the last accepted turn (none after a pass, resign or setup).
  const std::bitset<max_points>& last_flipped() const { return flipped_; }
  int stones(Color c) const { return stones_[static_cast<int>(c)]; }
  // Player (1 or 2) who made the last placement, 0 if no stone was ever placed.
  int last_placer() const { return last_placer_; }
  // For SGF setup: what makes a set-up board impossible under these rules — a chain with no
  // true liberty — naming its first stone in reading order (top row first) in `stone`; an
  // empty view when the board is fine.
  std::string_view setup_fault(Point& stone) const;

 private:
  // At a chain's representative: its stones, and the number of (stone, adjacent true empty
  // point) pairs — "true pairs". A chain has a true liberty exactly when `true_pairs` > 0.
  struct Chain {
    int16_t stones;
    int16_t true_pairs;
    void absorb(const Chain& other) {
      stones = static_cast<int16_t>(stones + other.stones);
      true_pairs = static_cast<int16_t>(true_pairs + other.true_pairs);
    }
    bool operator==(const Chain&) const = default;
  };
  // What a stone of the mover's on an empty point would touch (see `verdict`).
  struct Around {
    std::array<Point, 4> chains;  // distinct chains next to the point, either colour
    std::array<int, 4> stones;    // how many of each one's stones touch the point
    int chain_count = 0;
    int new_pairs = 0;           // empty neighbours that stay true: the stone's own true pairs
    bool turning_false = false;  // some empty neighbour turns false
  };

  // --- derived data ---
  void rebuild();
  bool compute_true(Point empty) const;
  // Recomputes the status of an empty point; if it changed, adjusts the true-pair counts of
  // the adjacent chains and records the point in `changed`.
  void refresh(Point empty, Point* changed, int& changed_count);
  // --- placements (loose.cpp, bottom up) ---
  int put_stone(Point p, Point* changed);  // the stone alone, no flips
  int chains_to_flip(Point p, bool was_valid, const Point* changed, int changed_count, Point* to_flip) const;
  void flip(const Point* to_flip, int flip_count, Point* changed, int& changed_count);
  bool chains_near_have_true_liberties(Point p, const Point* changed, int changed_count, const Point* to_flip,
                                       int flip_count) const;
  bool every_chain_has_a_true_liberty() const;
  bool place(Point p);  // mutates; returns legality (callers discard the state when false)
  // --- judging a placement without making it ---
  // legal, illegal: no flips, final. legal_with_flips: it flips, and is legal however the flips
  // fall. needs_trial: it flips and only making it tells (`place` on a copy).
  enum class Verdict : uint8_t { legal, legal_with_flips, illegal, needs_trial };
  Verdict verdict(Point p) const;
  Verdict verdict_with_false_points(Point p, const Around& around) const;
  bool flips_bring_a_true_liberty(Point p, const Point* to_flip, int flip_count, const Around& around) const;
  Illegal check_placement(Point p) const;  // verdict, else a trial placement on a copy
  void put_stone_alone(Point p);           // a placement `verdict` judged legal, no flips
  void clear_flipped() {
    if (!any_flipped_) return;
    flipped_.reset();
    any_flipped_ = false;
  }
  // Makes the placement at the empty point `p` if it is legal (by `verdict`, trying it on the
  // board with a copy to restore only when needed); false, and nothing changed, if not.
  bool try_place(Point p);
  void finish_turn(const Move& move);  // the turn's bookkeeping once the board is right
  void finish_game();

  // Copied member by member; the per-point parts copy only the points of this board size.
  Rules rules_;
  const Geometry* geometry_;
  const ZobristKeys* keys_;
  PointArray<Color> board_;
  PointArray<uint8_t> true_point_;  // for empty points: 1 = true, 0 = false
  NeighbourCounts neighbour_counts_;
  ChainRings<Chain> chains_;
  EmptyPoints empty_;
  std::bitset<max_points> flipped_;
  bool any_flipped_ = false;  // so that most turns, which flip nothing, skip clearing the set
  std::array<int, 3> stones_{};
  int to_move_ = 1;
  int passes_ = 0;
  int moves_played_ = 0;
  int last_placer_ = 0;
  bool over_ = false;
  bool valid_ = true;  // every chain has a true liberty (always so after a legal placement)
  Outcome outcome_{};
  // Zobrist of the stones, plus the keys for "White to move" and "one pass in a row".
  uint64_t hash_ = 0;
};

}  // namespace stonegrid
