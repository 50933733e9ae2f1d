// The arena: N games between players A and B with alternating colours (A is player 1 in the
// even-numbered games), refereed by our own rules engine — a player's illegal move loses the
// game — and capped at 4·N·N turns, after which the count decides (Looper: a draw). Prints one
// line per game, then A's score (a draw counts half) with a 95 % Wilson interval; writes each
// game as SGF into --sgf-dir.
//
// Players: `bot:LEVEL`, `bot:playouts=N` (level 10's search with N simulations a move),
// `uct:N` (plain UCT: level 1's search — no priors, no RAVE, uniform random playouts — with N
// simulations a move), `random` (uniform over the legal moves), `flat:N`
// (flat Monte Carlo: N uniformly random playouts spread over the legal moves, the best mean
// wins), `gtp:COMMAND` (an external GTP engine run through /bin/sh with pipes; Go only; asked
// `kgs-genmove_cleanup` in the resolve phase when it lists it: `GtpPlayer` says why; a
// `{seed}` in COMMAND starts the engine again each game with a new seed there).
// This file is native only (fork, pipes): the process code stays out of core/.
#include "cli/arena.h"

#ifndef __EMSCRIPTEN__
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "bot/bot.h"
#include "bot/mcts.h"
#include "formats/sgf.h"
#include "rules/any_game.h"
#include "rules/notation.h"

namespace stonegrid::cli {

const char* arena_usage =
    "  arena --a PLAYER --b PLAYER [--game G] [--size N] [--komi K] [--games N]\n"
    "        [--seconds-per-move S] [--clock wall|cpu] [--sgf-dir DIR] [--seed X]\n"
    "        [--looper-take-at D] [--resign T] [--threads N]\n"
    "              N games (default 10) of A against B, colours alternating, refereed by\n"
    "              Stonegrid's rules; prints A's win rate with a 95% interval. PLAYER:\n"
    "              bot:LEVEL | bot:playouts=N | uct:N | random | flat:N | gtp:COMMAND (Go only,\n"
    "              e.g. 'gtp:gnugo --mode gtp --level 10'; asked kgs-genmove_cleanup in\n"
    "              Go's resolve phase and a new set_random_seed each game when it lists\n"
    "              them; '{seed}' in COMMAND: a new process each game, {seed} replaced by\n"
    "              the game's seed, e.g. 'gtp:pachi -s {seed}'). S: time per bot move,\n"
    "              counted in wall time or (--clock cpu) in this process's processor time\n"
    "              (fair on a busy machine). --sgf-dir: each game as DIR/game-NNN.sgf,\n"
    "              the players named in PB and PW.\n"
    "              --looper-take-at D: each Looper game starts with black stones on a random\n"
    "              fraction D of the points and player 1's forced `take` (measures the\n"
    "              density at which taking pays).\n"
    "              --resign T: our bots resign below win rate T (0: never; default: by\n"
    "              level, 0.05 from level 7).\n"
    "              --threads N: our bots search a move bounded by time only (bot:10,\n"
    "              or --seconds-per-move) on N threads sharing one tree (default 1).\n";

namespace {

// --- players -----------------------------------------------------------------------------------

class Player {
 public:
  virtual ~Player() = default;
  virtual std::string name() const = 0;
  // A new game from `start` (the empty board); false with `error` when the player cannot.
  virtual bool new_game(const AnyGame&, std::string&) { return true; }
  // The move for the side to move.
  virtual Move genmove(const AnyGame& game) = 0;
  // A move the other player made (already played in `after`).
  virtual void opponent_played(const AnyGame& /*after*/, const Move&) {}
  // How the player is driven, said once after its first new_game (e.g. which GTP command it
  // is asked in the resolve phase); "" for nothing to say.
  virtual std::string setup_notes() const { return ""; }
  // What is worth saying about the last game ("" for nothing).
  virtual std::string game_notes() const { return ""; }
};

// What every bot of the match shares: the clock its time limits count, and when it resigns.
struct BotTerms {
  bool cpu_time = false;
  double resign_threshold = -1;  // -1: by level (Bot::Options); 0: never
  int threads = 1;               // Bot::Options::threads
};

class BotPlayer : public Player {
 public:
  BotPlayer(std::string spec, int level, long long playouts, double seconds, const BotTerms& terms,
            uint64_t seed)
      : spec_(std::move(spec)), level_(level) {
    Bot::Options options;
    options.seed = seed;
    options.resign_threshold = terms.resign_threshold;
    options.cpu_time = terms.cpu_time;
    options.threads = terms.threads;
    options.playouts = playouts;
    options.seconds = seconds;
    if (playouts > 0 && seconds > 0) options.playouts = playouts;
    bot_.set_options(options);
  }
  std::string name() const override { return spec_; }
  // A new seed for every game, so games between bots differ.
  bool new_game(const AnyGame&, std::string&) override {
    Bot::Options options = bot_.options();
    options.seed = options.seed * 6364136223846793005ull + 1442695040888963407ull;
    bot_.set_options(options);
    return true;
  }
  Move genmove(const AnyGame& game) override {
    bot_.start(game, level_);
    bot_.think();
    return bot_.move();
  }

