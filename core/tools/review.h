// A game reviewed by the bot: every position of the record searched, and each turn judged by
// how much it lowered the mover's winning chances — lichess's scale (inaccuracy, mistake,
// blunder at a drop of 0.1, 0.2, 0.3 on −1..1, i.e. 5, 10, 15 points of a 0–100 % chance),
// with the bot's choice and its expected line for each position. Every game of the table; a
// Looper ballot turn and `take` are judged like any other turn.
//
// The mover's chances before a turn are the search's for the best move in that position (its
// most visited move); after it, one less the opponent's chances in the next position (or 1, ½,
// 0 once the game is over: won, drawn, lost; 0 after a resignation).
//
// Where the game counts points (Go, Loose, Square Squared), the same for the mover's expected
// lead on the count (the mean lead at the end of the search's playouts through the best move;
// the count itself once the game is over): the points a turn lost. The verdict stays the one
// the winning chances give.
//
// `stonegrid review` (core/cli/review.cpp) writes the result as JSON lines and as SGF with the
// review kept (FF[4] BM/DO, a comment per judged turn, Sabaki's SBKV win rate).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "rules/any_game.h"

namespace stonegrid {

enum class Verdict { good, inaccuracy, mistake, blunder };
// "good" | "inaccuracy" | "mistake" | "blunder".
std::string_view verdict_name(Verdict verdict);
// The drop in winning chances (0..1) at which each verdict begins.
inline constexpr double inaccuracy_loss = 0.05, mistake_loss = 0.10, blunder_loss = 0.15;
Verdict verdict_of(double loss);

struct ReviewOptions {
  long long playouts = 6000;  // per position: the default effort
  double seconds = 0;         // > 0: seconds per position instead of playouts
  int threads = 1;            // threads per search bounded by time only
  uint64_t seed = 0x5EED;
};

struct TurnReview {
  int number = 0;  // 1 for the first turn
  Mover by;        // who played it
  Move move;
  double winrate_before = 0.5;  // the mover's chances before the turn, with the bot's best play
  double winrate_after = 0.5;   // the mover's chances after it
  double loss = 0;              // max(0, before − after)
  Verdict verdict = Verdict::good;
  Move best;               // the bot's choice in the position before the turn
  std::vector<Move> line;  // the bot's expected line from there, `best` first
  // Where the game counts points (and the search said, and no one resigned): the mover's
  // expected lead in points before the turn (with the bot's best play) and after it, and the
  // points lost, max(0, before − after).
  bool scored = false;
  double score_before = 0, score_after = 0, points_lost = 0;
};

class Bot;

// A review in steps, for a front end that searches in slices beside its frames (the session):
// `step(budget_ms)` searches for about that long and moves on to the next position when the
// search is done; `turns()` are the turns judged so far, in order.
class Reviewer {
 public:
  // What the search says about a position: the chances of the player to move with the bot's
  // best move, that move and its line.
  struct Judged {
    double winrate = 0.5;
    Move best = Move::pass();
    std::vector<Move> line;
    bool scored = false;  // a lead known: `lead`, the mover's in points with `best`
    double lead = 0;
  };

  Reviewer(const AnyGame& game, const ReviewOptions& options);
  ~Reviewer();
  Reviewer(const Reviewer&) = delete;
  Reviewer& operator=(const Reviewer&) = delete;

  // Searches for about `budget_ms`; true once every position is searched.
  bool step(double budget_ms);
  // Searches the next position to the end (on the options' threads when bounded by time).
  void search_next();
  bool finished() const { return static_cast<int>(judged_.size()) == positions(); }
  // Positions searched so far, and in all (the turns and one more: the last position).
  int searched() const { return static_cast<int>(judged_.size()); }
  int positions() const { return static_cast<int>(moves_.size()) + 1; }
  const std::vector<TurnReview>& turns() const { return turns_; }
  const AnyGame& game() const { return game_; }

  // The review as one line of text to keep with a saved game (no quote, backslash or line
  // break): "stonegrid-review 1 <turns> <key>" then, for each position searched so far,
  // ";<win rate>,<lead>,<line>" (the numbers exact, as C's %a; the lead empty when unknown;
  // the bot's line in move text, its best move first). `key` ties it to the record.
  std::string saved() const;
  // A review read back from `saved()`'s text for `game` (finished, or partial: `step` goes on
  // from the first position not searched); null and the reason when the text is not a review
  // of this game's record or does not read.
  static std::unique_ptr<Reviewer> restore(const AnyGame& game, const ReviewOptions& options,
                                           std::string_view text, std::string& error);
  // Positions that came from a saved review rather than a search.
  int restored() const { return restored_; }
  // What ties a review to its record (the moves' text and the final position's hash): the
  // `key` of `saved()`, and of tasks cut from the review (session/mistakes.h).
  uint64_t record_key() const;

  // For a front end that searches positions on threads of its own (session/review_threads.h):
  // a bot with the review's settings; what a finished search of `position` by `bot` says (the
  // search started with `bot.start(position, max_level)`); and that result added as the next
  // position (`searched()` is its number; ignored once finished or while `step` searches).
  std::unique_ptr<Bot> make_bot() const;
  static Judged judged_of(Bot& bot, const AnyGame& position);
  void add(Judged j);

 private:
  void judge_position();
  static void lead_after_best(Judged& j, const AnyGame& position);
  void add_judged(Judged j);
  bool read_saved(std::string_view text, std::string& error);
  bool read_position(std::string_view text, Judged& j, std::string& error) const;
  void judge_turns();
  void score_turn(TurnReview& t, const AnyGame& after) const;

  AnyGame game_;
  ReviewOptions options_;
  std::vector<Move> moves_;
  AnyGame position_;  // the position being searched: the start plus `judged_.size()` moves
  std::unique_ptr<Bot> bot_;
  bool searching_ = false;
  std::vector<Judged> judged_;
  std::vector<TurnReview> turns_;
  int restored_ = 0;
};

// Reviews every turn of `game`'s record. `progress(done, total)` is called after each position
// searched; returning false stops the review (the turns judged so far are returned).
std::vector<TurnReview> review_game(const AnyGame& game, const ReviewOptions& options,
                                    const std::function<bool(int, int)>& progress = {});

// One JSON object (one line) for a turn: {"number", "color", "move", "winrate_before",
// "winrate_after", "loss", "score_before", "score_after", "points_lost" (these three only where
// the turn is scored), "label", "best", "line"}; "color" is "black", "white", or "player 1" /
// "player 2" while colours are undecided (Looper before `take`).
std::string review_json(const TurnReview& turn, int size);
// The share of a player's turns the review judged good, as a percentage (100 with no turn).
double accuracy(const std::vector<TurnReview>& turns, int player);
// The record as SGF with the review in it: on each judged turn BM[2] (blunder), BM[1]
// (mistake) or DO[] (inaccuracy), a comment ("Mistake: 62 % -> 48 %, 3.5 points lost. Best: D4
// (D4 E5 C3)."; the points where the turn is scored and lost at least half a point) and
// SBKV, Black's chances after the turn in percent (Sabaki shows it as a graph).
std::string reviewed_sgf(const AnyGame& game, const std::vector<TurnReview>& turns);

}  // namespace stonegrid
