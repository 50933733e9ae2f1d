// The GTP engine's bot commands (declared in core/tools/gtp.h, kept here so the protocol file stays
// about the protocol): `genmove` asks the bot; `time_settings`/`time_left` feed the clock;
// `stonegrid-level N`, `stonegrid-playouts N`, `stonegrid-seconds S`, `stonegrid-threads N`;
// `stonegrid-analyze [playouts]` → one JSON line; `set_random_seed N`.
//
// How long a move may think (`budget_for`), in this order:
// 1. `stonegrid-playouts`/`stonegrid-seconds` when set, else the level's own limits
//    (bot/bot.h: levels 1–6 a playout count, 7–9 a playout count and a short time, 10 time
//    only, 2 s without a clock);
// 2. a clock bounds the time by its share for this move (`clock_share`); at level 10 with no
//    fixed setting the share replaces the 2 s, so the bot plays at full strength within it;
// 3. every time limit is at most GtpEngine::max_seconds, every playout count at most
//    GtpEngine::max_playouts (a larger request is refused with `? ...`).
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include "bot/bot.h"
#include "rules/notation.h"
#include "tools/gtp.h"

namespace stonegrid {

namespace {

// The clock as the controller reported it, in seconds. GTP's time_settings: main time, then
// Canadian byo-yomi of `byo_stones` stones in `byo_time`; byo_time > 0 with byo_stones = 0
// means no time limit. time_left: time left in the current period and, in byo-yomi, the stones
// left in it (0 while in main time).
struct Clock {
  bool set = false;
  double main_time = 0, byo_time = 0;
  int byo_stones = 0;
  double left[3] = {-1, -1, -1};  // by colour; -1: not reported yet
  int stones_left[3] = {0, 0, 0};
};

using Budget = GtpEngine::Budget;

}  // namespace

class GtpBot {
 public:
  Bot bot;
  int level = max_level;   // full strength unless asked otherwise
  long long playouts = 0;  // stonegrid-playouts; 0: the level's
  double seconds = 0;      // stonegrid-seconds; 0: the level's
  Clock clock;
};

namespace {

std::optional<long long> integer(const std::string& text) {
  long long value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::optional<double> real(const std::string& text) {
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

// Our moves still to come, guessed from the board: a game fills about three quarters of the
// points (Go 9×9 games against GNU Go last about 60 turns), each player making half the turns.
// Never fewer than 10, so one move spends at most a tenth of the time left.
double expected_moves_left(const AnyGame& game) {
  const double points = game.size() * game.size();
  return std::max(10.0, (0.75 * points - game.state().moves_played()) / 2);
}

// The clock's share for this move in seconds; 0 without a clock or with GTP's "no limit".
double clock_share(const Clock& clock, const AnyGame& game) {
  if (!clock.set) return 0;
  if ((clock.byo_time > 0 && clock.byo_stones == 0) || (clock.main_time <= 0 && clock.byo_time <= 0))
    return 0;
  const int c = static_cast<int>(game.state().color_to_move());
  const bool reported = clock.left[c] >= 0;
  const double left = reported ? clock.left[c] : clock.main_time > 0 ? clock.main_time : clock.byo_time;
  const int stones = reported ? clock.stones_left[c] : clock.main_time > 0 ? 0 : clock.byo_stones;
  double share;
  if (stones > 0) {
    share = left / stones;  // in byo-yomi: the period shared over its stones
  } else {
    share = left / expected_moves_left(game);
    // The byo-yomi to come is a cushion: a move that overruns the main time eats into it.
    if (clock.byo_time > 0) share += 0.5 * clock.byo_time / clock.byo_stones;
  }
  // A margin for the controller and the pipes.
  return std::clamp(share * 0.9 - 0.1, 0.05, GtpEngine::max_seconds);
}

// The rules at the top of this file, in order.
Budget budget_for(const GtpBot& b, double clock_seconds) {
  const LevelSettings level = level_settings(b.level);
  Budget budget;
  if (b.playouts > 0 || b.seconds > 0)
    budget = {b.playouts, b.seconds};
  else
    budget = {level.playouts, b.level < max_level || clock_seconds <= 0 ? level.seconds : 0};
  if (clock_seconds > 0)
    budget.seconds = budget.seconds > 0 ? std::min(budget.seconds, clock_seconds) : clock_seconds;
  budget.seconds = std::min(budget.seconds, GtpEngine::max_seconds);
  return budget;
}

// Runs the bot on `game` within `budget` (one of its limits is always set).
void search(GtpBot& b, const AnyGame& game, const Budget& budget) {
  Bot::Options options = b.bot.options();
  options.playouts = budget.playouts;
  options.seconds = budget.seconds;
  b.bot.set_options(options);
  b.bot.start(game, b.level);
  b.bot.think();
}

std::string json_number(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3f", x);
  return buffer;
}

std::string analysis_json(const bot::Analysis& a, int size) {
  std::string out = "{\"winrate\":" + json_number(a.winrate) + ",\"playouts\":" + std::to_string(a.playouts) +
                    ",\"moves\":[";
  for (size_t i = 0; i < a.moves.size(); ++i) {
    if (i) out += ',';
    out += "{\"move\":\"" + move_text(a.moves[i].move, size) +
           "\",\"visits\":" + std::to_string(a.moves[i].visits) +
           ",\"winrate\":" + json_number(a.moves[i].winrate) + "}";
  }
  return out + "]}";
}

}  // namespace

GtpBot& GtpEngine::bot() {
  if (!bot_) {
    bot_ = std::make_shared<GtpBot>();
    Bot::Options options = bot_->bot.options();
    options.seed = seed_;
    bot_->bot.set_options(options);
  }
  return *bot_;
}

GtpEngine::Budget GtpEngine::move_budget() {
  return budget_for(bot(), clock_share(bot().clock, game_));
}

Move GtpEngine::bot_move() {
  GtpBot& b = bot();
  search(b, game_, move_budget());
  Move move = b.bot.move();
  if (game_.check(move) != Illegal::none) {  // cannot happen; never answer an illegal move
    MoveList list;
    game_.state().legal_moves(list);
    move = list.count ? list.moves[0] : Move::resign();
  }
  return move;
}

// --- the clock ---------------------------------------------------------------------------------

GtpEngine::Reply GtpEngine::bot_time_settings(const Args& args) {
  std::optional<long long> main_time, byo_time, byo_stones;
  if (args.size() == 3)
    main_time = integer(args[0]), byo_time = integer(args[1]), byo_stones = integer(args[2]);
  if (!main_time || !byo_time || !byo_stones || *main_time < 0 || *byo_time < 0 || *byo_stones < 0 ||
      *byo_stones > 1'000'000)
    return {false,
            "time_settings needs three non-negative integers: main_time byo_yomi_time byo_yomi_stones"};
  Clock& clock = bot().clock;
  clock = Clock{};
  clock.set = true;
  clock.main_time = static_cast<double>(*main_time);
  clock.byo_time = static_cast<double>(*byo_time);
  clock.byo_stones = static_cast<int>(*byo_stones);
  return {true, ""};
}

GtpEngine::Reply GtpEngine::bot_time_left(const Args& args) {
  std::optional<long long> time = integer(args[1]), stones = integer(args[2]);
  if (!time || !stones || *stones < 0 || *stones > 1'000'000)
    return {false, "time_left needs a color, the seconds left and the stones left (0 in main time)"};
  Clock& clock = bot().clock;
  if (!clock.set) clock.set = true, clock.main_time = 1;  // a clock without time_settings: use it
  const int color = (args[0][0] | 0x20) == 'b' ? 1 : 2;
  clock.left[color] = static_cast<double>(std::max(0LL, *time));
  clock.stones_left[color] = static_cast<int>(*stones);
  return {true, ""};
}

// --- stonegrid-level, -playouts, -seconds, -analyze ---------------------------------------------

GtpEngine::Reply GtpEngine::stonegrid_level(const Args& args) {
  if (args.empty()) return {true, std::to_string(bot().level)};
  std::optional<long long> level = args.size() == 1 ? integer(args[0]) : std::nullopt;
  if (!level || *level < min_level || *level > max_level)
    return {false, "stonegrid-level needs an integer from 1 to 10"};
  bot().level = static_cast<int>(*level);
  return {true, ""};
}

GtpEngine::Reply GtpEngine::stonegrid_playouts(const Args& args) {
  if (args.empty()) return {true, std::to_string(bot().playouts)};
  std::optional<long long> n = args.size() == 1 ? integer(args[0]) : std::nullopt;
  if (!n || *n < 0 || *n > max_playouts)
    return {false, "stonegrid-playouts needs a playout count from 0 (the level's) to " +
                       std::to_string(max_playouts)};
  bot().playouts = *n;
  return {true, ""};
}

GtpEngine::Reply GtpEngine::stonegrid_seconds(const Args& args) {
  if (args.empty()) return {true, format_number(bot().seconds)};
  std::optional<double> s = args.size() == 1 ? real(args[0]) : std::nullopt;
  if (!s || *s < 0 || *s > max_seconds)
    return {false, "stonegrid-seconds needs seconds from 0 (the level's) to " + format_number(max_seconds)};
  bot().seconds = *s;
  return {true, ""};
}

GtpEngine::Reply GtpEngine::stonegrid_analyze(const Args& args) {
  if (args.size() > 1) return {false, "stonegrid-analyze takes at most one argument (playouts)"};
  GtpBot& b = bot();
  Budget limits = budget_for(b, 0);
  if (args.size() == 1) {
    std::optional<long long> playouts = integer(args[0]);
    if (!playouts || *playouts < 1 || *playouts > max_playouts)
      return {false,
              "stonegrid-analyze [playouts]: a playout count from 1 to " + std::to_string(max_playouts)};
    limits = {*playouts, 0};
  }
  if (game_.state().is_over()) return {false, "the game is over"};
  search(b, game_, limits);
  return {true, analysis_json(b.bot.analysis(5), game_.size())};
}

GtpEngine::Reply GtpEngine::stonegrid_threads(const Args& args) {
  Bot::Options options = bot().bot.options();
  if (args.empty()) return {true, std::to_string(options.threads)};
  std::optional<long long> n = args.size() == 1 ? integer(args[0]) : std::nullopt;
  if (!n || *n < 1 || *n > max_threads)
    return {false, "stonegrid-threads needs a thread count from 1 to " + std::to_string(max_threads)};
  options.threads = static_cast<int>(*n);
  bot().bot.set_options(options);
  return {true, ""};
}

// GNU Go's `set_random_seed N`: the bot's searches from now on start from seed N, so a referee
// can vary the games between fixed-playout bots (the same seed, game and budget give the same
// move). N: an integer from -2^63 to 2^64 - 1; a negative one is taken modulo 2^64.
GtpEngine::Reply GtpEngine::set_random_seed(const Args& args) {
  std::optional<uint64_t> seed;
  if (args.size() == 1) {
    const std::string& text = args[0];
    uint64_t value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec == std::errc() && end == text.data() + text.size())
      seed = value;
    else if (std::optional<long long> negative = integer(text))
      seed = static_cast<uint64_t>(*negative);
  }
  if (!seed) return {false, "set_random_seed needs one integer"};
  seed_ = *seed;
  Bot::Options options = bot().bot.options();
  options.seed = seed_;
  bot().bot.set_options(options);
  return {true, ""};
}

}  // namespace stonegrid
