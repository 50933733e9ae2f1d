// The SVG writer. Read `diagram_svg` at the end first: it lays the picture out (`Layout`) and
// calls the drawing steps of `Writer` in the app's order (web/position_draw.cpp): board, grid
// and the per-game underlays, stones, the per-game marks, then numbers, SGF marks and labels,
// and the caption. Sizes are fractions of the line spacing `s`, the same fractions the app's
// board uses (web/board_view.cpp), so a diagram looks like the app at any width.
#include "formats/diagram.h"

#include <algorithm>
#include <array>
#include <bitset>
#include <cmath>
#include <cstdio>

#include "rules/notation.h"

namespace stonegrid {

namespace {

// --- colours (shared/UX.md) and text -----------------------------------------------------------

constexpr const char* board_color = "#dcb35c";
constexpr const char* line_color = "#3b2a14";
constexpr const char* black_ink = "#161618";  // marks and numbers on white stones and the board
constexpr const char* white_ink = "#ffffff";  // on black stones
constexpr const char* font_family = "Inter, 'DejaVu Sans', Arial, sans-serif";

struct ThemeColours {
  const char* page;  // nullptr: no background
  const char* text;  // the caption
};

ThemeColours theme_colors(DiagramTheme theme) {
  switch (theme) {
    case DiagramTheme::light:
      return {"#f6f3ee", "#1f2328"};
    case DiagramTheme::dark:
      return {"#22272e", "#e6edf3"};
    case DiagramTheme::wood:
      return {board_color, line_color};
    case DiagramTheme::transparent:
      return {nullptr, "#6e7781"};  // 4.6:1 on white, 3.3:1 on #22272e: one grey for both
  }
  return {nullptr, line_color};
}

// A coordinate with at most one decimal: "33", "12.5".
std::string num(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", std::round(x * 10) / 10);
  std::string s = text;
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
  if (s == "-0") s = "0";
  return s;
}

// Decodes one UTF-8 character at `i` (advancing it); U+FFFD for a malformed byte.
char32_t next_character(std::string_view text, size_t& i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char lead = byte(i);
  int length = lead < 0x80 ? 1 : (lead >> 5) == 6 ? 2 : (lead >> 4) == 14 ? 3 : (lead >> 3) == 30 ? 4 : 0;
  if (length == 0 || i + length > text.size()) {
    ++i;
    return 0xFFFD;
  }
  char32_t c = length == 1 ? lead : lead & (0x7F >> length);
  for (int k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) {
      ++i;
      return 0xFFFD;
    }
    c = (c << 6) | (byte(i + k) & 0x3F);
  }
  static constexpr char32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
  if (c < least[length] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) c = 0xFFFD;  // overlong, surrogate
  i += length;
  return c;
}

void append_utf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

// Text as XML character data: & < > " ' escaped, characters XML forbids (controls, malformed
// UTF-8 from a Latin-1 SGF comment) dropped or replaced, so any comment gives valid XML.
std::string xml_text(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    char32_t c = next_character(text, i);
    if (c == '&')
      out += "&amp;";
    else if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '"')
      out += "&quot;";
    else if (c == '\'')
      out += "&apos;";
    else if (c < 0x20 || c == 0xFFFE || c == 0xFFFF)
      out += ' ';
    else
      append_utf8(out, c);
  }
  return out;
}

size_t characters(std::string_view text) {
  size_t count = 0;
  for (size_t i = 0; i < text.size(); ++count) next_character(text, i);
  return count;
}