 private:
  std::string spec_;
  int level_;
  Bot bot_;
};

class RandomPlayer : public Player {
 public:
  explicit RandomPlayer(uint64_t seed) : rng_(seed) {}
  std::string name() const override { return "random"; }
  Move genmove(const AnyGame& game) override {
    MoveList list;
    game.state().legal_moves(list);
    if (list.count == 0) return Move::resign();
    return list.moves[rng_.below(static_cast<uint32_t>(list.count))];
  }

 private:
  Rng rng_;
};

class FlatPlayer : public Player {
 public:
  FlatPlayer(int playouts, uint64_t seed) : playouts_(playouts), rng_(seed) {}
  std::string name() const override { return "flat:" + std::to_string(playouts_); }
  Move genmove(const AnyGame& root) override {
    MoveList list;
    root.state().legal_moves(list);
    if (list.count == 0) return Move::resign();
    std::vector<double> wins(list.count, 0), tries(list.count, 0);
    const int me = root.state().to_move();
    for (int i = 0; i < playouts_; ++i) {
      const int k = static_cast<int>(rng_.below(static_cast<uint32_t>(list.count)));
      std::unique_ptr<GameState> g = root.state().clone();
      g->play(list.moves[k]);
      const int winner = root.kind().type().random_playout(*g, rng_);
      wins[k] += winner == me ? 1.0 : winner == 0 ? 0.5 : 0.0;
      tries[k] += 1;
    }
    int best = 0;
    double best_mean = -1;
    for (int k = 0; k < list.count; ++k) {
      const double mean = tries[k] > 0 ? wins[k] / tries[k] : 0;
      if (mean > best_mean) best_mean = mean, best = k;
    }
    return list.moves[best];
  }

 private:
  int playouts_;
  Rng rng_;
};

// An external GTP engine on pipes. In the Lasker-Maas resolve phase (phase 2) it is asked
// `kgs-genmove_cleanup` when it lists that command: an engine that knows only one phase passes
// when asked `genmove` there, leaving the opponent's dead stones in its area, and under these
// rules such stones spoil the region's count. `kgs-genmove_cleanup` (KGS's command for the
// clean-up after a disputed end) makes it capture them instead. Each game also gets its own
// random seed when the engine lists `set_random_seed` (GNU Go does), so games differ. An engine
// that takes its seed only on its command line (Pachi's `-s`) is given `{seed}` there: then
// each game starts a new process with the game's seed in its place.
class GtpPlayer : public Player {
 public:
  GtpPlayer(std::string command, uint64_t seed) : command_(std::move(command)), seed_(seed) {}
  ~GtpPlayer() override { close(); }
  std::string name() const override { return "gtp:" + command_; }

