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
// has a true liberty (`Illegal::no_true_liberty` otherwise). Pass at any time; two passes in
// a row end the game. Score: Black = black stones, White = white stones + komi; on a tie the
// player who made the last placement loses, and if nobody ever placed a stone White loses.
#pragma once

#include <array>
#include <bitset>
#include <cstdint>
#include <string_view>

#include "game.h"

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
  };
  static Rules make_rules(const RuleChoices& c) { return Rules{c.size, static_cast<int>(c.komi)}; }

  Loose() : Loose(Rules{}) {}
  explicit Loose(const Rules& rules);
  // Copies only the points of this board size (a 9×9 state copies ~1.4 KB, not the 25×25
  // capacity): playouts and trial placements copy states all the time.
  Loose(const Loose& other) { copy_from(other); }
  Loose& operator=(const Loose& other) {
    if (this != &other) copy_from(other);
    return *this;
  }

  static bool size_allowed(int size) { return size >= min_size && size <= max_size && size % 2 == 1; }
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
  Outcome outcome() const { return outcome_; }
  // Black = black stones; White = white stones + komi.
  Score score() const;
  // Zobrist of the stones, plus a key for "White to move" and one for "one pass in a row".
  uint64_t hash() const { return hash_; }
  // Every legal placement, then pass. Empty once the game is over.
  void legal_moves(MoveList& list) const;
  Illegal check(const Move& move) const;
  bool play(const Move& move);
  // `play` for a move known to be legal; the same as `play` here (checks are cheap, or
  // remembered from `random_move`), present for the game contract.
  void play_legal(const Move& move) { play(move); }
  // The libego scan: start at a random entry of the empty-point list and walk forward (with
  // wrap-around) to the first legal placement; pass when there is none. Not uniform over the
  // legal moves (a legal point after a run of illegal ones is more likely), as in libego.
  // The placement it returns is remembered per thread (keyed by board size, hash and point),
  // so an immediately following `play` of it on an equal position skips judging it again.
  Move random_move(Rng& rng) const;
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
  void copy_from(const Loose& other);           // every member below; keep it in step when adding one
  void copy_position_from(const Loose& other);  // the board and what derives from it
  // --- chains: circular stone lists with a representative, merged smaller-into-larger ---
  void merge_chains(Point a, Point b);
  void rebuild();
  bool compute_true(Point empty) const;
  // Recomputes the status of an empty point; if it changed, adjusts the true-pair counts of
  // the adjacent chains and records the point in `changed`.
  void refresh(Point empty, Point* changed, int& changed_count);
  // --- placements ---
  // legal_with_flips only comes from random_move's memo (see loose.cpp), never from verdict.
  enum class Verdict : uint8_t { legal, legal_with_flips, illegal, needs_trial };
  Verdict verdict(Point p) const;          // fast local check; needs_trial when it flips
  bool verified_legal(Point p) const;      // for random_move: judges, and remembers a yes
  Illegal check_placement(Point p) const;  // verdict, else a trial placement on a copy
  int put_stone(Point p, Point* changed);  // the stone alone, no flips
  bool place(Point p);                     // mutates; returns legality (callers discard
                                           //   the state when false)
  void remove_empty(Point p);
  void add_empty(Point p);
  void finish_game();

  // Per-point arrays are left uninitialised beyond the board's points (never read there), so
  // constructing a copy does not first clear 25×25 worth of memory.
  Rules rules_;
  const Geometry* geometry_;
  std::array<Color, max_points> board_;
  std::array<uint8_t, max_points> true_point_;  // for empty points: 1 = true, 0 = false
  // For every point, how many of its neighbours are empty, black, white (indexed by Color).
  std::array<std::array<uint8_t, 3>, max_points> neighbour_count_;
  std::array<Point, max_points> chain_;       // representative stone of each stone's chain
  std::array<Point, max_points> next_stone_;  // circular list through each chain
  // At a chain's representative: the number of (stone, adjacent true empty point) pairs. A
  // chain has a true liberty exactly when this is positive.
  std::array<int16_t, max_points> true_pairs_;
  std::array<int16_t, max_points> chain_size_;
  std::array<Point, max_points> empties_;
  std::array<int16_t, max_points> empty_index_;
  int empty_count_ = 0;
  std::bitset<max_points> flipped_;
  std::array<int, 3> stones_{};
  int to_move_ = 1;
  int passes_ = 0;
  int moves_played_ = 0;
  int last_placer_ = 0;
  bool over_ = false;
  bool valid_ = true;  // every chain has a true liberty (always so after a legal placement)
  Outcome outcome_{};
  uint64_t hash_ = 0;
};

}  // namespace stonegrid
