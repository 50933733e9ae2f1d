// Measured balance: the fair komi of each game and size (and Looper's take point), from the
// balance lab's self-play (docs/balance.md, `stonegrid balance`). The figures live in
// docs/balance.json; `stonegrid balance report --table` writes the same figures into
// core/bot/komi_table.cpp, and tests/test_balance.cpp checks that the two agree.
//
// A cut-and-choose komi (Loose, RULINGS.md §Loose: the first player names an even komi, the
// second chooses a colour) reads the table: the namer names the fair komi for the size, the
// chooser takes the colour the table favours at the named komi.
#pragma once

#include <span>

#include "rules/any_game.h"

namespace stonegrid {

// One game, size and bot level of the table.
struct MeasuredBalance {
  GameKind kind = GameKind::loose;
  int size = 0;
  int variant = 0;  // index into GameFacts::variants (Square Squared 1: v3 scoring)
  int level = 0;    // the bots' level (fixed playouts)
  // The fair komi: of the komi measured with 100 games or more, the one where Black's score
  // is nearest one half (Loose: even). Looper: the number of black stones set at random before
  // `take` where the taker's score is nearest one half.
  double fair = 0;
  // Black's (Looper: the taker's) score at `fair` (a draw counts half), its 95 % Wilson
  // interval, and the games played there.
  double win_rate = 0.5, low = 0, high = 1;
  int games = 0;
  // Where the monotone fit of the score crosses one half, and the measured komi on each side.
  double crossing = 0, bracket_low = 0, bracket_high = 0;
  int total_games = 0;   // games of this setup at every komi
  bool primary = false;  // the entry the bot uses for this game and size (the strongest level)
};

// The compiled table (core/bot/komi_table.cpp), ordered by game, size, level.
std::span<const MeasuredBalance> measured_balance();
// The primary entry for a game and size; nullptr when that size was not measured.
const MeasuredBalance* find_balance(GameKind kind, int size, int variant = 0);

// --- komi advice, for any game with komi ---
// The fair komi for the game and board size: the table's (a komi the game allows); the game's
// default komi for a size not measured.
double fair_komi(GameKind kind, int size);
// The colour to choose when offered `komi`: White above the measured crossing (Black's score
// there is below one half), else Black. Unmeasured sizes cross at the game's default komi.
Color choose_color(GameKind kind, int size, double komi);

}  // namespace stonegrid