  bool new_game(const AnyGame& start, std::string& error) override {
    if (start.kind() != GameKind::go) {  // GTP engines know Go only
      error = "gtp players play Go only";
      return false;
    }
    const bool seeded_by_command = command_.find(seed_placeholder) != std::string::npos;
    if (seeded_by_command) close();
    if (!running() && (!spawn(game_command(), error) || !read_command_list(error))) return false;
    std::vector<std::string> lines = {"boardsize " + std::to_string(start.size()), "clear_board",
                                      "komi " + format_number(start.komi())};
    if (has_seed_command_ && !seeded_by_command)
      lines.push_back("set_random_seed " + std::to_string(next_seed()));
    for (const std::string& line : lines) {
      std::string reply;
      if (!send(line, reply) || reply[0] != '=') {
        error = "'" + line + "' -> " + reply;
        return false;
      }
    }
    cleanup_moves_ = 0;
    return true;
  }
  Move genmove(const AnyGame& game) override {
    const bool cleanup = stage_of(game).cleanup && has_cleanup_command_;
    cleanup_moves_ += cleanup;
    std::string reply;
    const std::string ask = cleanup ? "kgs-genmove_cleanup " : "genmove ";
    const char* color = game.state().color_to_move() == Color::black ? "b" : "w";
    if (!send(ask + color, reply) || reply.size() < 2 || reply[0] != '=') return Move::resign();
    std::string text = reply.substr(reply.find_first_not_of("= "));
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
      text.pop_back();
    std::string error;
    std::optional<Move> m = parse_move(text, game.size(), error);
    // Not a move at all: an illegal answer (the referee makes it lose).
    return m ? *m : Move::places(no_point, no_point, no_point);
  }
  // A resignation is not told: GTP has no such move (`play w resign` stops Pachi on an
  // assertion), and the next game starts with `clear_board`.
  void opponent_played(const AnyGame& after, const Move& m) override {
    if (m.kind == Move::Kind::resign) return;
    const Color mover = opponent(after.state().color_to_move());
    std::string reply;
    send(std::string("play ") + (mover == Color::black ? "b " : "w ") + move_text(m, after.size()), reply);
  }
  std::string setup_notes() const override {
    return name() + ": resolve phase asked with " +
           (has_cleanup_command_ ? "kgs-genmove_cleanup (listed by the engine)"
                                 : "genmove (no kgs-genmove_cleanup)") +
           (command_.find(seed_placeholder) != std::string::npos
                ? "; a new process each game, " + std::string(seed_placeholder) + " = its seed"
            : has_seed_command_ ? "; a new set_random_seed each game"
                                : "; no set_random_seed: the same seed each game");
  }
  std::string game_notes() const override {
    if (!has_cleanup_command_) return "";
    return std::to_string(cleanup_moves_) + " kgs-genmove_cleanup";
  }

 private:
  bool read_command_list(std::string& error) {
    std::string reply;
    if (!send("list_commands", reply) || reply[0] != '=') {
      error = "list_commands -> " + reply;
      return false;
    }
    std::istringstream names(reply);
    for (std::string name; names >> name;) {
      has_cleanup_command_ = has_cleanup_command_ || name == "kgs-genmove_cleanup";
      has_seed_command_ = has_seed_command_ || name == "set_random_seed";
    }
    return true;
  }
  static constexpr const char* seed_placeholder = "{seed}";
  // The command for the next game: every `{seed}` replaced by a new seed.
  std::string game_command() {
    std::string command = command_;
    const std::string seed = std::to_string(next_seed());
    for (size_t at = command.find(seed_placeholder); at != std::string::npos;
         at = command.find(seed_placeholder, at + seed.size()))
      command.replace(at, std::string(seed_placeholder).size(), seed);
    return command;
  }
  // GNU Go reads the seed as a C int (so does Pachi's -s).
  long next_seed() {
    seed_ = seed_ * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<long>(seed_ >> 33);
  }

#ifdef __EMSCRIPTEN__
  // The WebAssembly build of the command line (run under node) cannot start processes.
  bool spawn(const std::string&, std::string& error) {
    error = "gtp players need the native build";
    return false;
  }
  bool send(const std::string&, std::string& reply) {
    reply.clear();
    return false;
  }
  void close() {}
  bool running() const {
    return false;
  }
#else
  bool running() const {
    return to_ != nullptr;
  }
  bool spawn(const std::string& command, std::string& error) {
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) {
      error = "pipe failed";
      return false;
    }
    pid_ = fork();
    if (pid_ < 0) {
      error = "fork failed";
      return false;
    }
    if (pid_ == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      ::close(in[0]), ::close(in[1]), ::close(out[0]), ::close(out[1]);
      execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    ::close(in[0]);
    ::close(out[1]);
    to_ = fdopen(in[1], "w");
    from_ = fdopen(out[0], "r");
    return to_ && from_;
  }
  // Sends one command and reads the response up to its blank line.
  bool send(const std::string& line, std::string& reply) {
    reply.clear();
    if (!to_) return false;
    std::fprintf(to_, "%s\n", line.c_str());
    std::fflush(to_);
    char buffer[4096];
    while (std::fgets(buffer, sizeof buffer, from_)) {
      std::string text = buffer;
      if (text == "\n" || text == "\r\n") {
        if (reply.empty()) continue;
        return true;
      }
      reply += text;
    }
    return false;
  }
  void close() {
    if (to_) {
      std::fprintf(to_, "quit\n");
      std::fflush(to_);
      std::fclose(to_);
    }
    if (from_) std::fclose(from_);
    if (pid_ > 0) waitpid(pid_, nullptr, 0);
    to_ = from_ = nullptr;
    pid_ = -1;
  }
  pid_t pid_ = -1;
  FILE* to_ = nullptr;
  FILE* from_ = nullptr;
#endif

