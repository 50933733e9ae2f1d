// Sensei's Library diagrams (sl_diagram.h has the notation). Reading goes in three passes: split
// the text into the header and the rows, each point kept with its line and column (`scan`);
// place the rows on a board of the right size (`place`); then set up the stones and play the
// numbered moves through the game's own rules (`build`). Writing is the reverse and shorter.
#include "formats/sl_diagram.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <functional>
#include <map>

#include "formats/diagram.h"
#include "rules/notation.h"

namespace stonegrid {

namespace {

// --- scanning the text -------------------------------------------------------------------------

struct Place {
  int line = 0, column = 0;
};

struct Token {
  char symbol = 0;
  Place at;
};

struct Scanned {
  Color first = Color::black;  // who plays the first numbered move
  bool first_given = false;    // the header named it
  bool coordinates = false;
  int size = 0;  // 0: not given
  int first_number = 1;
  std::string caption;
  Place header;
  std::vector<std::vector<Token>> rows;  // top row first, edges removed
  bool top = false, bottom = false, left = false, right = false;
};

std::string where(Place at) {
  return "sl: line " + std::to_string(at.line) + ", column " + std::to_string(at.column) + ": ";
}

bool fail(std::string& error, Place at, const std::string& problem) {
  error = where(at) + problem;
  return false;
}

// A byte as the error shows it: printable ASCII as is, anything else '?'.
std::string shown(char c) {
  return std::string(1, c >= 0x21 && c <= 0x7e ? c : '?');
}

// A caption as one line: control characters (a line break, a tab) become spaces, and spaces
// at either end are dropped. Reading and writing both use it, so a caption written reads back.
std::string one_line(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
  size_t start = out.find_first_not_of(' '), end = out.find_last_not_of(' ');
  return start == std::string::npos ? "" : out.substr(start, end - start + 1);
}

bool is_point_symbol(char c) {
  return std::string_view(".,+XOBW#@CS0123456789").find(c) != std::string_view::npos ||
         (c >= 'a' && c <= 'z');
}

// The header line after "$$": [B|W][c][size][m<n>] caption.
bool scan_header(std::string_view line, size_t at, int line_number, Scanned& s, std::string& error) {
  s.header = {line_number, static_cast<int>(at) - 1};
  auto digits = [&](size_t& i) {
    int value = 0;
    size_t start = i;
    while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i])) && i - start < 4)
      value = value * 10 + (line[i++] - '0');
    return i > start ? value : -1;
  };
  size_t i = at;
  if (i < line.size() && (line[i] == 'B' || line[i] == 'W'))
    s.first = line[i++] == 'B' ? Color::black : Color::white, s.first_given = true;
  if (i < line.size() && line[i] == 'c') s.coordinates = true, ++i;
  if (int size = digits(i); size >= 0) s.size = size;
  if (i + 1 < line.size() && line[i] == 'm' && std::isdigit(static_cast<unsigned char>(line[i + 1]))) {
    ++i;
    s.first_number = digits(i);
    if (s.first_number < 1)
      return fail(error, {line_number, static_cast<int>(i)}, "the first move number is 1 or more");
  }
  s.caption = one_line(line.substr(i));
  // A bare `$$` before what looks like a row: the header was forgotten.
  if (i == at && (s.caption.starts_with("|") || s.caption.starts_with("--") || s.caption.starts_with("+-")))
    return fail(error, {line_number, static_cast<int>(line.find_first_not_of(" \t", i)) + 1},
                "the first line is the header ($$, $$B or $$W, then the caption), not a row of the board");
  return true;
}

