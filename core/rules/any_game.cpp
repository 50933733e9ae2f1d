// The run-time wrapper. Everything here reads the game's facts or calls its `GameState`; the
// rules themselves live in core/games/. Validation messages are written for players, since the
// GTP engine and the web page show them as they are.
#include "rules/any_game.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace stonegrid {

// --- names ---------------------------------------------------------------------------------

const GameStage& stage_of(const AnyGame& game) {
  const std::array<GameStage, 2>& stages = game.facts().stages;
  return stages[static_cast<size_t>(std::clamp(game.state().status().stage, 0, int(stages.size()) - 1))];
}

std::string_view phase_name(const AnyGame& game) {
  return game.state().is_over() ? "over" : stage_of(game).name;
}

std::string format_number(double x) {
  char buffer[64];
  if (std::isfinite(x) && x == std::floor(x) && std::fabs(x) < 1e15)
    std::snprintf(buffer, sizeof buffer, "%lld", static_cast<long long>(x));
  else
    std::snprintf(buffer, sizeof buffer, "%.10g", x);
  return buffer;
}

// --- creation --------------------------------------------------------------------------------

namespace {

// Checks a komi for a game; an empty string when it is allowed.
std::string komi_problem(const GameFacts& facts, double komi) {
  std::string shown =
      "komi " + format_number(komi) + " is not allowed in " + std::string(facts.short_title) + ": ";
  if (!std::isfinite(komi) || std::fabs(komi) > 1000) return shown + "it must be within ±1000";
  if (!facts.komi_allowed(komi)) return shown + facts.komi_rule();
  return "";
}

}  // namespace

AnyGame::AnyGame() {
  std::string error;
  *this = *create(GameSettings{}, error);
}

AnyGame::AnyGame(const AnyGame& other)
    : state_(other.state_ ? other.state_->clone() : nullptr),
      record_(other.record_),
      last_changed_(other.last_changed_),
      movers_(other.movers_) {}

AnyGame& AnyGame::operator=(const AnyGame& other) {
  if (this != &other) {
    state_ = other.state_ ? other.state_->clone() : nullptr;
    record_ = other.record_;
    last_changed_ = other.last_changed_;
    movers_ = other.movers_;
  }
  return *this;
}

std::optional<AnyGame> AnyGame::create(const GameSettings& settings, std::string& error) {
  GameSettings s = settings;
  const GameFacts& facts = s.kind.facts();
  if (s.size == 0) s.size = facts.default_size;
  if (!facts.size_allowed(s.size)) {
    error = "size " + std::to_string(s.size) + " is not allowed in " + std::string(facts.short_title) + " (" +
            facts.size_rule() + ")";
    return std::nullopt;
  }
  if (!facts.has_komi) s.komi = 0;
  if (!s.komi) s.komi = facts.default_komi;
  if (std::string problem = komi_problem(facts, *s.komi); !problem.empty()) {
    error = problem;
    return std::nullopt;
  }
  if (s.variant < 0 || s.variant >= facts.variant_count) s.variant = 0;
  if (!facts.komi_cut_and_choose) s.komi_named_by = Color::empty;
  GameRecord record;
  record.settings = s;
  return AnyGame(s.kind.type().create(RuleChoices{s.size, *s.komi, s.variant}), std::move(record));
}

std::optional<AnyGame> AnyGame::create(std::string_view game, int size, std::optional<double> komi,
                                       std::string& error) {
  std::optional<GameKind> kind = game_kind(game);
  if (!kind) {
    error = "unknown game '" + std::string(game.substr(0, 40)) + "' (" + game_names() + ")";
    return std::nullopt;
  }
  GameSettings settings;
  settings.kind = *kind;
  settings.size = size;
  settings.komi = komi;
  return create(settings, error);
}

std::optional<AnyGame> AnyGame::replay(const GameRecord& record, std::string& error) {
  std::optional<AnyGame> game = create(record.settings, error);
  if (!game) return std::nullopt;
  for (auto [point, color] : record.setup) {
    if (point < 0 || point >= game->size() * game->size()) {
      error = "setup point outside the board";
      return std::nullopt;
    }
    game->setup(point, color);
  }
  for (size_t i = 0; i < record.moves.size(); ++i) {
    Illegal why = game->play(record.moves[i]);
    if (why != Illegal::none) {
      error = "move " + std::to_string(i + 1) + " is illegal: " + std::string(describe(why));
      return std::nullopt;
    }
  }
  return game;
}

// --- changing the game -----------------------------------------------------------------------

Illegal AnyGame::check(const Move& move) const {
  return state_->check(move);
}