// The caption broken into lines of at most `width` characters, at spaces where possible.
std::vector<std::string> wrap_text(std::string_view text, size_t width) {
  std::vector<std::string> lines;
  width = std::max<size_t>(width, 8);
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    std::string_view paragraph = text.substr(start, end == std::string_view::npos ? end : end - start);
    std::string line;
    size_t at = 0;
    while (at < paragraph.size()) {
      size_t space = paragraph.find(' ', at);
      std::string_view word = paragraph.substr(at, space == std::string_view::npos ? space : space - at);
      at = space == std::string_view::npos ? paragraph.size() : space + 1;
      if (word.empty()) continue;
      if (!line.empty() && characters(line) + 1 + characters(word) > width) {
        lines.push_back(line);
        line.clear();
      }
      while (characters(word) > width) {  // a word longer than a line: cut it
        size_t cut = 0;
        for (size_t n = 0; n < width; ++n) next_character(word, cut);
        lines.emplace_back(word.substr(0, cut));
        word = word.substr(cut);
      }
      if (!line.empty()) line += ' ';
      line.append(word);
    }
    lines.push_back(line);
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

// Appends the parts to `out` (and keeps GCC 12's -Wrestrict quiet, which a chain of
// `"literal" + std::string` sets off).
template <typename... Parts>
void add(std::string& out, const Parts&... parts) {
  (out.append(parts), ...);
}

// A circle as path data (two arcs), for the one-path layers.
void add_circle(std::string& d, double x, double y, double r) {
  add(d, "M", num(x - r), " ", num(y), "a", num(r), " ", num(r), " 0 1 0 ", num(2 * r), " 0a", num(r), " ",
      num(r), " 0 1 0 ", num(-2 * r), " 0z");
}

// Whether a mark or label of `options` is on p.
bool is_marked(const DiagramOptions& options, Point p) {
  for (const Markup::Mark& m : options.marks)
    if (m.point == p) return true;
  for (const Markup::Label& m : options.labels)
    if (m.point == p) return true;
  return false;
}

// --- layout ------------------------------------------------------------------------------------

// Display cells as in web/board_view.h: `cells` × `cells`, the main board in the middle with
// `margin` wrapped lines on each side (Looper), cell row 0 at the bottom.
struct Layout {
  int size = 9, margin = 0, cells = 9;
  bool torus = false;
  double s = 36;            // line spacing
  double pad = 0;           // board beyond the outermost line
  double frame = 0;         // page around the board
  double board_side = 0;    // the wooden square
  double caption_size = 0;  // font size of the caption
  std::vector<std::string> caption;
  double width = 0, height = 0;
  // The picture's window onto the drawing (its viewBox): the whole board and its page, or a part
  // (`DiagramOptions::part`). `view_bottom`: where the board's part ends and the caption begins.
  double view_x = 0, view_y = 0, view_bottom = 0;
  bool edge_left = true, edge_right = true, edge_top = true, edge_bottom = true;

  double board_min() const { return frame; }
  double board_max() const { return frame + board_side; }
  double x(int cell_column) const { return frame + pad + s * cell_column; }
  double y(int cell_row) const { return frame + pad + s * (cells - 1 - cell_row); }
  // The board line (column or row) a display line shows.
  int line_of_cell(int cell) const { return ((cell - margin) % size + size) % size; }
  bool main_cell(int cell_column, int cell_row) const {
    return cell_column >= margin && cell_row >= margin && cell_column < margin + size &&
           cell_row < margin + size;
  }
};

Layout lay_out(const AnyGame& game, const DiagramOptions& options) {
  Layout l;
  l.size = game.size();
  l.torus = game.facts().torus;
  l.margin = l.torus ? std::clamp(options.wrap.value_or(1), 0, l.size) : 0;
  l.cells = l.size + 2 * l.margin;
  // Board beyond the outermost line: with coordinates, room for them (as the app's
  // BoardView::board_min); without, a margin of wood around the edge stones (radius 0.47).
  const double pad = options.coordinates ? 1.2 : 0.8;
  const bool framed = options.theme == DiagramTheme::light || options.theme == DiagramTheme::dark;
  const double frame = framed ? 0.3 : 0;
  // A part of the board: an open side shows the grid half a line and a little past its last line.
  const bool part = options.part && !l.torus && !options.part->whole(l.size);
  BoardPart shown{0, l.cells - 1, 0, l.cells - 1};
  if (part) {
    shown.left = std::clamp(options.part->left, 0, l.size - 1);
    shown.right = std::clamp(options.part->right, shown.left, l.size - 1);
    shown.bottom = std::clamp(options.part->bottom, 0, l.size - 1);
    shown.top = std::clamp(options.part->top, shown.bottom, l.size - 1);
    l.edge_left = shown.left == 0;
    l.edge_right = shown.right == l.size - 1;
    l.edge_bottom = shown.bottom == 0;
    l.edge_top = shown.top == l.size - 1;
  }
  constexpr double open = 0.7;  // spacings of grid past an open side's last line
  auto extra = [&](bool edge) { return edge ? pad + frame : open; };
  const double across = shown.right - shown.left + extra(l.edge_left) + extra(l.edge_right);
  if (options.width > 0) l.s = std::max(4.0, options.width / across);
  l.pad = pad * l.s;
  l.frame = frame * l.s;
  l.board_side = l.s * (l.cells - 1) + 2 * l.pad;
  l.view_x = l.edge_left ? 0 : l.x(shown.left) - open * l.s;
  l.view_y = l.edge_top ? 0 : l.y(shown.top) - open * l.s;
  l.view_bottom = l.edge_bottom ? l.board_max() : l.y(shown.bottom) + open * l.s;
  l.width = across * l.s;  // options.width, unless too narrow for 4 px a line
  l.height = l.view_bottom + (l.edge_bottom ? l.frame : 0) - l.view_y;
  if (!options.caption.empty()) {
    l.caption_size = std::clamp(0.42 * l.s, 12.0, 20.0);
    const double inset = std::max(l.frame, 0.3 * l.s);
    l.caption =
        wrap_text(options.caption, static_cast<size_t>((l.width - 2 * inset) / (0.52 * l.caption_size)));
    if (!l.caption.empty())
      l.height = l.view_bottom - l.view_y + l.caption_size * (0.5 + 1.35 * l.caption.size() + 0.4) + l.frame;
  }
  return l;
}

// --- drawing -----------------------------------------------------------------------------------

class Writer {
 public:
  Writer(const AnyGame& game, const DiagramOptions& options)
      : game_(game),
        options_(options),
        geometry_(game.state().geometry()),
        explanation_(game.state().explain()),
        l_(lay_out(game, options)) {}

  std::string write() {
    number_stones();
    header();
    const bool part = !(l_.edge_left && l_.edge_right && l_.edge_top && l_.edge_bottom);
    if (part) {  // a part of the board: what lies past its open sides is cut off
      add(out_, "<clipPath id=\"part\"><rect x=\"", num(l_.view_x), "\" y=\"", num(l_.view_y), "\" width=\"",
          num(l_.width), "\" height=\"", num(l_.view_bottom + (l_.edge_bottom ? l_.frame : 0) - l_.view_y),
          "\"/></clipPath>\n<g class=\"part\" clip-path=\"url(#part)\">\n");
    }
    board();
    if (game_.facts().edge_scoring && options_.edge_emphasis) edge_emphasis();
    if (l_.torus) wrap_margin();
    if (options_.territory) territory();
    stones();
    if (options_.false_liberties) false_liberties();
    if (options_.winning_loop) winning_loop();
    if (options_.edge_scores) count_labels();
    if (options_.last_move) last_move();
    numbers();
    marks();
    labels();
    if (part) out_ += "</g>\n";
    caption();
    out_ += "</svg>\n";
    return std::move(out_);
  }

 private:
  double radius() const { return 0.47 * l_.s; }
  // The main copy's centre of a point.
  double px(Point p) const { return l_.x(geometry_.column(p) + l_.margin); }
  double py(Point p) const { return l_.y(geometry_.row(p) + l_.margin); }
  const char* ink_on(Point p) const { return game_.state().at(p) == Color::black ? white_ink : black_ink; }
  // A stroke width: `fraction` of the spacing, at least `least` pixels.
  std::string width(double fraction, double least) const { return num(std::max(least, fraction * l_.s)); }

  // Calls f(x, y, main?) for every display cell showing point p (its copies on the margin).
  template <typename F>
  void for_each_copy(Point p, F&& f) const {
    for (int cc = 0; cc < l_.cells; ++cc) {
      if (l_.line_of_cell(cc) != geometry_.column(p)) continue;
      for (int cr = 0; cr < l_.cells; ++cr)
        if (l_.line_of_cell(cr) == geometry_.row(p)) f(l_.x(cc), l_.y(cr), l_.main_cell(cc, cr));
    }
  }

  void header() {
    const std::string title = options_.title.empty() ? diagram_description(game_, options_) : options_.title;
    const std::string w = num(l_.width), h = num(l_.height), x0 = num(l_.view_x), y0 = num(l_.view_y);
    add(out_, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"", w, "\" height=\"", h, "\" viewBox=\"", x0,
        " ", y0, " ", w, " ", h, "\" role=\"img\">\n<title>", xml_text(title), "</title>\n");
    // Shaded stones (the app's light from the upper left) as two gradients every stone shares.
    out_ +=
        "<defs><radialGradient id=\"black-stone\" cx=\".36\" cy=\".32\" r=\".75\"><stop offset=\"0\" "
        "stop-color=\"#5c5c62\"/><stop offset=\".4\" stop-color=\"#26262a\"/><stop offset=\"1\" "
        "stop-color=\"#161618\"/></radialGradient><radialGradient id=\"white-stone\" cx=\".36\" cy=\".32\" "
        "r=\".75\"><stop offset=\"0\" stop-color=\"#ffffff\"/><stop offset=\".45\" "
        "stop-color=\"#f2f2ec\"/><stop "
        "offset=\"1\" stop-color=\"#d6d6ce\"/></radialGradient></defs>\n";
    if (const char* page = theme_colors(options_.theme).page)
      add(out_, "<rect class=\"page\"",
          l_.view_x != 0 || l_.view_y != 0 ? " x=\"" + x0 + "\" y=\"" + y0 + "\"" : "", " width=\"", w,
          "\" height=\"", h, "\" fill=\"", page, "\"/>\n");
  }

  void board() {
    const std::string lo = num(l_.board_min()), side = num(l_.board_side);
    add(out_, "<rect class=\"board\" x=\"", lo, "\" y=\"", lo, "\" width=\"", side, "\" height=\"", side,
        "\"");
    if (options_.theme != DiagramTheme::wood) add(out_, " rx=\"", num(0.15 * l_.s), "\"");
    add(out_, " fill=\"", board_color, "\"/>\n");
    // The grid as one path. On the torus the lines run on half a spacing: the board has no edge.
    const double overhang = l_.torus ? 0.5 * l_.s : 0;
    const std::string first = num(l_.x(0) - overhang), last = num(l_.x(l_.cells - 1) + overhang);
    std::string d;
    for (int i = 0; i < l_.cells; ++i) {
      const std::string at = num(l_.x(i));
      add(d, "M", at, " ", first, "V", last, "M", first, " ", at, "H", last);
    }
    add(out_, "<path class=\"grid\" d=\"", d, "\" stroke=\"", line_color, "\" stroke-width=\"",
        width(0.03, 1), "\" fill=\"none\"/>\n");
    std::string stars;
    if (!l_.torus)
      for (int c = 0; c < l_.size; ++c)
        for (int r = 0; r < l_.size; ++r)
          if (is_star_point(l_.size, c, r)) add_circle(stars, l_.x(c), l_.y(r), std::max(2.0, 0.09 * l_.s));
    if (!stars.empty()) add(out_, "<path class=\"stars\" d=\"", stars, "\" fill=\"", line_color, "\"/>\n");
    if (options_.coordinates) coordinates();
  }

  // Letters above and below, numbers left and right, faded on the wrap margin (as the app).
  void coordinates() {
    const double size = std::clamp(0.38 * l_.s, 8.0, 28.0), offset = 0.85 * l_.s, drop = 0.36 * size;
    add(out_, "<g class=\"coordinates\" font-family=\"", font_family, "\" font-size=\"", num(size),
        "\" fill=\"", line_color, "\" text-anchor=\"middle\">");
    const std::string top = num(l_.y(l_.cells - 1) - offset + drop), bottom = num(l_.y(0) + offset + drop);
    const std::string left = num(l_.x(0) - offset), right = num(l_.x(l_.cells - 1) + offset);
    for (int i = 0; i < l_.cells; ++i) {
      const bool main = i >= l_.margin && i < l_.margin + l_.size;
      const char* faded = main ? "" : " fill-opacity=\".55\"";
      const std::string letter(1, column_letter(l_.line_of_cell(i)));
      const std::string number = std::to_string(l_.line_of_cell(i) + 1);
      const std::string x = num(l_.x(i)), y = num(l_.y(i) + drop);
      if (l_.edge_top) add(out_, "<text x=\"", x, "\" y=\"", top, "\"", faded, ">", letter, "</text>");
      if (l_.edge_bottom) add(out_, "<text x=\"", x, "\" y=\"", bottom, "\"", faded, ">", letter, "</text>");
      if (l_.edge_left) add(out_, "<text x=\"", left, "\" y=\"", y, "\"", faded, ">", number, "</text>");
      if (l_.edge_right) add(out_, "<text x=\"", right, "\" y=\"", y, "\"", faded, ">", number, "</text>");
    }
    out_ += "</g>\n";
  }

  // Square Squared's scoring line: a tinted band along the outermost line and the line heavier.
  void edge_emphasis() {
    const std::string a = num(l_.x(0)), side = num(l_.x(l_.cells - 1) - l_.x(0));
    std::string rect;
    add(rect, "x=\"", a, "\" y=\"", a, "\" width=\"", side, "\" height=\"", side, "\" fill=\"none\"");
    add(out_, "<rect class=\"edge\" ", rect, " stroke=\"#c83c28\" stroke-opacity=\".24\" stroke-width=\"",
        num(0.44 * l_.s), "\"/>\n");
    add(out_, "<rect class=\"edge-line\" ", rect, " stroke=\"", line_color, "\" stroke-width=\"",
        width(0.07, 2), "\"/>\n");
  }

  // Looper: a veil of the board colour over the margin, and the seams where the last line
  // meets the first — red between the last column and A, blue between the last row and 1.
  void wrap_margin() {
    const double half = 0.5 * l_.s;
    if (l_.margin > 0) {
      const std::string lo = num(l_.board_min()), hi = num(l_.board_max());
      const std::string a = num(l_.x(l_.margin) - half), b = num(l_.x(l_.margin + l_.size - 1) + half);
      add(out_, "<path class=\"wrap-margin\" d=\"M", lo, " ", lo, "H", hi, "V", hi, "H", lo, "zM", a, " ", a,
          "V", b, "H", b, "V", a, "z\" fill=\"", board_color,
          "\" fill-opacity=\".59\" fill-rule=\"evenodd\"/>\n");
    }
    std::vector<double> seams;  // from the left for columns, equally from the top for rows
    for (int cc = 1; cc < l_.cells; ++cc)
      if (l_.line_of_cell(cc) == 0) seams.push_back(l_.x(cc) - half);
    if (l_.margin == 0) seams = {l_.x(0) - half, l_.x(l_.cells - 1) + half};
    const std::string from = num(l_.x(0) - half), to = num(l_.x(l_.cells - 1) + half);
    std::string columns, rows;
    for (double at : seams) {
      add(columns, "M", num(at), " ", from, "V", to);
      add(rows, "M", from, " ", num(at), "H", to);
    }
    const std::string stroke = width(0.08, 2);
    add(out_, "<path class=\"seam columns\" d=\"", columns, "\" stroke=\"#d72828\" stroke-opacity=\".86\" ",
        "stroke-width=\"", stroke, "\"/>\n");
    add(out_, "<path class=\"seam rows\" d=\"", rows, "\" stroke=\"#285adc\" stroke-opacity=\".86\" ",
        "stroke-width=\"", stroke, "\"/>\n");
  }

  // The count's owner of each empty point (Go's territory), as a small square of its colour.
  void territory() {
    const double h = 0.16 * l_.s;
    for (Color color : {Color::black, Color::white}) {
      std::string d;
      for (Point p = 0; p < geometry_.points; ++p)
        if (explanation_.owner[p] == color && game_.state().at(p) == Color::empty)
          add(d, "M", num(px(p) - h), " ", num(py(p) - h), "h", num(2 * h), "v", num(2 * h), "h", num(-2 * h),
              "z");
      if (d.empty()) continue;
      const bool black = color == Color::black;
      add(out_, "<path class=\"territory ", black ? "black" : "white", "\" d=\"", d, "\" fill=\"",
          black ? "#141414" : "#f5f5f0", "\" stroke=\"#5a5a5a\" stroke-width=\"", width(0.025, 1), "\"/>\n");
    }
  }

  // One circle per stone on the board; on the torus the copies on the margin are faded and
  // classed `copy`, so `stone` counts the board's stones exactly.
  void stones() {
    const double r = radius();
    const std::string white_edge =
        " stroke=\"#78786e\" stroke-width=\"" + num(std::max(1.0, 0.04 * r)) + "\"";
    std::string shadows, body;
    for (int cc = 0; cc < l_.cells; ++cc)
      for (int cr = 0; cr < l_.cells; ++cr) {
        const Point p = geometry_.at(l_.line_of_cell(cc), l_.line_of_cell(cr));
        const Color c = game_.state().at(p);
        if (c == Color::empty) continue;
        const bool main = l_.main_cell(cc, cr), black = c == Color::black;
        const double x = l_.x(cc), y = l_.y(cr);
        if (main) add_circle(shadows, x + 0.08 * r, y + 0.1 * r, r);
        const char* color = black ? "black" : "white";
        add(body, "<circle class=\"", main ? "stone " : "copy ", color, "\" cx=\"", num(x), "\" cy=\"",
            num(y), "\" r=\"", num(r), "\" fill=\"url(#", color, "-stone)\"", black ? "" : white_edge,
            main ? "" : " opacity=\".45\"", "/>\n");
      }
    if (!shadows.empty()) add(out_, "<path class=\"shadows\" d=\"", shadows, "\" fill-opacity=\".25\"/>\n");
    out_ += body;
  }

  // A small red cross on every false liberty (Loose's empty points that are not true ones).
  void false_liberties() {
    const double h = 0.12 * l_.s;
    std::string d;
    for (Point p = 0; p < geometry_.points; ++p)
      if (explanation_.false_liberties[p])
        add(d, "M", num(px(p) - h), " ", num(py(p) - h), "l", num(2 * h), " ", num(2 * h), "m0 ", num(-2 * h),
            "l", num(-2 * h), " ", num(2 * h));
    if (d.empty()) return;
    add(out_, "<path class=\"false-liberties\" d=\"", d, "\" stroke=\"#be281e\" stroke-opacity=\".9\" ",
        "stroke-width=\"", width(0.05, 1.5), "\" stroke-linecap=\"round\"/>\n");
  }

  // Looper: once Black has a global loop, a ring on its stones, on every copy.
  void winning_loop() {
    if (explanation_.loop.none()) return;
    const double r = 0.78 * radius();
    std::string main_rings, copy_rings;
    for (Point p = 0; p < geometry_.points; ++p)
      if (explanation_.loop[p])
        for_each_copy(
            p, [&](double x, double y, bool main) { add_circle(main ? main_rings : copy_rings, x, y, r); });
    const std::string stroke = "\" fill=\"none\" stroke=\"#f04632\" stroke-width=\"" + width(0.09, 2) + "\"";
    add(out_, "<path class=\"loop\" d=\"", main_rings, stroke, "/>\n");
    if (!copy_rings.empty())
      add(out_, "<path class=\"loop copy\" d=\"", copy_rings, stroke, " opacity=\".47\"/>\n");
  }

  // The count's words on the board (Square Squared: each edge chain's score on its first edge
  // stone, or where `place_count_labels` moves it), in a colour readable on that side's stones.
  // Small, it sits low on the stone, below the mark: the mark's lowest reach (a circle of
  // 0.24 spacings plus its stroke) stays above the digits' top.
  void count_labels() {
    const double size = std::clamp(0.42 * l_.s, 9.0, 26.0), small = 0.22 * l_.s;
    std::string texts;
    for (const PlacedCountLabel& placed : place_count_labels(game_, explanation_, options_)) {
      const Point p = placed.label.point;
      const bool on_black = game_.state().at(p) == Color::black;
      add(texts, "<text x=\"", num(px(p)), "\" y=\"",
          num(placed.small ? py(p) + 0.44 * l_.s : py(p) + 0.36 * size), "\"");
      if (placed.small) add(texts, " font-size=\"", num(small), "\"");
      add(texts, " fill=\"", on_black ? "#ffdc78" : "#aa1e14", "\">", xml_text(placed.label.text), "</text>");
    }
    if (texts.empty()) return;
    add(out_, "<g class=\"edge-scores\" font-family=\"", font_family, "\" font-size=\"", num(size),
        "\" font-weight=\"bold\" text-anchor=\"middle\">", texts, "</g>\n");
  }

  void last_move() {
    if (game_.moves().empty() || !game_.moves().back().is_place()) return;
    const Move& move = game_.moves().back();
    for (int i = 0; i < move.count; ++i) {
      const Point p = move.points[i];
      if (game_.state().at(p) == Color::empty || number_at_[p] > 0 || marked(p)) continue;  // they show it
      add(out_, "<circle class=\"last-move\" cx=\"", num(px(p)), "\" cy=\"", num(py(p)), "\" r=\"",
          num(0.2 * l_.s), "\" fill=\"none\" stroke=\"",
          game_.state().at(p) == Color::black ? "#f0f0f0" : "#141414", "\" stroke-width=\"", width(0.05, 1.5),
          "\"/>\n");
    }
  }

  // `number_at_`: the number on each standing stone, when numbers are on (0: none).
  void number_stones() { number_at_ = stone_numbers(game_, options_); }

  // Whether a mark or label is on p (a number or the last-move ring gives way to it).
  bool marked(Point p) const { return is_marked(options_, p); }

  void numbers() {
    std::string texts;
    for (Point p = 0; p < geometry_.points; ++p) {
      if (number_at_[p] <= 0) continue;
      const std::string text = std::to_string(number_at_[p]);
      const double size = (text.size() <= 2 ? 0.52 : 0.4) * l_.s;
      add(texts, "<text x=\"", num(px(p)), "\" y=\"", num(py(p) + 0.36 * size), "\"");
      if (text.size() > 2) add(texts, " font-size=\"", num(size), "\"");
      add(texts, " fill=\"", ink_on(p), "\">", text, "</text>");
    }
    if (texts.empty()) return;
    add(out_, "<g class=\"numbers\" font-family=\"", font_family, "\" font-size=\"", num(0.52 * l_.s),
        "\" font-weight=\"600\" text-anchor=\"middle\">", texts, "</g>\n");
  }

  // SGF marks: TR triangle, SQ square, CR circle, MA cross, in black (white on black stones).
  void marks() {
    const std::string stroke = width(0.07, 1.5);
    for (const Markup::Mark& m : options_.marks) {
      if (m.point < 0 || m.point >= geometry_.points) continue;
      const double x = px(m.point), y = py(m.point), s = l_.s;
      switch (m.shape) {
        case Markup::Shape::triangle:
          add(out_, "<polygon class=\"mark triangle\" points=\"", num(x), ",", num(y - 0.3 * s), " ",
              num(x + 0.26 * s), ",", num(y + 0.15 * s), " ", num(x - 0.26 * s), ",", num(y + 0.15 * s),
              "\"");
          break;
        case Markup::Shape::square:
          add(out_, "<rect class=\"mark square\" x=\"", num(x - 0.2 * s), "\" y=\"", num(y - 0.2 * s),
              "\" width=\"", num(0.4 * s), "\" height=\"", num(0.4 * s), "\"");
          break;
        case Markup::Shape::circle:
          add(out_, "<circle class=\"mark circle\" cx=\"", num(x), "\" cy=\"", num(y), "\" r=\"",
              num(0.24 * s), "\"");
          break;
        case Markup::Shape::cross:
          add(out_, "<path class=\"mark cross\" d=\"M", num(x - 0.18 * s), " ", num(y - 0.18 * s), "l",
              num(0.36 * s), " ", num(0.36 * s), "m0 ", num(-0.36 * s), "l", num(-0.36 * s), " ",
              num(0.36 * s), "\" stroke-linecap=\"round\"");
          break;
      }
      add(out_, " fill=\"none\" stroke=\"", ink_on(m.point), "\" stroke-width=\"", stroke, "\"/>\n");
    }
  }

  // SGF labels (LB): the text on the point; on an empty point the grid is cleared behind it.
  void labels() {
    std::string clearings, texts;
    for (const Markup::Label& label : options_.labels) {
      if (label.point < 0 || label.point >= geometry_.points || label.text.empty()) continue;
      const double x = px(label.point), y = py(label.point);
      const size_t length = characters(label.text);
      const double size = (length <= 1 ? 0.55 : length == 2 ? 0.45 : 0.36) * l_.s;
      if (game_.state().at(label.point) == Color::empty) add_circle(clearings, x, y, 0.34 * l_.s);
      add(texts, "<text class=\"label\" x=\"", num(x), "\" y=\"", num(y + 0.36 * size), "\" font-size=\"",
          num(size), "\" fill=\"", ink_on(label.point), "\">", xml_text(label.text), "</text>");
    }
    if (!clearings.empty())
      add(out_, "<path class=\"label-ground\" d=\"", clearings, "\" fill=\"", board_color, "\"/>\n");
    if (!texts.empty())
      add(out_, "<g class=\"labels\" font-family=\"", font_family,
          "\" font-weight=\"bold\" text-anchor=\"middle\">", texts, "</g>\n");
  }

  // The caption below the board: one line centred, several lines from the left.
  void caption() {
    if (l_.caption.empty()) return;
    const double size = l_.caption_size;
    const bool centred = l_.caption.size() == 1;
    const std::string x = num(l_.view_x + (centred ? l_.width / 2 : std::max(l_.frame, 0.3 * l_.s)));
    add(out_, "<text class=\"caption\" font-family=\"", font_family, "\" font-size=\"", num(size),
        "\" fill=\"", theme_colors(options_.theme).text, "\"", centred ? " text-anchor=\"middle\"" : "", ">");
    double y = l_.view_bottom + 1.5 * size;
    for (const std::string& line : l_.caption) {
      add(out_, "<tspan x=\"", x, "\" y=\"", num(y), "\">", xml_text(line), "</tspan>");
      y += 1.35 * size;
    }
    out_ += "</text>\n";
  }

  const AnyGame& game_;
  const DiagramOptions& options_;
  const Geometry& geometry_;
  const Explanation explanation_;
  Layout l_;
  std::array<int, max_points> number_at_{};
  std::string out_;
};

}  // namespace

