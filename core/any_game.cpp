// The run-time wrapper. Everything here is a switch on the game kind or a `std::visit`; the rules
// themselves live in core/games/. Validation messages are written for players, since the GTP
// engine and the web page show them as they are.
#include "any_game.h"

#include <cmath>
#include <cstdio>

namespace stonegrid {

// --- names and defaults ----------------------------------------------------------------------

std::optional<GameKind> game_kind(std::string_view name) {
  std::string word;
  for (char c : name) word += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  if (word == "loose") return GameKind::loose;
  if (word == "go") return GameKind::go;
  if (word == "looper") return GameKind::looper;
  if (word == "squaresquared" || word == "square-squared" || word == "s2") return GameKind::squaresquared;
  return std::nullopt;
}

std::string_view game_name(GameKind kind) {
  switch (kind) {
    case GameKind::loose:
      return Loose::name;
    case GameKind::go:
      return Go::name;
    case GameKind::looper:
      return Looper::name;
    case GameKind::squaresquared:
      return SquareSquared::name;
  }
  return "go";
}

std::string_view game_title(GameKind kind) {
  switch (kind) {
    case GameKind::loose:
      return "Loose";
    case GameKind::go:
      return "Go";
    case GameKind::looper:
      return "Looper";
    case GameKind::squaresquared:
      return "Square Squared";
  }
  return "Go";
}

int default_size(GameKind kind) {
  return kind == GameKind::squaresquared ? 7 : 9;
}

double default_komi(GameKind kind) {
  return kind == GameKind::go ? 6.5 : 0;
}

std::string_view phase_name(Phase phase) {
  switch (phase) {
    case Phase::play:
      return "play";
    case Phase::resolve:
      return "resolve";
    case Phase::ballot:
      return "ballot";
    case Phase::over:
      return "over";
  }
  return "play";
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

bool size_allowed(GameKind kind, int size) {
  switch (kind) {
    case GameKind::loose:
      return Loose::size_allowed(size);
    case GameKind::go:
      return Go::size_allowed(size);
    case GameKind::looper:
      return Looper::size_allowed(size);
    case GameKind::squaresquared:
      return SquareSquared::size_allowed(size);
  }
  return false;
}

// Checks a komi for a game; an empty string when it is allowed.
std::string komi_problem(GameKind kind, double komi) {
  std::string shown =
      "komi " + format_number(komi) + " is not allowed in " + std::string(game_title(kind)) + ": ";
  if (!std::isfinite(komi) || std::fabs(komi) > 1000) return shown + "it must be within ±1000";
  if (kind == GameKind::loose && (komi != std::floor(komi) || std::fmod(komi, 2) != 0))
    return shown + "komi is an even integer";
  if (komi * 2 != std::floor(komi * 2)) return shown + "komi is a multiple of 0.5";
  return "";
}

SquareSquared::Rules squaresquared_rules(const GameSettings& s) {
  SquareSquared::Rules rules;
  rules.size = s.size;
  rules.komi = *s.komi;
  if (s.squaresquared_variant) rules.scoring = SquareSquared::Scoring::v3;
  return rules;
}

AnyGame::State make_state(const GameSettings& s) {
  switch (s.kind) {
    case GameKind::loose: {
      Loose::Rules rules;
      rules.size = s.size;
      rules.komi = static_cast<int>(*s.komi);
      return Loose(rules);
    }
    case GameKind::looper: {
      Looper::Rules rules;
      rules.size = s.size;
      return Looper(rules);
    }
    case GameKind::squaresquared:
      return SquareSquared(squaresquared_rules(s));
    case GameKind::go:
      break;
  }
  Go::Rules rules;
  rules.size = s.size;
  rules.komi = *s.komi;
  return Go(rules);
}

}  // namespace

AnyGame::AnyGame() : AnyGame(Go(Go::Rules{}), GameRecord{}) {
  record_.settings.size = Go::Rules{}.size;
  record_.settings.komi = Go::Rules{}.komi;
}

std::optional<AnyGame> AnyGame::create(const GameSettings& settings, std::string& error) {
  GameSettings s = settings;
  if (s.size == 0) s.size = default_size(s.kind);
  if (!size_allowed(s.kind, s.size)) {
    error = "size " + std::to_string(s.size) + " is not allowed in " + std::string(game_title(s.kind)) +
            (s.kind == GameKind::loose ? " (odd sizes 5 to 25)" : " (sizes 5 to 25)");
    return std::nullopt;
  }
  if (s.kind == GameKind::looper) s.komi = 0;
  if (!s.komi) s.komi = default_komi(s.kind);
  if (std::string problem = komi_problem(s.kind, *s.komi); !problem.empty()) {
    error = problem;
    return std::nullopt;
  }
  if (s.kind != GameKind::squaresquared) s.squaresquared_variant = false;
  GameRecord record;
  record.settings = s;
  return AnyGame(make_state(s), std::move(record));
}

std::optional<AnyGame> AnyGame::create(std::string_view game, int size, std::optional<double> komi,
                                       std::string& error) {
  std::optional<GameKind> kind = game_kind(game);
  if (!kind) {
    error = "unknown game '" + std::string(game) + "' (loose, go, looper, squaresquared)";
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
  return std::visit([&](const auto& g) { return g.check(move); }, state_);
}

Illegal AnyGame::play(const Move& move) {
  Illegal why = check(move);
  if (why != Illegal::none) return why;
  bool played = std::visit([&](auto& g) { return g.play(move); }, state_);
  if (!played) return Illegal::wrong_kind;  // check() and play() disagree: a bug in the game
  record_.moves.push_back(move);
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
  if (!record_.moves.empty()) return false;
  std::visit([&](auto& g) { g.setup(p, c); }, state_);
  record_.setup.emplace_back(p, c);
  return true;
}

bool AnyGame::set_komi(double komi, std::string& error) {
  if (kind() == GameKind::looper) return true;  // Looper has no komi; GTP controllers send one
  GameRecord record = record_;
  record.settings.komi = komi;
  std::optional<AnyGame> game = replay(record, error);
  if (!game) return false;
  *this = std::move(*game);
  return true;
}

// --- accessors -------------------------------------------------------------------------------

const Geometry& AnyGame::geometry() const {
  return std::visit([](const auto& g) -> const Geometry& { return g.geometry(); }, state_);
}
Color AnyGame::at(Point p) const {
  return std::visit([&](const auto& g) { return g.at(p); }, state_);
}
int AnyGame::to_move() const {
  return std::visit([](const auto& g) { return g.to_move(); }, state_);
}
Color AnyGame::color_to_move() const {
  return std::visit([](const auto& g) { return g.color_to_move(); }, state_);
}
int AnyGame::black_player() const {
  return std::visit([](const auto& g) { return g.black_player(); }, state_);
}
Phase AnyGame::phase() const {
  return std::visit([](const auto& g) { return g.phase(); }, state_);
}
int AnyGame::passes() const {
  return std::visit([](const auto& g) { return g.passes(); }, state_);
}
int AnyGame::moves_played() const {
  return std::visit([](const auto& g) { return g.moves_played(); }, state_);
}
bool AnyGame::is_over() const {
  return std::visit([](const auto& g) { return g.is_over(); }, state_);
}
Outcome AnyGame::outcome() const {
  return std::visit([](const auto& g) { return g.outcome(); }, state_);
}
Score AnyGame::score() const {
  return std::visit([](const auto& g) { return g.score(); }, state_);
}
uint64_t AnyGame::hash() const {
  return std::visit([](const auto& g) { return g.hash(); }, state_);
}
int AnyGame::prisoners(Color c) const {
  return std::visit(
      [&](const auto& g) -> int {
        if constexpr (requires { g.prisoners(c); })
          return g.prisoners(c);
        else
          return 0;
      },
      state_);
}
void AnyGame::legal_moves(MoveList& list) const {
  std::visit([&](const auto& g) { g.legal_moves(list); }, state_);
}
Move AnyGame::random_move(Rng& rng) const {
  return std::visit([&](const auto& g) { return g.random_move(rng); }, state_);
}
bool AnyGame::check_consistency() const {
  return std::visit([](const auto& g) { return g.check_consistency(); }, state_);
}

// --- views -----------------------------------------------------------------------------------

std::vector<std::string> AnyGame::board_rows() const {
  const int n = size();
  const Geometry& geo = geometry();
  std::vector<std::string> rows;
  for (int r = n - 1; r >= 0; --r) {
    std::string row;
    for (int c = 0; c < n; ++c) {
      Color s = at(geo.at(c, r));
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
  out += ",\"to_move\":" + std::to_string(to_move());
  out += ",\"color\":" + color_json(color_to_move());
  out += ",\"phase\":\"" + std::string(phase_name(phase())) + "\"";
  out += ",\"passes\":" + std::to_string(passes());
  out += ",\"moves\":" + std::to_string(moves_played());
  out += ",\"prisoners\":{\"black\":" + std::to_string(prisoners(Color::black)) +
         ",\"white\":" + std::to_string(prisoners(Color::white)) + "}";
  const bool over = is_over();
  out += std::string(",\"over\":") + (over ? "true" : "false");
  std::string winner = "null", winner_player = "null";
  if (over) {
    Outcome o = outcome();
    winner = o.winner_player == 0 ? "\"draw\"" : color_json(o.winner);
    winner_player = o.winner_player == 0 ? "null" : std::to_string(o.winner_player);
  }
  out += ",\"winner\":" + winner + ",\"winner_player\":" + winner_player;
  Score s = score();
  if (s.defined)
    out += ",\"score\":{\"black\":" + format_number(s.black) + ",\"white\":" + format_number(s.white) + "}";
  else
    out += ",\"score\":null";
  const int black = black_player();
  out += ",\"black_player\":" + (black == 0 ? std::string("null") : std::to_string(black));
  out += "}";
  return out;
}

std::string result_text(const AnyGame& game) {
  if (!game.is_over()) return "";
  Outcome o = game.outcome();
  if (o.winner_player == 0) return "0";
  std::string side = o.winner == Color::black   ? "B"
                     : o.winner == Color::white ? "W"
                                                : std::to_string(o.winner_player);
  if (o.by_resignation) return side + "+R";
  Score s = game.score();
  if (!s.defined) return side + "+";
  return side + "+" + format_number(std::fabs(s.black - s.white));
}

}  // namespace stonegrid
