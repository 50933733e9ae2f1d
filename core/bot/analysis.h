// What a search can say about the root while it runs or once it is done: the win rate of the
// player to move and the most visited moves. Filled by `Mcts<G>::analysis` (mcts.h), read by
// the front ends (the page's candidate marks, GTP `stonegrid-analyze`) without any search code.
#pragma once

#include <vector>

#include "rules/game.h"

namespace stonegrid::bot {

struct MoveStats {
  Move move;
  int visits = 0;
  double winrate = 0.5;  // for the player to move at the root
  // The mean lead on the count (points, komi included) of the player to move at the root at
  // the end of the playouts through this move; `scored` false when not kept
  // (SearchOptions::score_leads off, a game without a count, no playout yet).
  double score_lead = 0;
  bool scored = false;
};

struct Analysis {
  double winrate = 0.5;          // for the player to move at the root
  long long playouts = 0;        // simulations through the root (reused ones included)
  std::vector<MoveStats> moves;  // most visited first
  std::vector<Move> line;        // the most visited line, `moves[0]` first (Mcts::principal_line)
  double score_lead = 0;         // the same over all moves' playouts (MoveStats::score_lead)
  bool scored = false;
};

}  // namespace stonegrid::bot