// One line after the header: a border line, a row, or nothing (blank, a link).
bool scan_line(std::string_view line, size_t at, int line_number, Scanned& s, std::string& error) {
  std::vector<Token> tokens;
  for (size_t i = at; i < line.size(); ++i)
    if (line[i] != ' ' && line[i] != '\t')
      tokens.push_back({line[i], {line_number, static_cast<int>(i) + 1}});
  if (tokens.empty() || tokens[0].symbol == '[') return true;  // blank, or a link `[a|Page]`
  const bool border =
      std::all_of(tokens.begin(), tokens.end(),
                  [](const Token& t) { return t.symbol == '-' || t.symbol == '+'; }) &&
      std::any_of(tokens.begin(), tokens.end(), [](const Token& t) { return t.symbol == '-'; });
  if (border) {
    if (s.rows.empty()) {
      if (s.top) return fail(error, tokens[0].at, "a second top edge");
      s.top = true;
    } else {
      if (s.bottom) return fail(error, tokens[0].at, "a second bottom edge");
      s.bottom = true;
    }
    return true;
  }
  if (s.bottom) return fail(error, tokens[0].at, "a row below the bottom edge");
  const bool left = tokens.front().symbol == '|', right = tokens.size() > 1 && tokens.back().symbol == '|';
  if (left) tokens.erase(tokens.begin());
  if (right) tokens.pop_back();
  if (s.rows.empty()) {
    s.left = left, s.right = right;
  } else if (left != s.left) {
    return fail(error, {line_number, static_cast<int>(at) + 1},
                left ? "this row has a left edge '|' and the first row has none"
                     : "this row has no left edge '|' and the first row has one");
  } else if (right != s.right) {
    return fail(error, {line_number, static_cast<int>(line.size())},
                right ? "this row has a right edge '|' and the first row has none"
                      : "this row has no right edge '|' and the first row has one");
  }
  for (const Token& t : tokens)
    if (!is_point_symbol(t.symbol))
      return fail(error, t.at,
                  std::string("'")
                      .append(shown(t.symbol))
                      .append("' is not a diagram point (X O . , + 1-9 0 B W # @ C S a-z)"));
  if (!s.rows.empty() && tokens.size() != s.rows.front().size())
    return fail(error, tokens.empty() ? Place{line_number, static_cast<int>(at) + 1} : tokens.back().at,
                "this row has " + std::to_string(tokens.size()) + " points and the first row has " +
                    std::to_string(s.rows.front().size()));
  if (tokens.empty()) return fail(error, {line_number, static_cast<int>(at) + 1}, "a row with no points");
  s.rows.push_back(std::move(tokens));
  return true;
}

bool scan(std::string_view text, Scanned& s, std::string& error) {
  if (text.size() > max_sl_bytes)
    return fail(error, {1, 1}, "the diagram is longer than " + std::to_string(max_sl_bytes / 1024) + " KiB");
  bool header_seen = false;
  int line_number = 0;
  for (size_t start = 0; start <= text.size();) {
    size_t end = std::min(text.find('\n', start), text.size());
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    start = end + 1;
    ++line_number;
    size_t at = line.find_first_not_of(" \t");
    if (at == std::string_view::npos) continue;
    if (!line.substr(at).starts_with("$$"))
      return fail(error, {line_number, static_cast<int>(at) + 1}, "a diagram line starts with $$");
    if (!header_seen) {
      header_seen = true;
      if (!scan_header(line, at + 2, line_number, s, error)) return false;
    } else if (!scan_line(line, at + 2, line_number, s, error)) {
      return false;
    }
  }
  if (!header_seen) return fail(error, {1, 1}, "no diagram: the text has no $$ line");
  if (s.rows.empty()) return fail(error, {line_number, 1}, "the diagram has no rows");
  return true;
}

// --- placing the rows on the board ------------------------------------------------------------

// The board's size and the view, from the header, the options and the edges.
bool place(const Scanned& s, const SlReadOptions& options, int& size, SlView& view, std::string& error) {
  const int width = static_cast<int>(s.rows.front().size()), height = static_cast<int>(s.rows.size());
  size = s.size ? s.size : options.size;
  if (!size) size = s.left && s.right ? width : s.top && s.bottom ? height : 19;
  if (width > size || height > size)
    return fail(error, s.header,
                "the diagram shows " + std::to_string(width) + "×" + std::to_string(height) +
                    " points, more than a " + std::to_string(size) + "×" + std::to_string(size) +
                    " board has");
  if (s.left && s.right && width != size)
    return fail(error, s.header,
                "the rows have both edges, so the board is " + std::to_string(width) + " wide, not " +
                    std::to_string(size));
  if (s.top && s.bottom && height != size)
    return fail(error, s.header,
                "the edges above and below make the board " + std::to_string(height) + " high, not " +
                    std::to_string(size));
  view.left = s.left ? 0 : s.right ? size - width : (size - width) / 2;
  view.right = view.left + width - 1;
  view.top = s.top ? size - 1 : s.bottom ? height - 1 : (size + height) / 2 - 1;
  view.bottom = view.top - height + 1;
  return true;
}