std::array<int, max_points> stone_numbers(const AnyGame& game, const DiagramOptions& options) {
  std::array<int, max_points> number_at{};
  if (!options.numbers) return number_at;
  std::array<int, max_points> placed_by{};  // 1-based move index of the last placement
  const std::vector<Move>& moves = game.moves();
  for (size_t i = 0; i < moves.size(); ++i)
    if (moves[i].is_place())
      for (int k = 0; k < moves[i].count; ++k) placed_by[moves[i].points[k]] = static_cast<int>(i + 1);
  for (Point p = 0; p < game.state().geometry().points; ++p) {
    const int move = placed_by[p];
    if (move == 0 || move < options.numbers_from || game.state().at(p) == Color::empty ||
        is_marked(options, p))
      continue;
    const bool given = options.move_numbers.size() >= static_cast<size_t>(move);
    number_at[p] = std::max(0, given ? options.move_numbers[move - 1] : move);
  }
  return number_at;
}

namespace {

// The nearest stone of the chain at `stone` that is not `taken` (breadth first), one on the
// board's edge first; `no_point` when every stone is taken or `stone` is empty.
Point free_stone_of_chain(const AnyGame& game, Point stone, const std::bitset<max_points>& taken) {
  const Geometry& g = game.state().geometry();
  const Color color = game.state().at(stone);
  if (color == Color::empty) return no_point;
  std::array<Point, max_points> queue;
  std::bitset<max_points> seen;
  int head = 0, tail = 0;
  queue[tail++] = stone;
  seen.set(stone);
  Point nearest = no_point;
  while (head < tail) {
    const Point p = queue[head++];
    if (!taken[p] && g.on_edge(p)) return p;
    if (!taken[p] && nearest == no_point) nearest = p;
    for (int k = 0; k < g.degree[p]; ++k) {
      const Point q = g.neighbours[p][k];
      if (game.state().at(q) == color && !seen[q]) {
        seen.set(q);
        queue[tail++] = q;
      }
    }
  }
  return nearest;
}

}  // namespace

