// What a game says about itself and about a position, for code that picks a game at run time
// (AnyGame, SGF, GTP, the page) — so no front end restates a rule.
//
// `GameFacts`: the game's fixed facts (names, designer, sizes, komi rules, variants), one
// `static constexpr GameFacts facts` in each game header, next to the rules it summarises.
// `RuleChoices`: what a player picks for a new game (size, komi, variant); each game turns it
// into its own `Rules` (`G::make_rules`).
// `Explanation`: what a position means beyond its stones — the count term by term, territory,
// Loose's false liberties, Looper's loop — each game filling what it has (`G::explain`).
#pragma once

#include <array>
#include <bitset>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "rules/geometry.h"

namespace stonegrid {

enum class Color : uint8_t { empty = 0, black = 1, white = 2 };

// A stage of a game's play, for a game whose turns change kind during play (Go's resolve phase,
// Looper's ballot): what it is called and what the program must do differently in it. A game
// without stages has the one `GameFacts::stages[0]`, "play"; `Status::stage` says which holds.
struct GameStage {
  std::string_view name = "play";  // the engine's and the page's word ("resolve", "ballot")
  int most_points = 1;             // points a placing turn may name (Looper's ballot: up to 3)
  bool take = false;               // `take` is a turn here (Looper's ballot)
  bool cleanup = false;            // dead stones are captured now: GTP's kgs-genmove_cleanup
  // What the player to move does, after "Player 2 to " ("make a ballot turn or take"), and how
  // (a note under the players); empty: the colour's "Black to play" says it.
  std::string_view turn = "";
  std::string_view hint = "";
  // Said before the turn that would start this stage, as sentences ("Passing now ends the first
  // phase. ..."), and once it has started, as a message ("Both passed: the resolve phase
  // begins. ..."); empty: nothing.
  std::string_view ahead = "";
  std::string_view begun = "";
};

// A ruleset variant a game offers (variants[0] is RULINGS.md's).
struct GameVariant {
  std::string_view name;         // engine name, e.g. "v3"; "" for the ruling
  std::string_view title;        // "Tax of 2 per edge chain"
  std::string_view sgf_ruleset;  // SGF RU value, e.g. "SquareSquared-v3"
};

struct GameFacts {
  std::string_view name;         // engine name: "loose", "go", "looper", "squaresquared"
  std::string_view title;        // "Loose", "Go (Lasker-Maas)"
  std::string_view short_title;  // "Loose", "Go"
  std::string_view pitch;        // one line on what makes the game itself
  std::string_view designer;     // who made the rules
  std::string_view aliases;      // other accepted names, space-separated ("square-squared s2")
  int min_size = 5;
  int max_size = 25;
  int default_size = 9;
  bool odd_sizes_only = false;
  bool torus = false;
  bool edge_scoring = false;     // only the outermost line scores: drawn emphasised
  bool false_liberties = false;  // some empty points are false liberties, worth marking
  bool has_komi = true;          // false: no komi (Looper), and none is asked for or written
  double default_komi = 0;
  double komi_step = 0.5;            // komi is a multiple of this (Loose: 2, an even integer)
  bool komi_cut_and_choose = false;  // Loose: one player names the komi, the other picks a colour
  bool can_pass = true;
  bool colors_by_take = false;              // Looper: players 1 and 2 until `take` decides who is Black
  std::string_view first_player = "Black";  // what players 1 and 2 are called before any take
  std::string_view second_player = "White";
  std::array<GameVariant, 2> variants{};
  int variant_count = 1;
  std::array<GameStage, 2> stages{};  // the stages of play, in order (game_facts.h, GameStage)
  // A typical position for pictures (the home screen's cards): turns in text notation, played
  // from the start on a `sample_size` board; none when empty.
  int sample_size = 0;
  std::string_view sample = "";

  constexpr bool size_allowed(int size) const {
    return size >= min_size && size <= max_size && (!odd_sizes_only || size % 2 == 1);
  }
  // "odd sizes 5 to 25" / "sizes 5 to 25".
  std::string size_rule() const {
    return std::string(odd_sizes_only ? "odd sizes " : "sizes ") + std::to_string(min_size) + " to " +
           std::to_string(max_size);
  }
  bool komi_allowed(double komi) const {
    return std::isfinite(komi) && std::fabs(komi) <= 1000 && komi / komi_step == std::floor(komi / komi_step);
  }
  // The allowed komi nearest `komi` from above (Loose: 3 -> 4; Go: 6.3 -> 6.5).
  double allowed_komi(double komi) const { return std::ceil(komi / komi_step) * komi_step; }
  // "komi is an even integer" / "komi is a multiple of 0.5".
  std::string komi_rule() const {
    if (komi_step == 2) return "komi is an even integer";
    if (komi_step == 1) return "komi is an integer";
    return "komi is a multiple of " + std::string(komi_step == 0.5 ? "0.5" : "its step");
  }
};

// What a player picks for a new game; the game makes its own `Rules` from it.
struct RuleChoices {
  int size = 9;
  double komi = 0;
  int variant = 0;  // index into GameFacts::variants
};

// One term of a count, written "<value> <label>" ("14 territory", "− 2 prisoners", "+ 6.5 komi"),
// or "(<worked>) <label>" when the value is worked out from other numbers ("(4 − 2) at A1": a
// Square Squared chain with a stone on A1, four edge stones less the tax of 2).
struct ScoreTerm {
  std::string label;   // what is counted, after the number; singular for 1 ("1 prisoner")
  double value = 0;    // what the term adds to the score (negative: takes away)
  std::string worked;  // how `value` is made ("4 − 2"), empty when it is a plain count
};

// A label written on a point of the board (e.g. an edge chain's score "+2").
struct PointLabel {
  Point point = no_point;
  Color color = Color::empty;  // whose it is
  std::string text;
};

// What a position means beyond its stones, in the game's own words.
struct Explanation {
  bool counted = false;                     // the terms below are a count (not Looper)
  std::vector<ScoreTerm> black, white;      // the count, term by term; the sum is the score
  std::string nothing_counted = "nothing";  // a side with no term, in words ("no edge chain")
  std::array<Color, max_points> owner{};    // empty points counted for a colour (territory)
  std::bitset<max_points> neutral;          // empty points the count gives to nobody
  std::array<Color, max_points> removed{};  // Go: stones the resolve phase removed, by colour
  bool show_owner = false;                  // owner, neutral and removed mean something now
  std::bitset<max_points> false_liberties;  // Loose: empty points that are false liberties
  std::bitset<max_points> loop;             // Looper: the stones of Black's global loop
  std::vector<PointLabel> labels;           // e.g. each Square Squared edge chain's score
  std::vector<std::string> notes;           // plain sentences about the position
  // Once the game has ended on the board (not by resignation): how, in a player's words ("Black
  // made a loop around the torus"); empty where "Both players passed, and the board is counted"
  // says it.
  std::string ended;
  // Once a count has ended the game: what decided it, in a player's words, for a result card
  // ("No territory: every empty region touches both colours, so none counts."); empty when the
  // count's lines say it all.
  std::string reason;
};

}  // namespace stonegrid