// --- the position ------------------------------------------------------------------------------

struct Numbered {
  Point point = no_point;
  Place at;
};

bool build(const Scanned& s, int size, const SlView& view, const SlReadOptions& options, SlDiagram& d,
           std::string& error) {
  std::string problem;
  std::optional<AnyGame> game = AnyGame::create(options.game, size, options.komi, problem);
  if (!game) return fail(error, s.header, problem);
  const Geometry& g = game->state().geometry();
  const bool torus = g.topology == Topology::torus;
  if (torus && !(s.top && s.bottom && s.left && s.right))
    return fail(
        error, s.header,
        std::string(game->facts().short_title) +
            "'s board wraps and has no edge: a diagram of it shows the whole board, with all four edges");

  std::map<int, Numbered> numbered;  // by number, 1..10
  std::vector<Place> placed_at(g.points);
  for (int r = 0; r < static_cast<int>(s.rows.size()); ++r)
    for (int c = 0; c < static_cast<int>(s.rows[r].size()); ++c) {
      const Token& t = s.rows[r][c];
      const Point p = g.at(view.left + c, view.top - r);
      placed_at[p] = t.at;
      const char x = t.symbol;
      Color stone = x == 'X' || x == 'B' || x == '#'   ? Color::black
                    : x == 'O' || x == 'W' || x == '@' ? Color::white
                                                       : Color::empty;
      if (stone != Color::empty && !game->setup(p, stone))
        return fail(error, t.at, std::string(game->facts().short_title) + " takes no set-up stones");
      if (x == 'B' || x == 'W' || x == 'C') d.marks.push_back({p, Markup::Shape::circle});
      if (x == '#' || x == '@' || x == 'S') d.marks.push_back({p, Markup::Shape::square});
      if (x >= 'a' && x <= 'z') d.labels.push_back({p, std::string(1, x)});
      if (x >= '0' && x <= '9') {
        const int n = x == '0' ? 10 : x - '0';
        if (torus)
          return fail(error, t.at,
                      "a Looper diagram has no numbered moves (the notation cannot write a ballot turn)");
        if (numbered.count(n)) return fail(error, t.at, "move " + std::to_string(n) + " appears twice");
        numbered[n] = {p, t.at};
      }
    }
  Point stone = no_point;
  if (std::string_view fault = game->state().setup_fault(stone); !fault.empty())
    return fail(error, placed_at[stone],
                "set-up stone " + vertex_text(stone, size) + " " + std::string(fault));

  // The numbered moves, in order, by the game's rules.
  if (!numbered.empty() && numbered.rbegin()->first != static_cast<int>(numbered.size())) {
    int missing = 1;
    while (numbered.count(missing)) ++missing;
    return fail(error, numbered.rbegin()->second.at,
                "move " + std::to_string(missing) + " is missing (the numbers go to " +
                    std::to_string(numbered.rbegin()->first) + ")");
  }
  if (!torus && (s.first_given || !numbered.empty()) && game->state().color_to_move() != s.first) {
    if (!game->facts().can_pass)
      return fail(error, s.header,
                  std::string(game->facts().short_title) + " cannot start with the other colour");
    game->play(Move::pass());
    d.first_numbered = 1;
  }
  for (const auto& [n, move] : numbered)
    if (Illegal why = game->play(Move::place(move.point)); why != Illegal::none)
      return fail(error, move.at,
                  "move " + std::to_string(n) + " at " + vertex_text(move.point, size) +
                      " is not legal: " + std::string(describe(why)));
  d.numbered_moves = static_cast<int>(numbered.size());
  d.game = std::move(*game);
  return true;
}

}  // namespace

std::optional<SlDiagram> read_sl_diagram(std::string_view text, const SlReadOptions& options,
                                         std::string& error) {
  Scanned s;
  if (!scan(text, s, error)) return std::nullopt;
  int size = 0;
  SlDiagram d;
  if (!place(s, options, size, d.view, error)) return std::nullopt;
  if (!build(s, size, d.view, options, d, error)) return std::nullopt;
  d.first_number = d.numbered_moves ? s.first_number : 1;  // (m<n> says nothing without numbers)
  d.caption = s.caption;
  d.coordinates = s.coordinates;
  return d;
}