std::vector<PlacedCountLabel> place_count_labels(const AnyGame& game, const Explanation& explained,
                                                 const DiagramOptions& options) {
  const int points = game.state().geometry().points;
  std::bitset<max_points> taken;  // marks, labels and the count labels placed so far
  for (const Markup::Mark& m : options.marks)
    if (m.point >= 0 && m.point < points) taken.set(m.point);
  for (const Markup::Label& m : options.labels)
    if (m.point >= 0 && m.point < points) taken.set(m.point);
  std::vector<PlacedCountLabel> placed;
  for (const PointLabel& label : explained.labels) {
    if (label.point < 0 || label.point >= points) continue;
    PlacedCountLabel out{label, false};
    if (taken[label.point]) {
      const Point free = free_stone_of_chain(game, label.point, taken);
      if (free == no_point)
        out.small = true;
      else
        out.label.point = free;
    }
    taken.set(out.label.point);
    placed.push_back(out);
  }
  return placed;
}

std::optional<DiagramTheme> diagram_theme(std::string_view name) {
  if (name == "light") return DiagramTheme::light;
  if (name == "dark") return DiagramTheme::dark;
  if (name == "wood") return DiagramTheme::wood;
  if (name == "transparent") return DiagramTheme::transparent;
  return std::nullopt;
}

