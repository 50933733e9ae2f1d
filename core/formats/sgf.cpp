// SGF writing and reading. Read bottom up: the lexer/parser (`Parser`) turns text into the main
// line's nodes, each property value keeping its byte offset for error messages; `read_sgf`
// walks those nodes and replays them through AnyGame, so the rules decide every move.
// `write_sgf` replays the record too, to learn each move's colour and (Loose) its flips.
#include "formats/sgf.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>

#include "rules/notation.h"

namespace stonegrid {

// --- points ----------------------------------------------------------------------------------

std::string sgf_point(Point p, int size) {
  int column = p % size, row_from_top = size - 1 - p / size;
  return {static_cast<char>('a' + column), static_cast<char>('a' + row_from_top)};
}

std::optional<Point> parse_sgf_point(std::string_view text, int size) {
  if (text.size() != 2) return std::nullopt;
  int column = text[0] - 'a', row_from_top = text[1] - 'a';
  if (column < 0 || column >= size || row_from_top < 0 || row_from_top >= size) return std::nullopt;
  return static_cast<Point>((size - 1 - row_from_top) * size + column);
}

// --- writing ---------------------------------------------------------------------------------

std::string escape_sgf_text(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == ']' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

namespace {

std::string escape(std::string_view text) {
  return escape_sgf_text(text);
}

std::string rules_name(const AnyGame& game) {
  return std::string(game.facts().variants[game.settings().variant].sgf_ruleset);
}

std::string point_list(const std::vector<Point>& points, int size) {
  std::string out;
  for (Point p : points) {
    out += '[';
    out += sgf_point(p, size);
    out += ']';
  }
  return out;
}

}  // namespace

std::string write_sgf(const AnyGame& game, const std::vector<std::string>& annotations,
                      const SgfPlayers& players) {
  const int n = game.size();
  std::string out = "(;FF[4]CA[UTF-8]GM[1]AP[Stonegrid:0.1.0]SG[" + std::string(game.name()) + "]SZ[" +
                    std::to_string(n) + "]";
  if (game.facts().has_komi) out += "KM[" + format_number(game.komi()) + "]";
  if (game.settings().komi_named_by != Color::empty)
    out += std::string("XK[") + (game.settings().komi_named_by == Color::black ? "B" : "W") + "]";
  out += "RU[" + rules_name(game) + "]GN[" + escape(std::string(game_title(game.kind()))) + " " +
         std::to_string(n) + "\u00d7" + std::to_string(n) + "]";
  if (!players.black.empty()) out += "PB[" + escape(players.black) + "]";
  if (!players.white.empty()) out += "PW[" + escape(players.white) + "]";
  if (game.state().is_over()) out += "RE[" + result_text(game) + "]";

  // Replay to know the set-up board, who moved and what each placement changed.
  GameRecord start = game.record();
  start.moves.clear();
  std::string error;
  std::optional<AnyGame> replay = AnyGame::replay(start, error);
  // The set-up board as it stands when play starts, not the setup steps that made it (they
  // may overwrite or erase each other; the rules see only the result).
  std::vector<Point> black, white;
  for (int row = n - 1; row >= 0; --row)
    for (int column = 0; column < n; ++column) {
      const Point p = replay->state().geometry().at(column, row);
      if (replay->state().at(p) != Color::empty)
        (replay->state().at(p) == Color::black ? black : white).push_back(p);
    }
  if (!black.empty()) out += "AB" + point_list(black, n);
  if (!white.empty()) out += "AW" + point_list(white, n);
  int on_line = 0;
  std::vector<Color> board_before(n * n);
  for (const Move& move : game.moves()) {
    if (move.kind == Move::Kind::resign) break;  // written as RE[..+R]
    // What the node needs from before the move: no copy of the game (its record grows).
    const Color mover = replay->state().color_to_move();
    // Before colours are decided (Looper's ballot) a turn is written by player, not colour.
    const bool by_player = replay->state().black_player() == 0;
    const int player_to_move = replay->state().to_move();
    if (move.is_place())
      for (Point p = 0; p < n * n; ++p) board_before[p] = replay->state().at(p);
    replay->play(move);
    const char* color = mover == Color::white ? "W" : "B";
    std::string node = ";";
    if (by_player) {
      std::vector<Point> stones(move.points.begin(), move.points.begin() + move.count);
      std::string player = "XP[" + std::to_string(player_to_move) + "]";
      node += move.kind == Move::Kind::take
                  ? "XT[]" + player
                  : "XB" + point_list(stones, n) + player + "AB" + point_list(stones, n);
    } else if (move.kind == Move::Kind::pass) {
      node += std::string(color) + "[]";
    } else if (move.is_place()) {
      node += std::string(color) + "[" + sgf_point(move.point(), n) + "]";
      {  // stones that turned to the mover's colour (Loose flips), written as setup
        std::vector<Point> flipped;
        for (Point p = 0; p < n * n; ++p)
          if (p != move.point() && board_before[p] == opponent(mover) && replay->state().at(p) == mover)
            flipped.push_back(p);
        if (!flipped.empty()) node += (mover == Color::black ? "AB" : "AW") + point_list(flipped, n);
      }
    } else {
      node += "XT[]";  // `take` outside a ballot cannot be in a record; kept for safety
    }
    if (const size_t i = static_cast<size_t>(&move - game.moves().data()); i < annotations.size())
      node += annotations[i];
    if (on_line + node.size() > 78) {
      out += "\n";
      on_line = 0;
    }
    out += node;
    on_line += static_cast<int>(node.size());
  }
  out += ")\n";
  return out;
}

// --- parsing ---------------------------------------------------------------------------------

namespace {

struct Property {
  std::string id;
  size_t at = 0;  // offset of the identifier
  std::vector<std::string> values;
  std::vector<size_t> value_at;  // offset of each '['
};

struct Node {
  size_t at = 0;
  std::vector<Property> properties;
  const Property* find(std::string_view id) const {
    for (const Property& p : properties)
      if (p.id == id) return &p;
    return nullptr;
  }
};

// "sgf: line L, column C: message" for a byte offset (columns count UTF-8 characters).
std::string where(std::string_view text, size_t at, std::string_view message) {
  int line = 1, column = 1;
  for (size_t i = 0; i < at && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
      ++column;
    }
  }
  return "sgf: line " + std::to_string(line) + ", column " + std::to_string(column) + ": " +
         std::string(message);
}

// The length of the UTF-8 character starting at text[i], or 0 when the bytes there are not one
// (a rough check: lead byte and continuation bytes only).
size_t character_length(std::string_view text, size_t i) {
  const unsigned char lead = static_cast<unsigned char>(text[i]);
  const size_t length = lead < 0x80                    ? 1
                        : lead >= 0xC2 && lead <= 0xDF ? 2
                        : lead >= 0xE0 && lead <= 0xEF ? 3
                        : lead >= 0xF0 && lead <= 0xF4 ? 4
                                                       : 0;
  if (length == 0 || i + length > text.size()) return 0;
  for (size_t k = 1; k < length; ++k)
    if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return 0;
  return length;
}

// Input as an error message shows it: at most `limit` characters (then "…"), control characters
// and bytes that are not UTF-8 as '?' — one short line of UTF-8 whatever the file holds (a value
// can be a megabyte long, or hold the blank line that ends a GTP response).
constexpr int max_quoted = 40;
std::string quote(std::string_view text, int limit = max_quoted) {
  std::string out;
  size_t i = 0;
  for (int shown = 0; i < text.size(); ++shown) {
    if (shown == limit) return out + "\u2026";
    const size_t length = character_length(text, i);
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (length == 0 || (length == 1 && (c < 0x20 || c == 0x7F)))
      out += '?';
    else
      out += text.substr(i, length);
    i += length == 0 ? 1 : length;
  }
  return out;
}

// Reads one game tree of a collection (the first, or the one at `start`) and keeps the nodes of
// its main line; `end()` is then the offset just after its ')'. Iterative, so deeply nested
// variations cannot overflow the stack.
class Parser {
 public:
  explicit Parser(std::string_view text, size_t start = 0) : text_(text), pos_(start) {}

  size_t end() const { return pos_; }
  // Also keep every line from the root to a leaf (a problem's right and wrong answers), at most
  // `max_sgf_lines` of them.
  void keep_lines(std::vector<std::vector<Node>>* lines) { lines_ = lines; }

  bool parse(std::vector<Node>& main_line, std::string& error) {
    if (pos_ == 0 && text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;  // UTF-8 byte order mark
    skip_space();
    if (pos_ >= text_.size()) return fail(pos_, "empty file: no game tree", error);
    if (text_[pos_] != '(') return fail(pos_, "expected '(' to start a game tree", error);
    // For each open '(' : is it on the main line, and has a child variation been seen yet.
    struct Open {
      bool main;
      bool had_child;
      bool had_node;
      size_t path_at;  // the length of `path` at its '('
    };
    std::vector<Open> open;
    std::vector<Node> path;  // the nodes from the root to here (when lines are kept)
    while (true) {
      skip_space();
      if (pos_ >= text_.size()) return fail(pos_, "unexpected end of file: missing ')'", error);
      char c = text_[pos_];
      if (c == '(') {
        bool main = open.empty() || (open.back().main && !open.back().had_child);
        if (!open.empty()) {
          if (!open.back().had_node) return fail(pos_, "a game tree must start with a node ';'", error);
          open.back().had_child = true;
        }
        open.push_back({main, false, false, path.size()});
        ++pos_;
        skip_space();
        if (pos_ < text_.size() && text_[pos_] != ';')
          return fail(pos_, "expected ';' to start a node after '('", error);
      } else if (c == ')') {
        if (!open.back().had_node) return fail(pos_, "empty game tree '()'", error);
        if (lines_ && !open.back().had_child) {
          if (lines_->size() >= max_sgf_lines)
            return fail(pos_, "more than " + std::to_string(max_sgf_lines) + " variations", error);
          lines_->push_back(path);
        }
        path.resize(open.back().path_at);
        open.pop_back();
        ++pos_;
        if (open.empty()) return true;  // the rest of a collection is other games
      } else if (c == ';') {
        if (open.back().had_child)
          return fail(pos_, "a node after a variation (nodes must come before '(')", error);
        open.back().had_node = true;
        if (++nodes_ > max_sgf_nodes)
          return fail(
              pos_,
              "more than " + std::to_string(max_sgf_nodes) + " nodes; Stonegrid reads at most that many",
              error);
        Node node;
        node.at = pos_++;
        if (!parse_properties(node, error)) return false;
        if (lines_) path.push_back(node);
        if (open.back().main) main_line.push_back(std::move(node));
      } else {
        return fail(pos_,
                    "unexpected character '" +
                        quote(text_.substr(pos_, std::max<size_t>(1, character_length(text_, pos_)))) + "'",
                    error);
      }
    }
  }

 private:
  bool fail(size_t at, std::string_view message, std::string& error) {
    error = where(text_, at, message);
    return false;
  }

  std::vector<std::vector<Node>>* lines_ = nullptr;

  void skip_space() {
    while (pos_ < text_.size() &&
           (text_[pos_] == ' ' || text_[pos_] == '\n' || text_[pos_] == '\r' || text_[pos_] == '\t'))
      ++pos_;
  }

  static bool is_letter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

  bool parse_properties(Node& node, std::string& error) {
    while (true) {
      skip_space();
      if (pos_ >= text_.size() || !is_letter(text_[pos_])) return true;
      Property property;
      property.at = pos_;
      while (pos_ < text_.size() && is_letter(text_[pos_])) {
        // FF[3] allowed lower-case letters inside identifiers (AddBlack = AB); drop them.
        if (text_[pos_] >= 'A' && text_[pos_] <= 'Z') property.id += text_[pos_];
        ++pos_;
      }
      if (property.id.empty())
        return fail(property.at, "a property identifier needs upper-case letters", error);
      skip_space();
      while (pos_ < text_.size() && text_[pos_] == '[') {
        size_t start = pos_++;
        std::string value;
        bool closed = false;
        while (pos_ < text_.size()) {
          char c = text_[pos_++];
          if (c == ']') {
            closed = true;
            break;
          }
          if (c == '\\' && pos_ < text_.size()) {
            char next = text_[pos_++];
            if (next == '\n' || next == '\r') {  // soft line break
              if (next == '\r' && pos_ < text_.size() && text_[pos_] == '\n') ++pos_;
              continue;
            }
            c = next;
          }
          value += c;
        }
        if (!closed) return fail(start, "unterminated property value", error);
        property.values.push_back(std::move(value));
        property.value_at.push_back(start);
        skip_space();
      }
      if (property.values.empty())
        return fail(property.at, "property " + quote(property.id) + " has no value", error);
      node.properties.push_back(std::move(property));
    }
  }

  std::string_view text_;
  size_t pos_ = 0;
  int nodes_ = 0;  // every node so far, in any variation
};

// --- reading the nodes into a game -------------------------------------------------------------

bool iequals_suffix(std::string_view text, std::string_view suffix) {
  if (text.size() < suffix.size()) return false;
  text = text.substr(text.size() - suffix.size());
  for (size_t i = 0; i < suffix.size(); ++i) {
    char a = text[i], b = suffix[i];
    if (a >= 'A' && a <= 'Z') a = static_cast<char>(a - 'A' + 'a');
    if (b >= 'A' && b <= 'Z') b = static_cast<char>(b - 'A' + 'a');
    if (a != b) return false;
  }
  return true;
}

std::optional<double> parse_number(std::string_view text) {
  std::string s(text);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.pop_back();
  size_t first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return std::nullopt;
  s = s.substr(first);
  char* end = nullptr;
  double x = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size() || !std::isfinite(x)) return std::nullopt;
  return x;
}

// The variant of `kind` whose SGF ruleset is `ruleset`, or -1.
int variant_named(GameKind kind, const std::string& ruleset) {
  const GameFacts& facts = kind.facts();
  for (int i = 0; i < facts.variant_count; ++i)
    if (facts.variants[i].sgf_ruleset == ruleset) return i;
  return -1;
}

class Reader {
 public:
  Reader(std::string_view text, const std::vector<Node>& nodes) : text_(text), nodes_(nodes) {}

  // Also fill `out` with each node's markup (read_sgf_with_markup).
  void keep_markup(std::vector<Markup>* out) { markup_ = out; }

  std::optional<AnyGame> read(std::string& error) {
    error_ = &error;
    const Node& root = nodes_.front();
    GameSettings settings;
    settings.size = 19;
    if (const Property* gm = root.find("GM"); gm && gm->values[0] != "1")
      return fail(gm->value_at[0],
                  "only GM[1] (Go) files are supported, not GM[" + quote(gm->values[0]) + "]");
    const Property* sg = root.find("SG");
    ours_ = sg != nullptr;
    const Property* ru = root.find("RU");
    if (sg) {
      std::optional<GameKind> kind = game_kind(sg->values[0]);
      if (!kind) return fail(sg->value_at[0], "unknown game '" + quote(sg->values[0]) + "' in SG");
      settings.kind = *kind;
    } else if (ru) {  // no SG: a game whose ruleset RU names (else Go)
      for (GameKind kind : game_kinds())
        if (variant_named(kind, ru->values[0]) >= 0) settings.kind = kind;
    }
    if (ru) settings.variant = std::max(0, variant_named(settings.kind, ru->values[0]));
    if (const Property* sz = root.find("SZ")) {
      std::string text = sz->values[0];
      // SGF allows SZ[columns:rows]; only square boards are played.
      if (size_t colon = text.find(':');
          colon != std::string::npos && text.substr(0, colon) == text.substr(colon + 1))
        text = text.substr(0, colon);
      std::optional<double> size = parse_number(text);
      if (!size || *size != std::floor(*size) || *size < 1 || *size > 52)
        return fail(sz->value_at[0], "bad board size SZ[" + quote(sz->values[0]) + "]");
      settings.size = static_cast<int>(*size);
    }
    if (const Property* km = root.find("KM"); km && settings.kind.facts().has_komi) {
      std::optional<double> komi = parse_number(km->values[0]);
      if (!komi) return fail(km->value_at[0], "bad komi KM[" + quote(km->values[0]) + "]");
      settings.komi = *komi;
    }
    if (const Property* xk = root.find("XK"); xk && settings.kind.facts().komi_cut_and_choose) {
      const std::string& who = xk->values[0];
      if (who != "B" && who != "W")
        return fail(xk->value_at[0],
                    "XK names the player who named the komi: B or W, not '" + quote(who) + "'");
      settings.komi_named_by = who == "B" ? Color::black : Color::white;
    }
    std::string problem;
    std::optional<AnyGame> created = AnyGame::create(settings, problem);
    if (!created) {
      const Property* culprit = root.find(problem.rfind("komi", 0) == 0 ? "KM" : "SZ");
      return fail(culprit ? culprit->value_at[0] : root.at, problem);
    }
    game_ = std::move(*created);
    const int points = game_->size() * game_->size();
    setup_board_.assign(points, Color::empty);
    set_at_.assign(points, 0);

    for (size_t i = 0; i < nodes_.size(); ++i) {
      if (!read_node(nodes_[i], static_cast<int>(i))) return std::nullopt;
      if (markup_ && !read_markup(nodes_[i])) return std::nullopt;
    }
    if (!setup_done_ && !finish_setup()) return std::nullopt;

    if (const Property* re = root.find("RE"); re && !game_->state().is_over()) {
      if ((iequals_suffix(re->values[0], "+R") || iequals_suffix(re->values[0], "+Resign")) &&
          loser_to_move(re->values[0]))
        game_->play(Move::resign());
    }
    return std::move(game_);
  }

 private:
  std::nullopt_t fail(size_t at, std::string_view message) {
    *error_ = where(text_, at, message);
    return std::nullopt;
  }

  bool stop(size_t at, std::string_view message) {
    fail(at, message);
    return false;
  }

  bool read_node(const Node& node, int index) {
    const Property* move = nullptr;
    int moves = 0;
    for (const Property& p : node.properties)
      if (p.id == "B" || p.id == "W" || p.id == "XB" || p.id == "XT") {
        move = &p;
        ++moves;
      }
    if (moves > 1) return stop(node.at, "a node with more than one move");
    // In our own files, setup on a turn's node (not the root) mirrors the turn for Go viewers:
    // derived, so ignored. Any other setup sets up the board.
    const bool mirror = ours_ && index > 0 && move;
    if (!mirror && !read_setup(node)) return false;
    if (!move) return true;
    if (!setup_done_ && !finish_setup()) return false;
    if (game_->state().is_over()) return stop(move->at, "a move after the end of the game");
    if (move->id == "XB" || move->id == "XT") return read_ballot(node, *move);
    return read_stone(*move);
  }

  // B[..] or W[..]: an ordinary turn of that colour.
  bool read_stone(const Property& property) {
    const int n = game_->size();
    const std::string& value = property.values[0];
    Color color = property.id == "B" ? Color::black : Color::white;
    Move move = Move::pass();
    if (!value.empty() && !(value == "tt" && n <= 19)) {
      std::optional<Point> p = parse_sgf_point(value, n);
      if (!p) return stop(property.value_at[0], bad_point(value));
      move = Move::place(*p);
    }
    if (game_->state().color_to_move() != color) {
      std::string who = color == Color::black ? "Black" : "White";
      if (ours_ || !game_->facts().can_pass)
        return stop(property.at, property.id + "[" + quote(value) + "] but " + who + " is not to move");
      game_->play(Move::pass());  // e.g. White's first move after handicap stones
    }
    return play(move, property.at, property.id + "[" + quote(value) + "]");
  }

  // XB[..][..] (a Looper ballot turn) or XT[] (take), with XP naming the player.
  bool read_ballot(const Node& node, const Property& property) {
    if (!game_->facts().colors_by_take)
      return stop(property.at, property.id + " is a Looper property, not valid in " +
                                   std::string(game_title(game_->kind())));
    if (const Property* xp = node.find("XP")) {
      if (xp->values[0] != std::to_string(game_->state().to_move()))
        return stop(xp->value_at[0], "XP[" + quote(xp->values[0]) + "] but player " +
                                         std::to_string(game_->state().to_move()) + " is to move");
    }
    if (property.id == "XT") return play(Move::take(), property.at, "XT");
    if (property.values.size() > 3) return stop(property.at, "a ballot turn XB has 1 to 3 points");
    Move move = Move::places(0);
    move.count = 0;
    for (size_t k = 0; k < property.values.size(); ++k) {
      std::optional<Point> p = parse_sgf_point(property.values[k], game_->size());
      if (!p) return stop(property.value_at[k], bad_point(property.values[k]));
      move.points[move.count++] = *p;
    }
    return play(move, property.at, "XB");
  }

  bool play(const Move& move, size_t at, const std::string& shown) {
    Illegal why = game_->play(move);
    if (why == Illegal::none) return true;
    std::string text = move_text(move, game_->size());
    return stop(at, "illegal move " + shown + " (" + text + "): " + std::string(describe(why)));
  }

  // AB, AW and AE of one node, onto `setup_board_`, before the first move only. SGF FF[4] says a
  // node names a point at most once among them, so their order would not matter; files that
  // break this (AE[aa:ii]AB[ee], "clear, then add") are read in the order written, the reading
  // their author meant, rather than refused. Successive nodes apply in order.
  bool read_setup(const Node& node) {
    const Geometry& g = game_->state().geometry();
    for (const Property& property : node.properties) {
      if (property.id != "AB" && property.id != "AW" && property.id != "AE") continue;
      if (setup_done_)
        return stop(property.at, "setup " + property.id + " after the first move is not supported");
      const Color c = property.id == "AB" ? Color::black : property.id == "AW" ? Color::white : Color::empty;
      for (size_t k = 0; k < property.values.size(); ++k) {
        Rectangle area;
        if (!rectangle_of(property, k, area)) return false;
        for (int row = area.low_row; row <= area.high_row; ++row)
          for (int column = area.low_column; column <= area.high_column; ++column) {
            setup_board_[g.at(column, row)] = c;
            set_at_[g.at(column, row)] = property.value_at[k];
          }
      }
    }
    return true;
  }

  // Puts the set-up board on the game (only its final state matters to the rules, so each
  // point is set once, whatever the file did on the way) and refuses a board the game's rules
  // could not continue from, at the value that set the named stone.
  bool finish_setup() {
    setup_done_ = true;
    const Geometry& g = game_->state().geometry();
    for (int row = game_->size() - 1; row >= 0; --row)
      for (int column = 0; column < game_->size(); ++column)
        if (const Point p = g.at(column, row); setup_board_[p] != Color::empty)
          game_->setup(p, setup_board_[p]);
    Point stone = no_point;
    if (std::string_view fault = game_->state().setup_fault(stone); !fault.empty())
      return stop(set_at_[stone],
                  "set-up stone " + vertex_text(stone, game_->size()) + " " + std::string(fault));
    return true;
  }

  // The points of value k of a setup property: "aa" or a rectangle "aa:cc".
  struct Rectangle {
    int low_column, high_column, low_row, high_row;
  };
  bool rectangle_of(const Property& property, size_t k, Rectangle& area) {
    const std::string& value = property.values[k];
    const int n = game_->size();
    size_t colon = value.find(':');
    std::optional<Point> a = parse_sgf_point(value.substr(0, colon), n);
    std::optional<Point> b = colon == std::string::npos ? a : parse_sgf_point(value.substr(colon + 1), n);
    if (!a || !b) return stop(property.value_at[k], bad_point(value));
    const Geometry& g = game_->state().geometry();
    area = {std::min(g.column(*a), g.column(*b)), std::max(g.column(*a), g.column(*b)),
            std::min(g.row(*a), g.row(*b)), std::max(g.row(*a), g.row(*b))};
    return true;
  }
  // The same value as a list of points (markup).
  bool points_of(const Property& property, size_t k, std::vector<Point>& points) {
    Rectangle area;
    if (!rectangle_of(property, k, area)) return false;
    const Geometry& g = game_->state().geometry();
    for (int r = area.low_row; r <= area.high_row; ++r)
      for (int c = area.low_column; c <= area.high_column; ++c) points.push_back(g.at(c, r));
    return true;
  }

  // --- markup (read_sgf_with_markup) ---

  bool read_markup(const Node& node) {
    Markup markup;
    markup.moves = static_cast<int>(game_->moves().size());
    static constexpr std::pair<const char*, Markup::Shape> shapes[] = {{"TR", Markup::Shape::triangle},
                                                                       {"SQ", Markup::Shape::square},
                                                                       {"CR", Markup::Shape::circle},
                                                                       {"MA", Markup::Shape::cross}};
    for (auto [id, shape] : shapes) {
      const Property* property = node.find(id);
      if (!property) continue;
      for (size_t k = 0; k < property->values.size(); ++k) {
        std::vector<Point> points;
        if (!points_of(*property, k, points)) return false;
        for (Point p : points) markup.marks.push_back({p, shape});
      }
    }
    if (const Property* lb = node.find("LB"))
      for (size_t k = 0; k < lb->values.size(); ++k) {
        const std::string& value = lb->values[k];
        size_t colon = value.find(':');
        std::optional<Point> p = parse_sgf_point(value.substr(0, colon), game_->size());
        if (!p || colon == std::string::npos)
          return stop(lb->value_at[k], "a label is LB[point:text], not LB[" + value + "]");
        markup.labels.push_back({*p, value.substr(colon + 1)});
      }
    if (const Property* mn = node.find("MN")) {
      std::optional<double> n = parse_number(mn->values[0]);
      if (!n || *n != std::floor(*n) || std::fabs(*n) > 1e6)
        return stop(mn->value_at[0], "bad move number MN[" + mn->values[0] + "]");
      markup.move_number = static_cast<int>(*n);
    }
    if (const Property* pm = node.find("PM")) {
      const std::string& value = pm->values[0];
      if (value != "0" && value != "1" && value != "2")
        return stop(pm->value_at[0], "PM is 0, 1 or 2, not PM[" + value + "]");
      markup.print_moves = value[0] - '0';
    }
    if (const Property* c = node.find("C")) markup.comment = c->values[0];
    for (const Property& property : node.properties)
      markup.properties.push_back({property.id, property.values});
    markup_->push_back(std::move(markup));
    return true;
  }

  // RE names a winner ("W+R", "2+R") and the side to move is the other one: it resigned. A
  // result the record cannot end with (the winner to move) is not applied.
  bool loser_to_move(const std::string& result) const {
    const char winner =
        result.empty() ? ' ' : static_cast<char>(std::toupper(static_cast<unsigned char>(result[0])));
    if (winner == '1' || winner == '2') return game_->state().to_move() != winner - '0';
    if (game_->state().black_player() == 0 || (winner != 'B' && winner != 'W')) return false;
    return game_->state().color_to_move() == (winner == 'B' ? Color::white : Color::black);
  }

  std::string bad_point(const std::string& value) const {
    const int n = game_->size();
    return "bad point '" + quote(value) + "' for a " + std::to_string(n) + "\u00d7" + std::to_string(n) +
           " board";
  }

  std::string_view text_;
  const std::vector<Node>& nodes_;
  std::string* error_ = nullptr;
  bool ours_ = false;
  std::optional<AnyGame> game_;
  // The board the setup properties make, kept apart until the first move (`finish_setup`).
  std::vector<Color> setup_board_;
  std::vector<size_t> set_at_;  // per point: where its last setup value is, for errors
  bool setup_done_ = false;
  std::vector<Markup>* markup_ = nullptr;
};

}  // namespace

std::optional<AnyGame> read_sgf(std::string_view text, std::string& error) {
  if (text.size() > max_sgf_bytes) {
    error = "sgf: the text is " + std::to_string(text.size()) + " bytes; Stonegrid reads at most " +
            std::to_string(max_sgf_bytes >> 20) + " MiB (" + std::to_string(max_sgf_bytes) + " bytes)";
    return std::nullopt;
  }
  std::vector<Node> main_line;
  Parser parser(text);
  if (!parser.parse(main_line, error)) return std::nullopt;
  Reader reader(text, main_line);
  return reader.read(error);
}

std::optional<SgfRecord> read_sgf_with_markup(std::string_view text, std::string& error) {
  std::vector<Node> main_line;
  Parser parser(text);
  if (!parser.parse(main_line, error)) return std::nullopt;
  std::vector<Markup> nodes;
  Reader reader(text, main_line);
  reader.keep_markup(&nodes);
  std::optional<AnyGame> game = reader.read(error);
  if (!game) return std::nullopt;
  return SgfRecord{std::move(*game), std::move(nodes)};
}

std::optional<std::vector<SgfTree>> read_sgf_collection(std::string_view text, std::string& error) {
  if (text.size() > max_sgf_bytes) {
    error = "sgf: the text is " + std::to_string(text.size()) + " bytes; Stonegrid reads at most " +
            std::to_string(max_sgf_bytes >> 20) + " MiB (" + std::to_string(max_sgf_bytes) + " bytes)";
    return std::nullopt;
  }
  std::vector<SgfTree> trees;
  size_t start = 0;
  while (true) {
    if (start == 0 && text.substr(0, 3) == "\xEF\xBB\xBF") start = 3;
    while (start < text.size() && std::string_view(" \n\r\t").find(text[start]) != std::string_view::npos)
      ++start;
    if (start == text.size() && !trees.empty()) return trees;
    std::vector<Node> main_line;
    Parser parser(text, start);
    if (!parser.parse(main_line, error)) return std::nullopt;
    std::vector<Markup> nodes;
    Reader reader(text, main_line);
    reader.keep_markup(&nodes);
    std::optional<AnyGame> game = reader.read(error);
    if (!game) return std::nullopt;
    trees.push_back(
        {SgfRecord{std::move(*game), std::move(nodes)}, text.substr(start, parser.end() - start)});
    start = parser.end();
  }
}

std::optional<std::vector<SgfRecord>> read_sgf_lines(std::string_view text, std::string& error) {
  if (text.size() > max_sgf_bytes) {
    error = "sgf: the text is " + std::to_string(text.size()) + " bytes; Stonegrid reads at most " +
            std::to_string(max_sgf_bytes >> 20) + " MiB (" + std::to_string(max_sgf_bytes) + " bytes)";
    return std::nullopt;
  }
  std::vector<Node> main_line;
  std::vector<std::vector<Node>> lines;
  Parser parser(text);
  parser.keep_lines(&lines);
  if (!parser.parse(main_line, error)) return std::nullopt;
  std::vector<SgfRecord> records;
  for (const std::vector<Node>& line : lines) {
    std::vector<Markup> nodes;
    Reader reader(text, line);
    reader.keep_markup(&nodes);
    std::optional<AnyGame> game = reader.read(error);
    if (!game) return std::nullopt;
    records.push_back(SgfRecord{std::move(*game), std::move(nodes)});
  }
  return records;
}

const Markup* markup_after(const std::vector<Markup>& nodes, int moves) {
  const Markup* found = nullptr;
  for (const Markup& node : nodes)
    if (node.moves == moves) found = &node;
  return found;
}

}  // namespace stonegrid