  std::string command_;
  uint64_t seed_;
  bool has_cleanup_command_ = false, has_seed_command_ = false;
  int cleanup_moves_ = 0;
};

std::unique_ptr<Player> make_player(const std::string& spec, double seconds, const BotTerms& terms,
                                    uint64_t seed, std::string& error) {
  auto number_after = [&](size_t prefix) -> std::optional<long long> {
    char* end = nullptr;
    const long long n = std::strtoll(spec.c_str() + prefix, &end, 10);
    if (end == spec.c_str() + prefix || *end != '\0' || n < 1) return std::nullopt;
    return n;
  };
  if (spec == "random") return std::make_unique<RandomPlayer>(seed);
  if (spec.rfind("flat:", 0) == 0) {
    if (auto n = number_after(5)) return std::make_unique<FlatPlayer>(static_cast<int>(*n), seed);
  } else if (spec.rfind("bot:playouts=", 0) == 0) {
    if (auto n = number_after(13)) return std::make_unique<BotPlayer>(spec, max_level, *n, 0, terms, seed);
  } else if (spec.rfind("uct:", 0) == 0) {  // plain UCT: level 1's search (no priors, no RAVE,
                                            // uniform playouts) with N simulations a move
    if (auto n = number_after(4)) return std::make_unique<BotPlayer>(spec, 1, *n, 0, terms, seed);
  } else if (spec.rfind("bot:", 0) == 0) {
    if (auto n = number_after(4); n && *n <= max_level)
      return std::make_unique<BotPlayer>(spec, static_cast<int>(*n), 0, seconds, terms, seed);
  } else if (spec.rfind("gtp:", 0) == 0 && spec.size() > 4) {
    return std::make_unique<GtpPlayer>(spec.substr(4), seed);
  }
  error = "bad player '" + spec + "' (bot:LEVEL, bot:playouts=N, uct:N, random, flat:N, gtp:COMMAND)";
  return nullptr;
}

// --- the referee --------------------------------------------------------------------------------

struct GameResult {
  int winner_player = 0;  // 0: draw
  std::string how;
  int moves = 0;
};

GameResult play_game(AnyGame& game, Player* players[3]) {
  const int cap = 4 * game.size() * game.size();
  for (int turn = 0; turn < cap && !game.state().is_over(); ++turn) {
    const int mover = game.state().to_move();
    const Move m = players[mover]->genmove(game);
    const Illegal why = game.check(m);
    if (why != Illegal::none) {
      game.play(Move::resign());
      return {3 - mover,
              "illegal move by player " + std::to_string(mover) + " (" + move_text(m, game.size()) +
                  "): " + std::string(describe(why)),
              turn};
    }
    game.play(m);
    players[3 - mover]->opponent_played(game, m);
  }
  GameResult r;
  r.moves = game.state().moves_played();
  if (game.state().is_over()) {
    r.winner_player = game.state().outcome().winner_player;
    r.how = result_text(game);
    return r;
  }
  r.how = "move cap, by the count";
  const Score s = game.state().score();
  const int black = game.state().black_player() ? game.state().black_player() : 1;
  r.winner_player = !s.defined || s.black == s.white ? 0 : s.black > s.white ? black : 3 - black;
  return r;
}

void wilson(double score, int n, double& low, double& high) {
  const double z = 1.96, p = score / n, z2 = z * z;
  const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half = z * std::sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) / (1 + z2 / n);
  low = std::max(0.0, centre - half);
  high = std::min(1.0, centre + half);
}

// --- the match ----------------------------------------------------------------------------------

struct ArenaOptions {
  std::string a_spec, b_spec, game_name = "go", sgf_dir;
  int size = 0, games = 10;
  std::optional<double> komi;
  double seconds = 0, take_at = -1;
  BotTerms bots;
  uint64_t seed = 1;
};

// Fills `options` from argv; "" or the reason the command line is wrong.
std::string parse_options(int argc, char** argv, ArenaOptions& o) {
  for (int i = 2; i < argc; ++i) {
    const std::string option = argv[i];
    if (i + 1 >= argc) return "option " + option + " needs a value";
    const std::string value = argv[++i];
    char* end = nullptr;
    const double x = std::strtod(value.c_str(), &end);
    const bool numeric = end != value.c_str() && *end == '\0';
    if (option == "--a")
      o.a_spec = value;
    else if (option == "--b")
      o.b_spec = value;
    else if (option == "--game")
      o.game_name = value;
    else if (option == "--sgf-dir")
      o.sgf_dir = value;
    else if (option == "--size" && numeric)
      o.size = static_cast<int>(x);
    else if (option == "--komi" && numeric)
      o.komi = x;
    else if (option == "--games" && numeric && x >= 1)
      o.games = static_cast<int>(x);
    else if (option == "--seconds-per-move" && numeric && x > 0)
      o.seconds = x;
    else if (option == "--clock" && (value == "cpu" || value == "wall"))
      o.bots.cpu_time = value == "cpu";
    else if (option == "--seed" && numeric)
      o.seed = static_cast<uint64_t>(x);
    else if (option == "--resign" && numeric && x >= 0 && x < 1)
      o.bots.resign_threshold = x;
    else if (option == "--threads" && numeric && x >= 1 && x <= 64 && x == static_cast<int>(x))
      o.bots.threads = static_cast<int>(x);
    else if (option == "--looper-take-at" && numeric && x >= 0 && x < 1)
      o.take_at = x;
    else
      return "bad option '" + option + " " + value + "'";
  }
  if (o.a_spec.empty() || o.b_spec.empty()) return "--a and --b are required";
  return "";
}

// Looper set-up for --looper-take-at: random black stones on a fraction of the points (a
// partial Fisher-Yates shuffle), then player 1's `take`.
void looper_take_start(AnyGame& game, double fraction, Rng& rng) {
  const int points = game.size() * game.size(), stones = static_cast<int>(fraction * points + 0.5);
  std::vector<Point> order(points);
  for (int p = 0; p < points; ++p) order[p] = static_cast<Point>(p);
  for (int k = 0; k < stones; ++k) {
    std::swap(order[k], order[k + rng.below(static_cast<uint32_t>(points - k))]);
    game.setup(order[k], Color::black);
  }
  game.play(Move::take());
}

// One line for game `number` (from 1) in which A was `a_player`; returns A's points.
double report_game(int number, int a_player, const GameResult& r, const AnyGame& game, Player* players[3]) {
  const double points = r.winner_player == 0 ? 0.5 : r.winner_player == a_player ? 1.0 : 0.0;
  std::string notes;
  for (int p = 1; p <= 2; ++p)
    if (std::string n = players[p]->game_notes(); !n.empty())
      notes += "; player " + std::to_string(p) + ": " + n;
  std::printf("game %d: A is player %d; %s; %d moves%s; A %s\n", number, a_player, r.how.c_str(),
              game.state().moves_played(), notes.c_str(),
              points == 1   ? "wins"
              : points == 0 ? "loses"
                            : "draws");
  std::fflush(stdout);
  return points;
}

// Game `number` as SGF, its players named by their specs once the colours are known (PB, PW:
// `stonegrid learn-priors --player` learns from one of them).
void write_game(const std::string& sgf_dir, int number, const AnyGame& game, Player* players[3]) {
  if (sgf_dir.empty()) return;
  char name[64];
  std::snprintf(name, sizeof name, "/game-%03d.sgf", number);
  SgfPlayers names;
  if (const int black = game.state().black_player(); black == 1 || black == 2) {
    names.black = players[black]->name();
    names.white = players[3 - black]->name();
  }
  std::ofstream(sgf_dir + name) << write_sgf(game, {}, names);
}

// The games, colours alternating; A's score, or -1 when a player could not start a game.
double play_match(const ArenaOptions& o, const AnyGame& start, Player& a, Player& b) {
  double a_score = 0;
  Rng setup_rng(o.seed * 7919 + 17);
  for (int i = 0; i < o.games; ++i) {
    AnyGame game = start;
    if (o.take_at >= 0) looper_take_start(game, o.take_at, setup_rng);
    Player* players[3] = {nullptr, &a, &b};
    if (i % 2 == 1) std::swap(players[1], players[2]);
    std::string error;
    if (!players[1]->new_game(game, error) || !players[2]->new_game(game, error)) {
      std::fprintf(stderr, "stonegrid arena: %s\n", error.c_str());
      return -1;
    }
    if (i == 0)
      for (Player* p : {&a, &b})
        if (std::string n = p->setup_notes(); !n.empty()) std::printf("arena: %s\n", n.c_str());
    const GameResult r = play_game(game, players);
    a_score += report_game(i + 1, i % 2 == 0 ? 1 : 2, r, game, players);
    write_game(o.sgf_dir, i + 1, game, players);
  }
  return a_score;
}

}  // namespace