Illegal AnyGame::play(const Move& move) {
  Illegal why = check(move);
  if (why != Illegal::none) return why;
  const Geometry& g = state_->geometry();
  std::array<Color, max_points> before;
  for (Point p = 0; p < g.points; ++p) before[p] = state_->at(p);
  const Mover mover{state_->to_move(), state_->black_player() == 0 ? Color::empty : state_->color_to_move()};
  if (!state_->play(move)) return Illegal::wrong_kind;  // check() and play() disagree: a bug in the game
  record_.moves.push_back(move);
  movers_.push_back(mover);
  last_changed_.clear();
  for (Point p = 0; p < g.points; ++p) {
    const bool placed = move.is_place() && std::find(move.points.begin(), move.points.begin() + move.count,
                                                     p) != move.points.begin() + move.count;
    if (before[p] != state_->at(p) && !placed) last_changed_.push_back(p);
  }
  return Illegal::none;
}

bool AnyGame::undo() {
  if (record_.moves.empty()) return false;
  GameRecord shorter = record_;
  shorter.moves.pop_back();
  std::string error;
  std::optional<AnyGame> game = replay(shorter, error);
  if (!game) return false;
  *this = std::move(*game);
  return true;
}

bool AnyGame::setup(Point p, Color c) {
  if (!record_.moves.empty() || !state_->setup(p, c)) return false;
  record_.setup.emplace_back(p, c);
  return true;
}

bool AnyGame::set_komi(double komi, std::string& error) {
  if (!facts().has_komi) return true;  // e.g. Looper; GTP controllers send a komi anyway
  GameRecord record = record_;
  record.settings.komi = komi;
  std::optional<AnyGame> game = replay(record, error);
  if (!game) return false;
  *this = std::move(*game);
  return true;
}

// --- views -----------------------------------------------------------------------------------

std::vector<std::string> AnyGame::board_rows() const {
  const int n = size();
  const Geometry& geo = state_->geometry();
  std::vector<std::string> rows;
  for (int r = n - 1; r >= 0; --r) {
    std::string row;
    for (int c = 0; c < n; ++c) {
      Color s = state_->at(geo.at(c, r));
      row += s == Color::black ? 'X' : s == Color::white ? 'O' : '.';
    }
    rows.push_back(row);
  }
  return rows;
}

std::string AnyGame::state_json() const {
  auto color_json = [](Color c) -> std::string {
    return c == Color::black ? "\"black\"" : c == Color::white ? "\"white\"" : "null";
  };
  std::string out = "{\"game\":\"" + std::string(name()) + "\"";
  out += ",\"size\":" + std::to_string(size());
  out += ",\"komi\":" + format_number(komi());
  out += ",\"board\":[";
  std::vector<std::string> rows = board_rows();
  for (size_t i = 0; i < rows.size(); ++i) out += (i ? ",\"" : "\"") + rows[i] + "\"";
  out += "]";
  const Status status = state_->status();
  out += ",\"to_move\":" + std::to_string(status.to_move);
  out += ",\"color\":" + color_json(status.color);
  out += ",\"phase\":\"" + std::string(phase_name(*this)) + "\"";
  out += ",\"passes\":" + std::to_string(status.passes);
  out += ",\"moves\":" + std::to_string(status.moves_played);
  out += ",\"prisoners\":{\"black\":" + std::to_string(state_->prisoners(Color::black)) +
         ",\"white\":" + std::to_string(state_->prisoners(Color::white)) + "}";
  const bool over = status.over();
  out += std::string(",\"over\":") + (over ? "true" : "false");
  std::string winner = "null", winner_player = "null";
  if (over) {
    Outcome o = state_->outcome();
    winner = o.winner_player == 0 ? "\"draw\"" : color_json(o.winner);
    winner_player = o.winner_player == 0 ? "null" : std::to_string(o.winner_player);
  }
  out += ",\"winner\":" + winner + ",\"winner_player\":" + winner_player;
  Score s = state_->score();
  if (s.defined)
    out += ",\"score\":{\"black\":" + format_number(s.black) + ",\"white\":" + format_number(s.white) + "}";
  else
    out += ",\"score\":null";
  const int black = status.black_player;
  out += ",\"black_player\":" + (black == 0 ? std::string("null") : std::to_string(black));
  out += "}";
  return out;
}

std::string result_text(const AnyGame& game) {
  if (!game.state().is_over()) return "";
  Outcome o = game.state().outcome();
  if (o.winner_player == 0) return "0";
  std::string side = o.winner == Color::black   ? "B"
                     : o.winner == Color::white ? "W"
                                                : std::to_string(o.winner_player);
  if (o.by_resignation) return side + "+R";
  Score s = game.state().score();
  if (!s.defined) return side + "+";
  return side + "+" + format_number(std::fabs(s.black - s.white));
}

}  // namespace stonegrid