namespace {

// "the upper left corner (A16 to G19)", "the top side (...)", "the middle (...)".
std::string part_words(const BoardPart& part, int size) {
  const bool top = part.top == size - 1, bottom = part.bottom == 0, left = part.left == 0,
             right = part.right == size - 1;
  const char* vertical = top != bottom ? (top ? "upper" : "lower") : nullptr;
  const char* horizontal = left != right ? (left ? "left" : "right") : nullptr;
  std::string words = vertical && horizontal ? std::string("the ") + vertical + " " + horizontal + " corner"
                      : vertical             ? std::string("the ") + (top ? "top" : "bottom") + " side"
                      : horizontal           ? std::string("the ") + horizontal + " side"
                                             : std::string("a part");
  add(words, " (", vertex_text(part.bottom * size + part.left, size), " to ",
      vertex_text(part.top * size + part.right, size), ")");
  return words;
}

// "a circle on C17, the letter a on F15"; more than six: how many of each.
std::string marks_words(const DiagramOptions& options, int size) {
  static constexpr const char* shapes[] = {"triangle", "square", "circle", "cross"};
  std::vector<std::string> items;
  if (options.marks.size() + options.labels.size() <= 6) {
    for (const Markup::Mark& m : options.marks)
      items.push_back(std::string("a ") + shapes[static_cast<int>(m.shape)] + " on " +
                      vertex_text(m.point, size));
    for (const Markup::Label& l : options.labels)
      items.push_back((l.text.size() == 1 ? "the letter " : "the label ") + l.text + " on " +
                      vertex_text(l.point, size));
  } else {
    std::array<int, 4> counts{};
    for (const Markup::Mark& m : options.marks) ++counts[static_cast<int>(m.shape)];
    for (int k = 0; k < 4; ++k)
      if (counts[k] > 0)
        items.push_back(std::to_string(counts[k]) + " " + shapes[k] + (counts[k] > 1 ? "s" : ""));
    if (!options.labels.empty())
      items.push_back(std::to_string(options.labels.size()) +
                      (options.labels.size() > 1 ? " labels" : " label"));
  }
  std::string words;
  for (const std::string& item : items) add(words, words.empty() ? "" : ", ", item);
  return words;
}

}  // namespace

