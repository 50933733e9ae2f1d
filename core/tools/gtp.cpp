// The GTP engine. `handle` does the framing (ids, comments, control characters, the blank line);
// each command is one small member function found through the table in `commands()`. Handlers
// that change the game build the new state first and assign it only on success, so an error
// never leaves the engine half-changed.
#include "tools/gtp.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <limits>
#include <sstream>

#include "formats/sgf.h"
#include "rules/notation.h"

namespace stonegrid {

namespace {

using Reply = GtpEngine::Reply;

Reply success(std::string text = "") {
  return {true, std::move(text)};
}
Reply failure(std::string text) {
  return {false, std::move(text)};
}

std::optional<int> parse_int(std::string_view text) {
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::optional<double> parse_real(const std::string& text) {
  if (text.empty()) return std::nullopt;
  char* end = nullptr;
  double value = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

std::optional<Color> parse_color(std::string_view word) {
  std::string w = lower(word);
  if (w == "b" || w == "black") return Color::black;
  if (w == "w" || w == "white") return Color::white;
  return std::nullopt;
}

std::string color_title(Color c) {
  return c == Color::black ? "Black" : "White";
}

// GTP forbids empty lines inside a response: they would end it early.
std::string without_empty_lines(const std::string& text) {
  std::string out;
  std::istringstream in(text);
  std::string line;
  bool first = true;
  while (std::getline(in, line)) {
    if (line.empty() && !first) continue;
    if (!first) out += '\n';
    out += line;
    first = false;
  }
  return out;
}

// At most `most` bytes of `text`, cut at a UTF-8 character boundary and ended by "...".
std::string shortened(std::string_view text, size_t most) {
  if (text.size() <= most) return std::string(text);
  size_t cut = most - 3;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return std::string(text.substr(0, cut)) + "...";
}

// A failure message echoes input through quote_input; this catches any other path (a message
// from another module that quotes its argument whole).
std::string clipped_message(const std::string& text) {
  return shortened(text, 200);
}

// notation.cpp's errors quote the move whole: a long one is no move at all.
std::string move_error(std::string_view text, const std::string& error) {
  return text.size() <= 60 ? error : "not a move: " + quote_input(text);
}

}  // namespace

std::string quote_input(std::string_view text) {
  std::string out = "'";  // (not "'" + shortened(...): GCC 12 warns falsely about that)
  out += shortened(text, 60);
  return out + "'";
}

bool GtpEngine::read_line(std::istream& in, std::string& line) {
  line.clear();
  std::streambuf* buffer = in.rdbuf();
  for (bool any = false;; any = true) {
    const int c = buffer->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      return any;
    }
    if (c == '\n') return true;
    if (line.size() > max_line) {
      // Too long already: skip to the newline without keeping anything.
      in.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
      return true;
    }
    line += static_cast<char>(c);
  }
}

GtpEngine::GtpEngine(AnyGame game, uint64_t seed) : game_(std::move(game)), seed_(seed) {}

// --- framing ---------------------------------------------------------------------------------

std::string GtpEngine::handle(std::string_view raw) {
  if (raw.size() > max_line) return line_too_long(raw);
  // GTP 2 §3.1: drop control characters but HT and LF, HT -> space, cut comments.
  std::string line;
  for (char c : raw) {
    if (c == '#') break;
    if (c == '\t') c = ' ';
    if (static_cast<unsigned char>(c) < 32 || c == 127) continue;
    line += c;
  }
  std::istringstream words(line);
  Args args;
  for (std::string word; words >> word;) args.push_back(word);
  if (args.empty()) return "";

  std::string id;
  if (!args.front().empty() && args.front().find_first_not_of("0123456789") == std::string::npos) {
    id = args.front();
    args.erase(args.begin());
    if (args.empty()) return "?" + id + " missing command\n\n";
  }
  const std::string name = args.front();
  args.erase(args.begin());

  Reply reply = failure("unknown command");
  for (const Command& command : commands()) {
    if (command.name != name) continue;
    try {
      reply = (this->*command.handler)(args);
    } catch (const std::exception& e) {
      reply = failure(std::string("internal error: ") + e.what());
    }
    break;
  }
  std::string text = without_empty_lines(reply.ok ? reply.text : clipped_message(reply.text));
  return (reply.ok ? "=" : "?") + id + (text.empty() ? "" : " " + text) + "\n\n";
}

// Answered without parsing the line beyond its id.
std::string GtpEngine::line_too_long(std::string_view raw) {
  const size_t start = raw.find_first_not_of(" \t");
  const size_t digits = start == std::string_view::npos ? 0 : raw.find_first_not_of("0123456789", start);
  std::string id;
  if (digits != std::string_view::npos && digits > start && (raw[digits] == ' ' || raw[digits] == '\t'))
    id = std::string(raw.substr(start, digits - start));
  return "?" + id + " line too long: more than " + std::to_string(max_line) + " bytes: " + quote_input(raw) +
         "\n\n";
}

const std::vector<GtpEngine::Command>& GtpEngine::commands() {
  static const std::vector<Command> table = {
      {"protocol_version", &GtpEngine::protocol_version},
      {"name", &GtpEngine::engine_name},
      {"version", &GtpEngine::version},
      {"known_command", &GtpEngine::known_command},
      {"list_commands", &GtpEngine::list_commands},
      {"quit", &GtpEngine::quit},
      {"boardsize", &GtpEngine::boardsize},
      {"clear_board", &GtpEngine::clear_board},
      {"komi", &GtpEngine::komi},
      {"play", &GtpEngine::play},
      {"genmove", &GtpEngine::genmove},
      {"undo", &GtpEngine::undo},
      {"showboard", &GtpEngine::showboard},
      {"final_score", &GtpEngine::final_score},
      {"time_settings", &GtpEngine::time_settings},
      {"time_left", &GtpEngine::time_left},
      {"loadsgf", &GtpEngine::loadsgf},
      {"printsgf", &GtpEngine::printsgf},
      {"set_random_seed", &GtpEngine::set_random_seed},
      {"stonegrid-game", &GtpEngine::stonegrid_game},
      {"stonegrid-play", &GtpEngine::stonegrid_play},
      {"stonegrid-legal", &GtpEngine::stonegrid_legal},
      {"stonegrid-genmove", &GtpEngine::stonegrid_genmove},
      {"stonegrid-state", &GtpEngine::stonegrid_state},
      {"stonegrid-level", &GtpEngine::stonegrid_level},
      {"stonegrid-playouts", &GtpEngine::stonegrid_playouts},
      {"stonegrid-seconds", &GtpEngine::stonegrid_seconds},
      {"stonegrid-analyze", &GtpEngine::stonegrid_analyze},
      {"stonegrid-threads", &GtpEngine::stonegrid_threads},
      {"gogui-rules_game_id", &GtpEngine::rules_game_id},
      {"gogui-rules_board", &GtpEngine::rules_board},
      {"gogui-rules_board_size", &GtpEngine::rules_board_size},
      {"gogui-rules_legal_moves", &GtpEngine::rules_legal_moves},
      {"gogui-rules_side_to_move", &GtpEngine::rules_side_to_move},
      {"gogui-rules_final_result", &GtpEngine::rules_final_result},
      {"gogui-rules_captured_count", &GtpEngine::rules_captured_count},
      {"gogui-analyze_commands", &GtpEngine::analyze_commands},
  };
  return table;
}

std::vector<std::string_view> GtpEngine::command_names() {
  std::vector<std::string_view> names;
  for (const Command& c : commands()) names.push_back(c.name);
  return names;
}

// --- helpers ---------------------------------------------------------------------------------

Reply GtpEngine::new_game(GameSettings settings) {
  std::string error;
  std::optional<AnyGame> game = AnyGame::create(settings, error);
  if (!game) return failure(error);
  game_ = std::move(*game);
  return success();
}

Reply GtpEngine::play_for_side_to_move(const std::string& text) {
  std::string error;
  std::optional<Move> move = parse_move(text, game_.size(), error);
  if (!move) return failure(move_error(text, error));
  Illegal why = game_.play(*move);
  if (why != Illegal::none) return failure("illegal move: " + std::string(describe(why)));
  return success();
}

Reply GtpEngine::check_color(const std::string& word) const {
  std::optional<Color> color = parse_color(word);
  if (!color) return failure("invalid color " + quote_input(word) + " (b, w, black or white)");
  if (game_.state().is_over()) return failure("the game is over");
  Color to_move = game_.state().color_to_move();
  if (*color != to_move)
    return failure("it is " + color_title(to_move) + "'s turn, not " + color_title(*color) + "'s");
  return success();
}

// The bot's move (core/tools/gtp_bot.cpp), played.
Move GtpEngine::engine_move() {
  Move move = bot_move();
  game_.play(move);
  return move;
}

std::string GtpEngine::legal_text() const {
  if (game_.state().is_over()) return "";
  MoveList list;
  game_.state().legal_moves(list);
  std::string out;
  for (const Move& m : list) {
    if (m.kind == Move::Kind::resign) continue;
    if (!out.empty()) out += ' ';
    out += move_text(m, game_.size());
  }
  return out;
}

// --- standard commands -----------------------------------------------------------------------

Reply GtpEngine::protocol_version(const Args&) {
  return success("2");
}
Reply GtpEngine::engine_name(const Args&) {
  return success("Stonegrid");
}
Reply GtpEngine::version(const Args&) {
  return success("0.1.0");
}

Reply GtpEngine::known_command(const Args& args) {
  if (args.size() != 1) return failure("known_command needs a command name");
  for (const Command& c : commands())
    if (c.name == args[0]) return success("true");
  return success("false");
}

Reply GtpEngine::list_commands(const Args&) {
  std::string out;
  for (const Command& c : commands()) {
    if (!out.empty()) out += '\n';
    out += c.name;
  }
  return success(out);
}

Reply GtpEngine::quit(const Args&) {
  quit_ = true;
  return success();
}

Reply GtpEngine::boardsize(const Args& args) {
  if (args.size() != 1) return failure("boardsize needs one integer");
  std::optional<int> size = parse_int(args[0]);
  if (!size) return failure("boardsize needs an integer, not " + quote_input(args[0]));
  GameSettings settings = game_.settings();
  settings.size = *size;
  if (*size == 0) return failure("unacceptable size 0");
  Reply reply = new_game(settings);
  if (!reply.ok) reply.text = "unacceptable size: " + reply.text;
  return reply;
}

Reply GtpEngine::clear_board(const Args&) {
  return new_game(game_.settings());
}

Reply GtpEngine::komi(const Args& args) {
  if (args.size() != 1) return failure("komi needs one number");
  std::optional<double> komi = parse_real(args[0]);
  if (!komi) return failure("komi needs a number, not " + quote_input(args[0]));
  std::string error;
  if (!game_.set_komi(*komi, error)) return failure(error);
  return success();
}

Reply GtpEngine::play(const Args& args) {
  if (args.size() != 2) return failure("play needs a color and a move, e.g. 'play b D4'");
  std::optional<Color> color = parse_color(args[0]);
  if (!color) return failure("invalid color " + quote_input(args[0]) + " (b, w, black or white)");
  std::string error;
  if (!parse_move(args[1], game_.size(), error)) return failure(move_error(args[1], error));
  if (Reply turn = check_color(args[0]); !turn.ok) return failure("illegal move: " + turn.text);
  return play_for_side_to_move(args[1]);
}

Reply GtpEngine::genmove(const Args& args) {
  if (args.size() != 1) return failure("genmove needs a color");
  if (Reply turn = check_color(args[0]); !turn.ok) return turn;
  return success(move_text(engine_move(), game_.size()));
}

Reply GtpEngine::undo(const Args&) {
  if (!game_.undo()) return failure("cannot undo");
  return success();
}

Reply GtpEngine::showboard(const Args&) {
  const int n = game_.size();
  std::string letters = "   ";
  for (int c = 0; c < n; ++c) letters += std::string(" ") + column_letter(c);
  std::string out = "\n" + letters + "\n";
  std::vector<std::string> rows = game_.board_rows();
  for (int i = 0; i < n; ++i) {
    char number[16];
    std::snprintf(number, sizeof number, "%3d", n - i);
    std::string line = number;
    for (char c : rows[i]) line += std::string(" ") + c;
    out += line + " " + std::string(number + (n - i < 10 ? 2 : 1)) + "\n";
  }
  out += letters + "\n";
  out += std::string(game_title(game_.kind())) + ", phase " + std::string(phase_name(game_)) + ", player " +
         std::to_string(game_.state().to_move()) + " (" +
         std::string(color_name(game_.state().color_to_move())) + ") to move, " +
         std::to_string(game_.state().moves_played()) + " moves";
  if (game_.state().prisoners(Color::black) + game_.state().prisoners(Color::white) > 0)
    out += ", prisoners black " + std::to_string(game_.state().prisoners(Color::black)) + " white " +
           std::to_string(game_.state().prisoners(Color::white));
  if (game_.state().is_over()) out += ", over: " + result_text(game_);
  return success(out);
}

Reply GtpEngine::final_score(const Args&) {
  if (game_.state().is_over()) return success(result_text(game_));
  Score s = game_.state().score();
  if (!s.defined) return failure("Looper has no score: the game is won by a loop or by blocking it");
  if (s.black == s.white) return success("0");
  return success((s.black > s.white ? "B+" : "W+") + format_number(std::fabs(s.black - s.white)));
}

Reply GtpEngine::time_settings(const Args& args) {
  return bot_time_settings(args);
}

Reply GtpEngine::time_left(const Args& args) {
  if (args.size() != 3 || !parse_color(args[0])) return failure("time_left needs a color and two integers");
  return bot_time_left(args);
}

Reply GtpEngine::loadsgf(const Args& args) {
  if (args.empty() || args.size() > 2) return failure("loadsgf needs a file name [move_number]");
  std::optional<int> move_number;
  if (args.size() == 2) {
    move_number = parse_int(args[1]);
    if (!move_number || *move_number < 1) return failure("move_number must be a positive integer");
  }
  std::ifstream file(args[0], std::ios::binary);
  if (!file) return failure("cannot read file " + quote_input(args[0]));
  // A cap, so `loadsgf /dev/zero` cannot hang the engine or eat the memory.
  constexpr size_t max_bytes = 16 << 20;
  std::string text(max_bytes + 1, '\0');
  file.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<size_t>(file.gcount()));
  if (text.size() > max_bytes) return failure("file " + quote_input(args[0]) + " is larger than 16 MB");
  std::string error;
  std::optional<AnyGame> game = read_sgf(text, error);
  if (!game) return failure(error);
  if (move_number && *move_number - 1 < static_cast<int>(game->moves().size())) {
    // GTP: the position before move `move_number`.
    GameRecord record = game->record();
    record.moves.resize(*move_number - 1);
    game = AnyGame::replay(record, error);
    if (!game) return failure(error);
  }
  game_ = std::move(*game);
  return success();
}

Reply GtpEngine::printsgf(const Args& args) {
  std::string sgf = write_sgf(game_);
  if (args.empty()) {
    while (!sgf.empty() && sgf.back() == '\n') sgf.pop_back();
    return success(sgf);
  }
  std::ofstream file(args[0], std::ios::binary);
  if (!file || !(file << sgf)) return failure("cannot write file " + quote_input(args[0]));
  return success();
}

// --- Stonegrid extensions --------------------------------------------------------------------

Reply GtpEngine::stonegrid_game(const Args& args) {
  if (args.size() != 1) return failure("stonegrid-game needs a game: " + game_names());
  std::optional<GameKind> kind = game_kind(args[0]);
  if (!kind) return failure("unknown game " + quote_input(args[0]) + " (" + game_names() + ")");
  GameSettings settings;
  settings.kind = *kind;
  settings.size = game_.size();
  std::string error;
  if (!AnyGame::create(settings, error)) settings.size = 0;  // e.g. an even size for Loose
  if (*kind == game_.kind()) settings = game_.settings();
  return new_game(settings);
}

Reply GtpEngine::stonegrid_play(const Args& args) {
  if (args.size() != 1) return failure("stonegrid-play needs one move, e.g. D4, pass, take, A1+C3");
  return play_for_side_to_move(args[0]);
}

Reply GtpEngine::stonegrid_legal(const Args&) {
  return success(legal_text());
}

Reply GtpEngine::stonegrid_genmove(const Args&) {
  if (game_.state().is_over()) return failure("the game is over");
  return success(move_text(engine_move(), game_.size()));
}

Reply GtpEngine::stonegrid_state(const Args&) {
  return success(game_.state_json());
}

// --- GoGui rules protocol --------------------------------------------------------------------

Reply GtpEngine::rules_game_id(const Args&) {
  return success(std::string(game_title(game_.kind())));
}

Reply GtpEngine::rules_board(const Args&) {
  std::string out;
  for (const std::string& row : game_.board_rows()) {
    if (!out.empty()) out += '\n';
    for (size_t i = 0; i < row.size(); ++i) {
      if (i) out += ' ';
      out += row[i];
    }
  }
  return success(out);
}

Reply GtpEngine::rules_board_size(const Args&) {
  return success(std::to_string(game_.size()));
}

Reply GtpEngine::rules_legal_moves(const Args&) {
  return success(legal_text());
}

Reply GtpEngine::rules_side_to_move(const Args&) {
  return success(game_.state().color_to_move() == Color::white ? "white" : "black");
}

Reply GtpEngine::rules_final_result(const Args&) {
  if (!game_.state().is_over()) return success("unknown");
  std::string result = result_text(game_);
  return success(result == "0" ? "Draw" : result);
}

Reply GtpEngine::rules_captured_count(const Args&) {
  // GoGui reads "<white stones captured> <black stones captured>".
  return success(std::to_string(game_.state().prisoners(Color::white)) + " " +
                 std::to_string(game_.state().prisoners(Color::black)));
}

Reply GtpEngine::analyze_commands(const Args&) {
  return success(
      "string/Stonegrid state/stonegrid-state\n"
      "string/Legal moves/stonegrid-legal\n"
      "string/Final result/gogui-rules_final_result\n"
      "string/Final score/final_score\n"
      "none/Stonegrid move/stonegrid-genmove");
}

}  // namespace stonegrid
