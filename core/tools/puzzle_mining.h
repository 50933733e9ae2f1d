// Puzzles cut from played games (issue #41): bot games at mixed levels, reviewed turn by turn
// (tools/review.h), and at each mistake the position just after it is tried as a puzzle — the
// other side has exactly one turn meeting a goal the engine can check over every legal turn
// (`win`, `win 2`, `capture N`, `lead N`, `safe`; teach.h), that turn is the search's best, and
// it keeps the win. Each puzzle gets a motif in plain words from what the answer does on the
// board (a small detector per game), title choices naming what happens, a difficulty from the
// search effort the answer needs, a cropped view when the action is local, and wrong answers
// with the bot's refutation and one sentence on why each fails (BM[] branches, docs/lessons.md).
//
// `stonegrid teach mine` runs it (core/cli/teach.cpp), `stonegrid teach pick` chooses the
// published set. STONEGRID_MINE_DEBUG=1 in the environment says why each mistake made no puzzle.
// Read `bot_game`, then `cut_puzzles`, then `make_puzzle` (the one worker).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rules/any_game.h"
#include "tools/review.h"
#include "tools/teach.h"

namespace stonegrid::teach {

struct MineOptions {
  long long review_playouts = 1500;  // per position of the review
  long long reply_playouts = 800;    // the refutation of a wrong answer, the wrong answers' list
  int wrong_answers = 4;             // at most this many BM[] branches
  double keeps = 0.65;               // the solver's chances with the answer, at least
  uint64_t seed = 1;
  bool chase_only = false;  // only chases (ladders, snapbacks): after turns that were no mistake
};

// A game between the bot at `level_first` (player 1) and at `level_second`, from `empty`, with
// no resignation; stops after `max_turns` turns.
AnyGame bot_game(const AnyGame& empty, int level_first, int level_second, uint64_t seed, int max_turns);

struct Candidate {
  std::string sgf;                  // one task tree, TASK[<game>-mined-<id>]
  std::vector<std::string> titles;  // title choices, best first (GN is the first)
  std::string motif;
  int difficulty = 0;
  long long effort = 0;  // playouts the search needed to choose the answer
};

// The puzzles of one reviewed game: at each mistake or blunder, the position after it.
std::vector<Candidate> cut_puzzles(const AnyGame& game, const std::vector<TurnReview>& review,
                                   const MineOptions& options, const std::string& id);

// The puzzle after `mistake` in `before` (`verdict`: "a mistake", "a blunder", or "" for a turn
// that was only not the best) whose unique answer is `best`, or else (not on a torus) the one
// turn that captures or leads the most when the search says it keeps the win about as well.
// `chances`: the solver's chances with `best` as the review saw them.
std::optional<Candidate> make_puzzle(const AnyGame& before, const Move& mistake, const std::string& verdict,
                                     const Move& best, double chances, const MineOptions& options,
                                     const std::string& id);

// An existing single-answer task (a puzzle written by hand, or by `teach find`) with the same
// decorations as a mined one: motif and title choices (GN, ALT), difficulty, view, wrong answers.
std::optional<Candidate> decorate(const Task& task, const MineOptions& options);

// A puzzle's words from what its answer does, as `mine` writes them now (so `pick` can bring
// older candidates up to date): the motif, title choices best first, the hint, the success text.
struct PuzzleWords {
  std::string motif;
  std::vector<std::string> titles;
  std::string hint, solved;
};
std::optional<PuzzleWords> words_of(const Task& task);

// Why `wrong` (instead of `answer`, which meets `goal`) fails in `start`, in one sentence: what
// it misses and what `reply`, the refutation, does on the board ("C3 captures nothing, and
// White's D3 saves the two stones you could have captured."); nullopt when the reply does
// nothing a sentence can point at (then the wrong answer is not worth a branch).
std::optional<std::string> wrong_sentence(const AnyGame& start, const Move& answer, const Goal& goal,
                                          const Move& wrong, const Move& reply);

// The difficulty (1-5) of finding `answer` in `start`: from the playouts (doubling from 25)
// after which the search chooses it (<= 50: 1, <= 200: 2, <= 800: 3, <= 3200: 4, else 5).
int difficulty(const AnyGame& start, const Move& answer, uint64_t seed);

// The goal that `answer` alone meets in `position`, the strongest first (win, win 2 on a
// torus, capture, lead, safe); nullopt when every goal has another answer too.
std::optional<Goal> unique_goal(const AnyGame& position, const Move& answer);

// The part of the board a puzzle is about: the answer, what it changes and the chains it
// touches, with a line to spare (to the edge when near it), at least 5×5; nullopt when that is
// most of the board, on boards under 9 and on the torus.
std::optional<BoardRect> puzzle_view(const AnyGame& position, const Move& answer);
// The same for a forced line: its first turn's chains and every point the line plays or changes.
std::optional<BoardRect> line_view(const AnyGame& position, const std::vector<Move>& turns);

}  // namespace stonegrid::teach