// --- writing -----------------------------------------------------------------------------------

namespace {

// The moves from `first` (1-based) to the last, as the points the diagram numbers, and the
// position before them in `start`; false with `error` when the notation cannot number them.
bool numbered_moves(const AnyGame& game, int first, std::optional<AnyGame>& start,
                    std::vector<Point>& numbered, std::string& error) {
  const int n = game.size(), total = static_cast<int>(game.moves().size());
  GameRecord before = game.record();
  if (first > 0) {
    if (total - first + 1 > 10) {
      error = "sl: a diagram numbers at most 10 moves, and moves " + std::to_string(first) + " to " +
              std::to_string(total) + " are " + std::to_string(total - first + 1);
      return false;
    }
    before.moves.resize(first - 1);
  }
  start = AnyGame::replay(before, error);
  if (!start) return false;
  for (int k = first; first > 0 && k <= total; ++k) {
    const Move& move = game.moves()[k - 1];
    const std::string name = "move " + std::to_string(k) + " (" + move_text(move, n) + ")";
    if (move.kind != Move::Kind::place || move.count != 1) {
      error = "sl: " + name + " cannot be numbered: a diagram numbers stones placed one at a time";
      return false;
    }
    if (std::find(numbered.begin(), numbered.end(), move.point()) != numbered.end() ||
        start->state().at(move.point()) != Color::empty) {
      error = "sl: " + name + " is played where a stone stood before or after it in the numbered moves; " +
              "number fewer moves (a later first number)";
      return false;
    }
    numbered.push_back(move.point());
  }
  return true;
}

// The options' marks and labels as the notation's signs by point (0: none); what it cannot
// write goes to `note`.
std::vector<char> mark_signs(const AnyGame& start, const SlWriteOptions& options,
                             const std::function<void(const std::string&)>& note) {
  const int n = start.size();
  const int points = start.state().geometry().points;
  std::vector<char> sign(points, 0);
  for (const Markup::Mark& m : options.marks) {
    if (m.point < 0 || m.point >= points) continue;
    const bool on_stone = start.state().at(m.point) != Color::empty;
    const bool black = start.state().at(m.point) == Color::black;
    if (m.shape == Markup::Shape::circle)
      sign[m.point] = on_stone ? (black ? 'B' : 'W') : 'C';
    else if (m.shape == Markup::Shape::square)
      sign[m.point] = on_stone ? (black ? '#' : '@') : 'S';
    else
      note("the " + std::string(m.shape == Markup::Shape::triangle ? "triangle" : "cross") + " on " +
           vertex_text(m.point, n) + " is left out: the notation has circles and squares only");
  }
  for (const Markup::Label& l : options.labels) {
    if (l.point < 0 || l.point >= points) continue;
    if (l.text.size() == 1 && l.text[0] >= 'a' && l.text[0] <= 'z' &&
        start.state().at(l.point) == Color::empty)
      sign[l.point] = l.text[0];
    else
      note("the label '" + l.text + "' on " + vertex_text(l.point, n) +
           " is left out: the notation has one letter a-z on an empty point");
  }
  return sign;
}

// The rows of `view`, each "$$ " and its points, with the edges the view reaches.
std::string diagram_rows(const AnyGame& start, const SlView& view, const std::vector<Point>& numbered,
                         const std::vector<char>& sign, const std::function<void(const std::string&)>& note) {
  const int n = start.size();
  const Geometry& g = start.state().geometry();
  const bool left = view.left == 0, right = view.right == n - 1;
  const int width = view.right - view.left + 1;
  const std::string edge_line = "$$ " + std::string(left ? "+" : "-") + std::string(2 * width + 1, '-') +
                                std::string(right ? "+" : "-") + "\n";
  std::string out;
  if (view.top == n - 1) out += edge_line;
  for (int r = view.top; r >= view.bottom; --r) {
    out += "$$ ";
    out += left ? "| " : "  ";
    for (int c = view.left; c <= view.right; ++c) {
      const Point p = g.at(c, r);
      char x = '.';
      auto number = std::find(numbered.begin(), numbered.end(), p);
      if (number != numbered.end()) {
        const int k = static_cast<int>(number - numbered.begin()) + 1;
        x = static_cast<char>('0' + k % 10);
        if (sign[p]) note("the mark on " + vertex_text(p, n) + " is left out: it holds a numbered move");
      } else if (sign[p]) {
        x = sign[p];
      } else if (Color stone = start.state().at(p); stone != Color::empty) {
        x = stone == Color::black ? 'X' : 'O';
      } else if (is_star_point(n, c, r)) {
        x = ',';
      }
      out += x;
      if (c < view.right) out += ' ';
    }
    if (right) out += " |";
    while (out.back() == ' ') out.pop_back();
    out += "\n";
  }
  if (view.bottom == 0) out += edge_line;
  return out;
}

}  // namespace

