// The balance lab (docs/balance.md): self-play between two equal bots over a grid of komi (or,
// in Looper, of black stones set before a forced `take`), to find where the first player's
// score crosses one half. This file is the lab's plain logic — one game, the results-file
// lines, the statistics, the plan that picks the next komi, the report — so the tests can check
// it; `stonegrid balance` (core/cli/balance.cpp) adds threads, files and options.
//
// Read top-down: `Setup` (what is measured), `GameResult` (one line of a results file) and
// `play_balance_game`, then `Tally` and the statistics, then `next_request` (the plan), then
// `summarise` and the renderers of the report.
//
// Every game is fixed by its setup, its axis value and its index: the index seeds both bots
// and the Looper stones, and says who plays Black (bot A in even games). So a game played twice
// gives the same line, results files from different runs merge by union, and a run resumes by
// skipping the indices its file already holds. Bots search a fixed number of playouts (the
// level's), never a time, so the results do not depend on the machine's load.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bot/komi.h"
#include "rules/any_game.h"

namespace stonegrid::balance {

// --- what is measured ------------------------------------------------------------------------

struct Setup {
  GameKind kind = GameKind::loose;
  int size = 7;
  int variant = 0;  // index into the game's GameFacts::variants (Square Squared 1: v3)
  int level = 3;    // bot level 1–9 (its playout count; no time limit, no resigning)
  bool operator==(const Setup&) const = default;
};

// "loose", "go", "looper", "squaresquared", "squaresquared-v3": the engine name, then the
// variant's name after a '-' — the JSON key and the first word of a results line.
std::string setup_game_key(const Setup& setup);
// The axis. Komi where the game has komi; in a game whose colours are settled by a `take`
// (Looper) the number of black stones placed at random before player 1's forced take.
bool by_stones(GameKind kind);
std::string_view axis_name(GameKind kind);  // "komi" or "stones"
// Steps of the axis: the game's komi step, at least 1 (a whole komi may draw: half a point).
double axis_step(GameKind kind);

// --- one game ------------------------------------------------------------------------------

struct GameResult {
  Setup setup;
  double x = 0;   // komi, or black stones before the take (-1: none, no forced take)
  int index = 0;  // game number at this x: seeds, and who plays Black
  // 1 Black (Looper: the taker; from the empty board: player 1) won, 0.5 draw, 0 White won.
  double black_score = 0;
  int moves = 0;
  std::string result;  // "B+12", "W+R", "0", "B+" (Looper), "cap B+3" (move cap, by the count)
};

// One line of a results file, e.g.
//   loose size=7 level=3 komi=36 game=17 black=1 moves=41 result=B+12
// (Square Squared's v3 scoring is the game `squaresquared-v3`; Looper writes `stones=`).
std::string format_line(const GameResult& r);
// nullopt with `error` for a malformed line; blank lines and '#' comments give nullopt and an
// empty error.
std::optional<GameResult> parse_line(std::string_view line, std::string& error);

// Plays game `index` at `x` between two equal bots (bot A is Black in even games), capped at
// 4·N² turns, after which the count decides (Looper: a draw).
GameResult play_balance_game(const Setup& setup, double x, int index);

// --- results and statistics --------------------------------------------------------------------

// Games of one setup at one x.
struct Tally {
  double x = 0;
  int games = 0;
  double black_points = 0;
  double rate() const { return games ? black_points / games : 0.5; }
};

// 95 % Wilson score interval for `points` out of `n` (a draw counts half).
struct Interval {
  double low = 0, high = 1;
};
Interval wilson(double points, int n, double z = 1.96);

// Union of result lists: a game (setup, x, index) once, the first copy kept. `conflicts` counts
// duplicates whose results differ (different builds of the bot).
std::vector<GameResult> merge_results(std::span<const std::vector<GameResult>> lists,
                                      int* conflicts = nullptr);

// The tallies of `setup`, by ascending x; with `shards` > 1 only the games of shard `shard`
// (index % shards == shard).
std::vector<Tally> tally(std::span<const GameResult> results, const Setup& setup, int shard = 0,
                         int shards = 1);

// The tallies of the curve: all, except Looper's games from the empty board (x < 0).
std::vector<Tally> curve(std::span<const Tally> tallies, GameKind kind);

// The first player's score as a monotone function of x (pool-adjacent-violators, weighted by
// games): non-increasing in komi, non-decreasing in Looper stones. One value per tally.
std::vector<double> monotone_fit(std::span<const Tally> tallies, bool increasing);

// Where the fitted score crosses one half: `low` is the largest measured x on the first
// player's side (fitted ≥ ½ for komi), `high` the smallest beyond it on the other side, and
// `estimate` the linear interpolation between them. found is false (and `outside` says which
// way, -1 below the grid, +1 above) when every point lies on one side.
struct Crossing {
  bool found = false;
  int outside = 0;
  double low = 0, high = 0, estimate = 0;
};
Crossing find_crossing(std::span<const Tally> tallies, bool increasing);

// --- the plan ----------------------------------------------------------------------------------

struct PlanOptions {
  double low = -20, high = 20, step = 4;        // the coarse grid
  double limit_low = -1000, limit_high = 1000;  // how far the grid may be extended
  double granularity = 1;                       // x values are multiples of this (2 in Loose)
  double tolerance = 2;     // stop bisecting when the bracket is at most 2·tolerance wide
  int coarse_games = 20;    // games at each grid point
  int batch = 20;           // games added at a time at a bisection point
  int max_games = 200;      // a bisection point still undecided here is the crossing
  int near_games = 200;     // games at the x nearest the crossing
  bool increasing = false;  // the first player's score rises with x (Looper stones)
};

// The next games to play: bring x up to `games` games (of this shard). nullopt: done.
//  1. the coarse grid, extended a step at a time while the crossing lies outside it;
//  2. bisection: the midpoint of the bracket (rounded to the granularity) gets games in
//     batches until its interval excludes ½ or it has max_games;
//  3. each end of the bracket gets games in batches until its interval excludes ½ or it has
//     max_games;
//  4. the x nearest the crossing gets near_games.
struct Request {
  double x = 0;
  int games = 0;
};
std::optional<Request> next_request(std::span<const Tally> tallies, const PlanOptions& options);

// The games a run plays for `request`: this shard's first `request.games` indices at x (shard
// i of n owns i, i+n, i+2n, …), less those `results` already holds — so a rerun resumes.
std::vector<int> indices_to_play(std::span<const GameResult> results, const Setup& setup,
                                 const Request& request, int shard = 0, int shards = 1);

// Default grid for a setup (komi around the first player's edge; Looper stones 10–30 %).
PlanOptions default_plan(const Setup& setup);

// --- the report ---------------------------------------------------------------------------------

// One setup's figures: the fair x (of the points with 100 games or more, the one scoring
// nearest one half) with its tally, the crossing and its bracket. nullopt when no crossing was
// found.
std::optional<MeasuredBalance> summarise(std::span<const GameResult> results, const Setup& setup);
// Every setup present in `results`.
std::vector<Setup> setups_in(std::span<const GameResult> results);

// docs/balance.json: {"loose": {"7": {"komi": K, "black_win_rate": p, "low": a, "high": b,
// "games": n, "level": L, "crossing": c, "bracket": [lo, hi], "total_games": t, "levels": {...}}}}
// — per game key and size, the primary (strongest) level, with every level under "levels".
// Values are written as the table holds them, so rendering the compiled table gives the file.
std::string render_json(std::span<const MeasuredBalance> entries);
// core/bot/komi_table.cpp: the same entries as a C++ table.
std::string render_table(std::span<const MeasuredBalance> entries);
// Rounds the figures as the JSON writes them and marks the primary entry of each game and size.
std::vector<MeasuredBalance> finish_entries(std::vector<MeasuredBalance> entries);
// A markdown table of the tallies (x, games, first player's wins, rate, interval).
std::string render_markdown(std::span<const Tally> tallies, const Setup& setup);
// An SVG plot of the first player's score against x with the Wilson band, one series per
// setup (same game and size, different levels), the ½ line and each crossing.
std::string render_svg(std::span<const GameResult> results, std::span<const Setup> setups);

}  // namespace stonegrid::balance