std::string diagram_description(const AnyGame& game, const DiagramOptions& options) {
  const int n = game.size(), moves = static_cast<int>(game.moves().size());
  std::string text;
  add(text, game_title(game.kind()), " ", std::to_string(n), "\u00d7", std::to_string(n));
  if (options.part && !options.part->whole(n)) add(text, ", ", part_words(*options.part, n));
  // A record that is one pass is a position with White to play (a `$$W` diagram without moves).
  if (moves == 1 && game.moves()[0].kind == Move::Kind::pass)
    add(text, ", ", game.state().color_to_move() == Color::white ? "White" : "Black", " to play");
  else if (moves > 0)
    add(text, ", after ", std::to_string(moves), moves == 1 ? " move" : " moves");
  int black = 0, white = 0;
  for (Point p = 0; p < n * n; ++p) {
    black += game.state().at(p) == Color::black;
    white += game.state().at(p) == Color::white;
  }
  auto stones = [](int k, const char* colour) {
    return std::to_string(k) + " " + colour + (k == 1 ? " stone" : " stones");
  };
  add(text, ": ",
      black + white == 0 ? std::string("an empty board")
                         : stones(black, "black") + " and " + stones(white, "white"));
  if (std::string marked = marks_words(options, n); !marked.empty()) add(text, "; marked: ", marked);
  return text;
}