std::optional<std::string> write_sl_diagram(const AnyGame& game, const SlWriteOptions& options,
                                            std::string& error, std::vector<std::string>* notes) {
  auto note = [&](const std::string& text) {
    if (notes) notes->push_back(text);
  };
  const int n = game.size();
  const bool torus = game.state().geometry().topology == Topology::torus;
  const SlView view = options.view.value_or(SlView{0, n - 1, 0, n - 1});
  if (view.left < 0 || view.bottom < 0 || view.right >= n || view.top >= n || view.left > view.right ||
      view.bottom > view.top) {
    error = "sl: the part of the board to write is not on the board";
    return std::nullopt;
  }
  if (torus && !view.whole(n)) {
    error = "sl: " + std::string(game.facts().short_title) +
            "'s board wraps: a diagram of it shows the whole board";
    return std::nullopt;
  }

  // The numbered moves and the position before them.
  const int total = static_cast<int>(game.moves().size());
  int first = options.numbers_from;  // 1-based; 0: none
  if (first > 0 && torus) {
    error = "sl: a Looper diagram has no numbered moves (the notation cannot write a ballot turn)";
    return std::nullopt;
  }
  if (first > total) {
    error = "sl: numbers from move " + std::to_string(first) + ", but the record has " +
            std::to_string(total) + " moves";
    return std::nullopt;
  }
  if (first == 1 && first < total && game.moves()[0].kind == Move::Kind::pass) first = 2;  // White starts
  std::vector<Point> numbered;  // point of each numbered move, in order
  std::optional<AnyGame> start;
  if (!numbered_moves(game, first, start, numbered, error)) return std::nullopt;
  const Color first_color = first > 0 ? game.mover(first - 1).color : start->state().color_to_move();

  // The header, then the rows with the marks and labels.
  const std::string caption = one_line(options.caption);
  std::string out = "$$";
  if (!torus) out += first_color == Color::white ? "W" : "B";
  if (options.coordinates) out += "c";
  out += std::to_string(n);
  if (const int shown = options.first_number ? options.first_number : first; first > 0 && shown != 1)
    out += "m" + std::to_string(shown);
  if (!caption.empty()) out += " " + caption;
  out += "\n";
  return out + diagram_rows(*start, view, numbered, mark_signs(*start, options, note), note);
}

std::vector<Markup> sl_markup(const SlDiagram& d) {
  Markup node;
  node.moves = static_cast<int>(d.game.moves().size());
  node.marks = d.marks;
  node.labels = d.labels;
  node.comment = d.caption;
  std::vector<Markup> nodes(1);  // the root: no markup
  if (d.numbered_moves > 0) {
    // Moves before the numbered ones (a leading pass) show no number; the first numbered one
    // shows the header's m<n>.
    nodes[0].moves = d.first_numbered;
    nodes[0].print_moves = 0;
    Markup first;
    first.moves = d.first_numbered + 1;
    first.move_number = d.first_number;
    first.print_moves = 1;
    nodes.push_back(first);
    for (int k = 2; k <= d.numbered_moves; ++k) {
      Markup next;
      next.moves = d.first_numbered + k;
      nodes.push_back(next);
    }
  }
  if (nodes.back().moves == node.moves) {
    node.move_number = nodes.back().move_number;
    node.print_moves = nodes.back().print_moves;
    nodes.back() = node;
  } else {
    nodes.push_back(node);
  }
  return nodes;
}

}  // namespace stonegrid
