// What the help page says: each game's rules in plain words and the pictures that go with them.
// Plain C++ over the core (no ImGui), so the texts live in one place: help.cpp draws them,
// docs/rules.md repeats them word for word ("In short" and "Balance" under each game), and
// tests/test_help.cpp checks both that the docs match and that every picture is what its caption
// says (a refused move is refused, a capture captured, a take wins).
//
// A page has six parts, in this order: the goal, a turn, the one surprising rule, the end and
// the count, the balance (who is favoured; the figures come from the measured table,
// core/bot/komi.h, never from this file), and a first plan for a beginner. Rules terms appear
// only with their meaning in the same sentence.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/any_game.h"

namespace stonegrid {

// A small position built by the engine: `black` and `white` set up (space-separated vertices),
// then `moves` played, so a picture cannot disagree with the rules.
struct HelpPicture {
  std::string_view game{};  // engine name
  int size = 5;
  std::string_view black{}, white{};
  std::vector<std::string_view> moves{};
  std::string_view caption{};
  // What to mark. `refused`: a move of the side to play drawn crossed out (the engine must refuse
  // it); `hint`: a move of the side to play drawn faint (the engine must accept it); `rings`:
  // points ringed (e.g. a stone just captured); `threats`: Looper points drawn as numbered faint
  // black stones (each finishes a loop).
  std::string_view refused{}, hint{}, rings{}, threats{};
  bool false_liberties = false;  // Loose: false points as small crosses
  bool territory = false;        // counted empty points
  bool loop = false;             // Looper: the winning loop ringed
  bool labels = false;           // the count written on the board (Square Squared edge chains)
  bool edge = false;             // the scoring line emphasised
};

struct HelpPage {
  GameKind kind{};
  std::string_view goal{}, turn{}, surprise{}, end{};
  std::string_view balance{};  // who is favoured and why, in words; `balance_figures` adds the numbers
  std::string_view first_plan{};
  std::vector<HelpPicture> pictures{};
};

// The four built-in games' pages, in GameKind order.
const std::vector<HelpPage>& help_pages();
// The page of a game, or nullptr (a game added at run time has none: help shows its facts).
const HelpPage* help_page(GameKind kind);

// The part headings, as the page and docs/rules.md print them.
inline constexpr std::string_view help_headings[] = {"The goal",      "A turn",  "The surprise",
                                                     "End and count", "Balance", "A first plan"};

// The measured balance in a sentence or two, read from core/bot/komi.h's table: the figure for
// `size` first (fair komi, or Looper's take point, with Black's score there and the games), then
// the other sizes measured. Says so when the game was not measured at all.
std::string balance_figures(GameKind kind, int size);

// Plays a picture's set-up and moves; nullopt with `error` naming what failed.
std::optional<AnyGame> build_picture(const HelpPicture& picture, std::string& error);
// Space-separated vertices as points of a `size` board (an unreadable vertex is skipped).
std::vector<Point> picture_points(std::string_view vertices, int size);

// Keys, touch and the buttons: the help's last page.
extern const std::string_view controls_text;

}  // namespace stonegrid