std::string diagram_svg(const AnyGame& game, const DiagramOptions& options) {
  return Writer(game, options).write();
}

void apply_markup(DiagramOptions& options, const std::vector<Markup>& nodes, int moves) {
  // Move numbers from MN, and PM as it stands at each move (PM[2]: modulo 100).
  options.move_numbers.clear();
  int number = 0, print = -1;  // -1: no PM seen
  for (const Markup& node : nodes) {
    if (node.moves > moves) break;
    if (node.print_moves) print = *node.print_moves;
    for (int m = static_cast<int>(options.move_numbers.size()) + 1; m <= node.moves; ++m) {
      number = m == node.moves && node.move_number ? *node.move_number : number + 1;
      options.move_numbers.push_back(print == 2 ? (number - 1) % 100 + 1 : number);
    }
  }
  if (print == 0) options.numbers = false;
  if (print == 1 || print == 2) options.numbers = true;
  if (const Markup* node = markup_after(nodes, moves)) {
    options.marks = node->marks;
    options.labels = node->labels;
    if (options.caption.empty()) options.caption = node->comment;
  }
}

// Star points (diagram.h): 3-3 (2-2 below 13×13), the sides on
// 13×13 and up, the centre on odd boards.
bool is_star_point(int size, int column, int row) {
  if (size < 7) return false;
  int edge = size >= 13 ? 3 : 2, far = size - 1 - edge, middle = size / 2;
  auto star_line = [&](int v) { return v == edge || v == far || (size % 2 == 1 && v == middle); };
  if (!star_line(column) || !star_line(row)) return false;
  bool centre_column = size % 2 == 1 && column == middle, centre_row = size % 2 == 1 && row == middle;
  return size >= 13 || centre_column == centre_row;
}

std::string view_property(const BoardPart& part, int size) {
  return "VW[" + sgf_point(part.top * size + part.left, size) + ":" +
         sgf_point(part.bottom * size + part.right, size) + "]";
}

std::optional<BoardPart> view_of(const Markup& node, int size) {
  const Markup::Property* vw = node.find("VW");
  if (!vw) return std::nullopt;
  BoardPart part{size, -1, size, -1};
  for (const std::string& value : vw->values) {
    const size_t colon = value.find(':');
    const std::string_view text(value);
    for (std::string_view corner :
         {text.substr(0, colon), colon == std::string::npos ? text : text.substr(colon + 1)}) {
      if (corner.empty() && value.empty()) continue;  // VW[]: the whole board
      const std::optional<Point> p = parse_sgf_point(corner, size);
      if (!p) return std::nullopt;
      const int column = *p % size, row = *p / size;
      part = {std::min(part.left, column), std::max(part.right, column), std::min(part.bottom, row),
              std::max(part.top, row)};
    }
  }
  if (part.right < 0 || part.whole(size)) return std::nullopt;
  return part;
}

}  // namespace stonegrid