int run_arena(int argc, char** argv) {
  auto usage_error = [](const std::string& message) {
    std::fprintf(stderr, "stonegrid arena: %s\nusage:\n%s", message.c_str(), arena_usage);
    return 2;
  };
  ArenaOptions o;
  std::string error = parse_options(argc, argv, o);
  if (!error.empty()) return usage_error(error);
  std::optional<AnyGame> start = AnyGame::create(o.game_name, o.size, o.komi, error);
  if (!start) return usage_error(error);
  if (o.take_at >= 0 && start->kind() != GameKind::looper)
    return usage_error("--looper-take-at is for Looper");
  std::unique_ptr<Player> a = make_player(o.a_spec, o.seconds, o.bots, o.seed * 2 + 1, error);
  std::unique_ptr<Player> b = a ? make_player(o.b_spec, o.seconds, o.bots, o.seed * 2 + 2, error) : nullptr;
  if (!a || !b) return usage_error(error);
  if (!o.sgf_dir.empty()) std::filesystem::create_directories(o.sgf_dir);
  std::signal(SIGPIPE, SIG_IGN);

  std::printf("arena: %s %dx%d komi %s, %d games, A = %s, B = %s\n", std::string(start->name()).c_str(),
              start->size(), start->size(), format_number(start->komi()).c_str(), o.games, a->name().c_str(),
              b->name().c_str());
  if (o.bots.resign_threshold >= 0)
    std::printf("arena: our bots resign below a win rate of %s\n",
                format_number(o.bots.resign_threshold).c_str());
  if (o.bots.threads > 1)
    std::printf("arena: our bots search time-bounded moves on %d threads\n", o.bots.threads);
  const double a_score = play_match(o, *start, *a, *b);
  if (a_score < 0) return 1;
  double low = 0, high = 0;
  wilson(a_score, o.games, low, high);
  std::printf("A (%s) scored %.1f / %d = %.1f%% (95%% Wilson interval %.1f%%-%.1f%%)\n", a->name().c_str(),
              a_score, o.games, 100 * a_score / o.games, 100 * low, 100 * high);
  return 0;
}

}  // namespace stonegrid::cli
