// The GTP engine's bot commands (declared in core/gtp.h, kept here so the protocol file stays
// about the protocol): `genmove` asks the bot; `time_settings`/`time_left` feed a simple clock
// (time for a move = time left / moves expected, or the byo-yomi period / its stones);
// `stonegrid-level N`; `stonegrid-analyze [playouts]` → one JSON line.
#include <algorithm>
#include <charconv>
#include <cstdio>

#include "bot/bot.h"
#include "gtp.h"
#include "notation.h"

namespace stonegrid {

class GtpBot {
 public:
  Bot bot;
  int level = 3;  // quick by default (tests, scripts); `stonegrid-level 10` for full strength
  // The clock, in seconds; main_time < 0: no clock.
  double main_time = -1, byo_time = 0;
  int byo_stones = 0;
  double left[3] = {-1, -1, -1};  // by colour, from time_left
  int stones_left[3] = {0, 0, 0};
};

namespace {

std::optional<int> integer(const std::string& text) {
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// Seconds for this move from the clock; 0 when there is no clock.
double seconds_for_move(const GtpBot& b, const AnyGame& game) {
  if (b.main_time < 0) return 0;
  if (b.main_time == 0 && b.byo_time == 0) return 0;  // GTP: no time limit
  const int c = static_cast<int>(game.color_to_move());
  const double left = b.left[c] >= 0 ? b.left[c] : b.main_time;
  const int stones = b.left[c] >= 0 ? b.stones_left[c] : 0;
  double t;
  if (stones > 0) {
    t = left / stones;  // in byo-yomi: share the period
  } else {
    const int points = game.size() * game.size();
    const double expected = std::max(10.0, (points - game.moves_played() * 0.5) / 3.0);
    t = left / expected;
    if (b.byo_time > 0 && b.byo_stones > 0) t += 0.8 * b.byo_time / b.byo_stones;
  }
  return std::max(0.05, t * 0.9 - 0.05);
}

std::string json_number(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3f", x);
  return buffer;
}

}  // namespace

GtpBot& GtpEngine::bot() {
  if (!bot_) bot_ = std::make_shared<GtpBot>();
  return *bot_;
}

Move GtpEngine::bot_move() {
  GtpBot& b = bot();
  Bot::Options options = b.bot.options();
  options.seconds = seconds_for_move(b, game_);
  const LevelSettings settings = level_settings(b.level);
  if (options.seconds > 0 && settings.seconds > 0 && b.level < max_level)
    options.seconds = std::min(options.seconds, settings.seconds);
  options.playouts = options.seconds > 0 && b.level < max_level ? settings.playouts : 0;
  b.bot.set_options(options);
  b.bot.start(game_, b.level);
  b.bot.think();
  Move move = b.bot.move();
  if (game_.check(move) != Illegal::none) {  // cannot happen; never answer an illegal move
    MoveList list;
    game_.legal_moves(list);
    move = list.count ? list.moves[0] : Move::resign();
  }
  return move;
}

void GtpEngine::bot_time_settings(const Args& args) {
  GtpBot& b = bot();
  b.main_time = *integer(args[0]);
  b.byo_time = *integer(args[1]);
  b.byo_stones = *integer(args[2]);
  for (int c = 0; c < 3; ++c) b.left[c] = -1, b.stones_left[c] = 0;
}

void GtpEngine::bot_time_left(const Args& args) {
  GtpBot& b = bot();
  const char c = static_cast<char>(args[0][0] | 0x20);
  const int colour = c == 'b' ? 1 : 2;
  b.left[colour] = *integer(args[1]);
  b.stones_left[colour] = *integer(args[2]);
  if (b.main_time < 0) b.main_time = 1;  // a clock without time_settings: use it anyway
}

GtpEngine::Reply GtpEngine::stonegrid_level(const Args& args) {
  if (args.empty()) return {true, std::to_string(bot().level)};
  std::optional<int> level = args.size() == 1 ? integer(args[0]) : std::nullopt;
  if (!level || *level < min_level || *level > max_level)
    return {false, "stonegrid-level needs an integer from 1 to 10"};
  bot().level = *level;
  return {true, ""};
}

GtpEngine::Reply GtpEngine::stonegrid_analyze(const Args& args) {
  if (game_.is_over()) return {false, "the game is over"};
  GtpBot& b = bot();
  Bot::Options options = b.bot.options();
  options.seconds = 0;
  options.playouts = 0;
  if (args.size() == 1) {
    std::optional<int> playouts = integer(args[0]);
    if (!playouts || *playouts < 1) return {false, "stonegrid-analyze [playouts]: a positive integer"};
    options.playouts = *playouts;
  } else if (!args.empty()) {
    return {false, "stonegrid-analyze takes at most one argument (playouts)"};
  }
  b.bot.set_options(options);
  b.bot.start(game_, b.level);
  b.bot.think();
  const bot::Analysis a = b.bot.analysis(5);
  std::string out = "{\"winrate\":" + json_number(a.winrate) + ",\"playouts\":" + std::to_string(a.playouts) +
                    ",\"moves\":[";
  for (size_t i = 0; i < a.moves.size(); ++i) {
    if (i) out += ',';
    out += "{\"move\":\"" + move_text(a.moves[i].move, game_.size()) +
           "\",\"visits\":" + std::to_string(a.moves[i].visits) +
           ",\"winrate\":" + json_number(a.moves[i].winrate) + "}";
  }
  return {true, out + "]}"};
}

}  // namespace stonegrid
