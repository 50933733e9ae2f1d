// Diagrams (core/formats/diagram.h) and the SGF markup they draw (core/formats/sgf.h `read_sgf_with_markup`).
// Every SVG is parsed by a small XML well-formedness checker below (`parse_xml`: elements,
// attributes, text, the five entities and character references, UTF-8), and checked by what
// it contains: one `stone` element per stone on the board, the marks, the escaped caption.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>

#include "formats/diagram.h"
#include "formats/sgf.h"
#include "formats/sl_diagram.h"
#include "random_game.h"
#include "rules/notation.h"
#include "tools/teach.h"

using namespace stonegrid;
using stonegrid::testing::random_game;

namespace {

// --- a tiny XML checker --------------------------------------------------------------------

struct Element {
  std::string name;
  std::map<std::string, std::string> attributes;
  std::string text;  // character data directly inside, entities decoded
  int parent = -1;   // index of the enclosing element, -1 for the root
  bool has_class(std::string_view word) const {
    auto it = attributes.find("class");
    if (it == attributes.end()) return false;
    std::string_view classes = it->second;  // space-separated words
    for (size_t at = 0; at <= classes.size();) {
      size_t end = std::min(classes.find(' ', at), classes.size());
      if (classes.substr(at, end - at) == word) return true;
      at = end + 1;
    }
    return false;
  }
};

bool valid_utf8(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    int length = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (length == 0 || i + length > text.size()) return false;
    for (int k = 1; k < length; ++k)
      if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return false;
    i += length;
  }
  return true;
}

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
         c == ':' || c == '.';
}

class XmlChecker {
 public:
  explicit XmlChecker(std::string_view text) : text_(text) {}

  // The elements in document order, or nullopt with `error` set.
  std::optional<std::vector<Element>> parse(std::string& error) {
    if (!valid_utf8(text_)) return fail("not UTF-8", error);
    std::vector<size_t> open;  // indices into elements_
    bool had_root = false;
    while (pos_ < text_.size()) {
      if (text_[pos_] != '<') {
        std::string data;
        if (!character_data(data, '<', error)) return std::nullopt;
        if (open.empty() && data.find_first_not_of(" \n\r\t") != std::string::npos)
          return fail("text outside the root element", error);
        if (!open.empty()) elements_[open.back()].text += data;
        continue;
      }
      if (text_.compare(pos_, 2, "</") == 0) {
        pos_ += 2;
        std::string name = this->name();
        if (open.empty() || elements_[open.back()].name != name || !expect('>'))
          return fail("mismatched end tag </" + name + ">", error);
        open.pop_back();
        continue;
      }
      ++pos_;
      if (open.empty() && had_root) return fail("a second root element", error);
      Element element;
      element.name = name();
      element.parent = open.empty() ? -1 : static_cast<int>(open.back());
      if (element.name.empty()) return fail("a tag without a name", error);
      bool closed = false;
      if (!attributes(element, closed, error)) return std::nullopt;
      had_root = true;
      elements_.push_back(std::move(element));
      if (!closed) open.push_back(elements_.size() - 1);
    }
    if (!open.empty()) return fail("unclosed <" + elements_[open.back()].name + ">", error);
    if (!had_root) return fail("no root element", error);
    return elements_;
  }

 private:
  std::nullopt_t fail(const std::string& message, std::string& error) {
    error = "xml at byte " + std::to_string(pos_) + ": " + message;
    return std::nullopt;
  }

  std::string name() {
    size_t start = pos_;
    while (pos_ < text_.size() && is_name_char(text_[pos_])) ++pos_;
    return std::string(text_.substr(start, pos_ - start));
  }

  bool expect(char c) {
    if (pos_ >= text_.size() || text_[pos_] != c) return false;
    ++pos_;
    return true;
  }

  void skip_space() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\n' || text_[pos_] == '\t')) ++pos_;
  }

  bool attributes(Element& element, bool& closed, std::string& error) {
    while (true) {
      skip_space();
      if (pos_ >= text_.size()) return fail("unterminated tag", error), false;
      if (text_.compare(pos_, 2, "/>") == 0) {
        pos_ += 2;
        closed = true;
        return true;
      }
      if (expect('>')) return true;
      std::string key = name();
      if (key.empty() || !expect('=')) return fail("a bad attribute in <" + element.name + ">", error), false;
      if (pos_ >= text_.size() || (text_[pos_] != '"' && text_[pos_] != '\''))
        return fail("an unquoted attribute value", error), false;
      char quote = text_[pos_++];
      std::string value;
      if (!character_data(value, quote, error)) return false;
      ++pos_;  // the closing quote
      if (!element.attributes.emplace(key, value).second)
        return fail("a repeated attribute " + key, error), false;
    }
  }

  // Text up to `stop`, with entities decoded; '<' and a bare '&' are errors.
  bool character_data(std::string& out, char stop, std::string& error) {
    while (pos_ < text_.size() && text_[pos_] != stop) {
      char c = text_[pos_];
      if (c == '<') return fail("'<' in text", error), false;
      if (c != '&') {
        out += c;
        ++pos_;
        continue;
      }
      size_t end = text_.find(';', pos_);
      if (end == std::string_view::npos) return fail("a bare '&'", error), false;
      std::string_view entity = text_.substr(pos_ + 1, end - pos_ - 1);
      static const std::map<std::string_view, char> named = {
          {"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''}};
      if (auto it = named.find(entity); it != named.end()) {
        out += it->second;
      } else if (entity.size() > 1 && entity[0] == '#') {
        out += '?';  // a character reference: well-formed enough for these tests
      } else {
        return fail("an unknown entity &" + std::string(entity) + ";", error), false;
      }
      pos_ = end + 1;
    }
    if (pos_ >= text_.size() && stop != '<') return fail("unexpected end", error), false;
    return true;
  }

  std::string_view text_;
  size_t pos_ = 0;
  std::vector<Element> elements_;
};

std::vector<Element> parse_svg(const std::string& svg) {
  std::string error;
  std::optional<std::vector<Element>> elements = XmlChecker(svg).parse(error);
  INFO(error);
  INFO(svg.substr(0, 2000));
  REQUIRE(elements);
  REQUIRE(elements->front().name == "svg");
  REQUIRE(elements->front().attributes.at("xmlns") == "http://www.w3.org/2000/svg");
  return *elements;
}

int count(const std::vector<Element>& elements, std::string_view name,
          std::initializer_list<const char*> classes) {
  int n = 0;
  for (const Element& e : elements) {
    bool all = e.name == name;
    for (const char* c : classes) all = all && e.has_class(c);
    n += all;
  }
  return n;
}

const Element* find(const std::vector<Element>& elements, std::string_view name, const char* class_name) {
  for (const Element& e : elements)
    if (e.name == name && e.has_class(class_name)) return &e;
  return nullptr;
}

// The texts of the elements inside the group of that class.
std::vector<std::string> children_text(const std::vector<Element>& elements, const char* group) {
  std::vector<std::string> texts;
  for (size_t i = 0; i < elements.size(); ++i)
    if (elements[i].name == "g" && elements[i].has_class(group))
      for (const Element& e : elements)
        if (e.parent == static_cast<int>(i)) texts.push_back(e.text);
  return texts;
}

int stones_of(const AnyGame& game, Color c) {
  int n = 0;
  for (Point p = 0; p < game.state().geometry().points; ++p) n += game.state().at(p) == c;
  return n;
}

AnyGame game_of(const std::string& name, int size, const std::string& moves) {
  std::string error;
  std::optional<AnyGame> game = AnyGame::create(name, size, std::nullopt, error);
  REQUIRE(game);
  size_t start = 0;
  while (start < moves.size()) {
    size_t end = moves.find(' ', start);
    if (end == std::string::npos) end = moves.size();
    std::optional<Move> move = parse_move(moves.substr(start, end - start), size, error);
    REQUIRE(move);
    REQUIRE(game->play(*move) == Illegal::none);
    start = end + 1;
  }
  return *game;
}

SgfRecord read(const std::string& sgf) {
  std::string error;
  std::optional<SgfRecord> record = read_sgf_with_markup(sgf, error);
  INFO(error);
  REQUIRE(record);
  return std::move(*record);
}

}  // namespace

// --- SGF markup ----------------------------------------------------------------------------------

TEST_CASE("sgf markup: marks, labels, MN, PM and comments per main-line node") {
  SgfRecord record = read(
      "(;GM[1]SG[loose]SZ[7]KM[0]PM[2]C[Start]TR[aa][bb]"
      ";B[dd]SQ[cc:dd]CR[ee]MA[ff]LB[ab:x][gg:long label]C[Black takes the centre]"
      ";W[cc]MN[101];B[ee]C[a comment \\] with a bracket]"
      ";C[After three moves, a note]"
      "(;W[ff]PM[0])(;W[aa]C[a variation]))");
  REQUIRE(record.nodes.size() == 6);
  CHECK(record.game.moves().size() == 4);
  const std::vector<Markup>& nodes = record.nodes;
  CHECK(nodes[0].moves == 0);
  CHECK(nodes[0].comment == "Start");
  CHECK(nodes[0].print_moves == 2);
  REQUIRE(nodes[0].marks.size() == 2);
  CHECK(nodes[0].marks[0].shape == Markup::Shape::triangle);
  CHECK(nodes[0].marks[0].point == *parse_sgf_point("aa", 7));

  CHECK(nodes[1].moves == 1);
  // SQ[cc:dd] is a rectangle of four points, then one circle and one cross.
  REQUIRE(nodes[1].marks.size() == 6);
  int squares = 0;
  for (const Markup::Mark& m : nodes[1].marks) squares += m.shape == Markup::Shape::square;
  CHECK(squares == 4);
  CHECK(nodes[1].marks[4].shape == Markup::Shape::circle);
  CHECK(nodes[1].marks[5].shape == Markup::Shape::cross);
  REQUIRE(nodes[1].labels.size() == 2);
  CHECK(nodes[1].labels[0].point == *parse_sgf_point("ab", 7));
  CHECK(nodes[1].labels[0].text == "x");
  CHECK(nodes[1].labels[1].text == "long label");
  CHECK(nodes[2].move_number == 101);
  CHECK(nodes[3].comment == "a comment ] with a bracket");
  CHECK(nodes[4].moves == 3);  // a node with no move annotates the position before it
  CHECK(nodes[5].print_moves == 0);

  // The position after k moves: its last node (the comment-only node wins over B[ee]'s).
  CHECK(markup_after(nodes, 3) == &nodes[4]);
  CHECK(markup_after(nodes, 1) == &nodes[1]);
  CHECK(markup_after(nodes, 9) == nullptr);

  // Markup does not change what read_sgf reads.
  std::string error;
  std::optional<AnyGame> plain = read_sgf("(;GM[1]SG[loose]SZ[7]KM[0];B[dd]TR[aa]LB[bb:1];W[cc])", error);
  REQUIRE(plain);
  CHECK(plain->moves().size() == 2);
}

TEST_CASE("sgf markup: a handicap file's implied pass counts, and bad markup is an error with its place") {
  SgfRecord record = read("(;SZ[9]AB[cc][gg]C[setup];W[ee]TR[ee];B[dd])");
  REQUIRE(record.nodes.size() == 3);
  CHECK(record.nodes[1].moves == 2);  // pass, then W[ee]
  CHECK(record.nodes[2].moves == 3);

  struct Case {
    const char* text;
    const char* error;
  };
  const Case cases[] = {
      {"(;SZ[9]TR[zz])", "sgf: line 1, column 10: bad point 'zz' for a 9\u00d79 board"},
      {"(;SZ[9]LB[ab])", "sgf: line 1, column 10: a label is LB[point:text], not LB[ab]"},
      {"(;SZ[9];B[aa]MN[x])", "sgf: line 1, column 16: bad move number MN[x]"},
      {"(;SZ[9]PM[3])", "sgf: line 1, column 10: PM is 0, 1 or 2, not PM[3]"},
  };
  for (const Case& c : cases) {
    std::string error;
    CHECK_FALSE(read_sgf_with_markup(c.text, error));
    CHECK(error == c.error);
  }
}

// --- the SVG -------------------------------------------------------------------------------------

TEST_CASE("diagram: valid XML with one stone element per stone, in every game and theme") {
  const DiagramTheme themes[] = {DiagramTheme::light, DiagramTheme::dark, DiagramTheme::wood,
                                 DiagramTheme::transparent};
  int games = 0;
  for (GameKind kind : game_kinds())
    for (uint64_t seed = 1; seed <= 6; ++seed) {
      const int size = kind.facts().odd_sizes_only ? 5 + 2 * (seed % 3) : 5 + static_cast<int>(seed % 4);
      AnyGame game = random_game(kind, size, seed);
      DiagramOptions options;
      options.theme = themes[seed % 4];
      options.coordinates = seed % 2 == 0;
      options.numbers = seed % 3 != 0;
      options.last_move = true;
      options.false_liberties = options.territory = options.edge_scores = true;
      options.wrap = static_cast<int>(seed % 3);
      std::vector<Element> svg = parse_svg(diagram_svg(game, options));
      INFO(game_name(kind), " seed ", seed);
      CHECK(count(svg, "circle", {"stone", "black"}) == stones_of(game, Color::black));
      CHECK(count(svg, "circle", {"stone", "white"}) == stones_of(game, Color::white));
      CHECK(count(svg, "path", {"grid"}) == 1);
      CHECK(count(svg, "title", {}) == 1);
      CHECK(count(svg, "rect", {"page"}) == (options.theme == DiagramTheme::transparent ? 0 : 1));
      ++games;
    }
  CHECK(games == 6 * static_cast<int>(game_kinds().size()));
}

TEST_CASE("diagram: Looper's wrap margin shows faded copies and the seams") {
  // A vertical loop on column C: Black wins at take.
  AnyGame game = game_of("looper", 5, "C1+C2+C3 C4+C5 take");
  DiagramOptions options;
  for (int wrap : {0, 1, 2, 5}) {
    options.wrap = wrap;
    std::vector<Element> svg = parse_svg(diagram_svg(game, options));
    INFO("wrap ", wrap);
    CHECK(count(svg, "circle", {"stone", "black"}) == 5);
    CHECK(count(svg, "circle", {"stone", "white"}) == 0);
    // Each stone shows in (1 + cells on the margin of its column) × (the same for its row)
    // cells: column C gets `2·wrap` margin copies only when wrap covers it.
    auto shown = [&](int line) {
      int n = 0;
      for (int cell = 0; cell < 5 + 2 * wrap; ++cell) n += ((cell - wrap) % 5 + 5) % 5 == line;
      return n;
    };
    int expected_copies = 0;
    for (int row = 0; row < 5; ++row) expected_copies += shown(2) * shown(row) - 1;
    CHECK(count(svg, "circle", {"copy", "black"}) == expected_copies);
    CHECK(count(svg, "path", {"seam", "columns"}) == 1);
    CHECK(count(svg, "path", {"wrap-margin"}) == (wrap > 0 ? 1 : 0));
    CHECK(count(svg, "path", {"loop"}) >= 1);
  }
  options.winning_loop = false;
  CHECK(count(parse_svg(diagram_svg(game, options)), "path", {"loop"}) == 0);
}

TEST_CASE("diagram: SGF marks, labels, numbers from MN and the escaped caption") {
  SgfRecord record = read(
      "(;GM[1]SG[go]SZ[9]KM[6.5];B[ee];W[cc];B[gg]MN[21]TR[ee]SQ[cc]CR[aa]MA[bb]LB[dd:a][ff:&<]"
      "C[Black 3 & \"White\" <2>: it's even\\]])");
  DiagramOptions options;
  apply_markup(options, record.nodes, 3);
  options.numbers = true;
  CHECK(options.caption == "Black 3 & \"White\" <2>: it's even]");
  CHECK(options.move_numbers == std::vector<int>{1, 2, 21});
  std::vector<Element> svg = parse_svg(diagram_svg(record.game, options));
  const std::pair<const char*, const char*> shapes[] = {
      {"polygon", "triangle"}, {"rect", "square"}, {"circle", "circle"}, {"path", "cross"}};
  for (const auto& shape : shapes) {
    INFO(shape.second);
    CHECK(count(svg, shape.first, {"mark", shape.second}) == 1);
  }
  CHECK(count(svg, "text", {"label"}) == 2);
  const Element* label = nullptr;
  for (const Element& e : svg)
    if (e.has_class("label") && e.text == "&<") label = &e;
  CHECK(label);
  // Numbers: E5 and C7 carry marks (a mark wins), so only G3 shows its number, 21 from MN.
  CHECK(children_text(svg, "numbers") == std::vector<std::string>{"21"});
  // The last move's ring gives way to its number, and shows without numbers.
  options.last_move = true;
  CHECK(count(parse_svg(diagram_svg(record.game, options)), "circle", {"last-move"}) == 0);
  options.numbers = false;
  CHECK(count(parse_svg(diagram_svg(record.game, options)), "circle", {"last-move"}) == 1);
  options.numbers = true;
  options.last_move = false;
  // The caption, decoded back, is the comment.
  const Element* caption = find(svg, "text", "caption");
  REQUIRE(caption);
  std::string text;
  for (const Element& e : svg)
    if (e.name == "tspan") text += e.text;
  CHECK(text == "Black 3 & \"White\" <2>: it's even]");
  // The markup belongs to its position: after 2 moves there is none.
  DiagramOptions before;
  apply_markup(before, record.nodes, 2);
  CHECK(before.marks.empty());
  CHECK(before.caption.empty());
}

TEST_CASE("diagram: PM turns numbering on and off, PM[2] counts modulo 100") {
  SgfRecord record = read("(;GM[1]SG[go]SZ[9]PM[2];B[aa]MN[99];W[bb];B[cc]PM[0];W[dd])");
  DiagramOptions options;
  apply_markup(options, record.nodes, 2);
  CHECK(options.numbers);
  CHECK(options.move_numbers == std::vector<int>{99, 100});
  apply_markup(options, record.nodes, 4);
  CHECK_FALSE(options.numbers);
  CHECK(options.move_numbers == std::vector<int>{99, 100, 101, 102});
}

TEST_CASE("diagram: comments that are not clean UTF-8 or hold control characters still give valid XML") {
  AnyGame game = game_of("go", 9, "E5");
  DiagramOptions options;
  options.caption = std::string("Latin-1 caf\xe9, a control \x01 character, a cut \xe2\x82 sequence");
  options.title = "<title> & \"more\"";
  std::vector<Element> svg = parse_svg(diagram_svg(game, options));
  CHECK(find(svg, "text", "caption"));
  for (const Element& e : svg)
    if (e.name == "title") CHECK(e.text == "<title> & \"more\"");
  // A long caption wraps into several lines, none wider than the picture allows.
  options.caption = std::string(300, 'x') + " " + std::string(20, 'y');
  svg = parse_svg(diagram_svg(game, options));
  CHECK(count(svg, "tspan", {}) >= 3);
}

TEST_CASE("diagram: per-game overlays a rules page needs") {
  // Loose: A1 between Black B1 and White A2 has no empty neighbour: a false liberty.
  AnyGame loose = game_of("loose", 5, "B1 A2");
  DiagramOptions options;
  CHECK_FALSE(find(parse_svg(diagram_svg(loose, options)), "path", "false-liberties"));
  options.false_liberties = true;
  CHECK(find(parse_svg(diagram_svg(loose, options)), "path", "false-liberties"));

  // Go: territory squares by owner.
  AnyGame go = game_of("go", 5, "B1 D1 B2 D2 B3 D3 B4 D4 B5 D5");
  options.territory = true;
  std::vector<Element> svg = parse_svg(diagram_svg(go, options));
  CHECK(find(svg, "path", "territory"));
  CHECK(count(svg, "path", {"territory", "black"}) == 1);
  CHECK(count(svg, "path", {"territory", "white"}) == 1);

  // Square Squared: the scoring line by default, edge scores on request.
  AnyGame s2 = game_of("squaresquared", 5, "A1 E5 B1 D5 C1");
  svg = parse_svg(diagram_svg(s2, DiagramOptions{}));
  CHECK(find(svg, "rect", "edge-line"));
  options = DiagramOptions{};
  options.edge_scores = true;
  svg = parse_svg(diagram_svg(s2, options));
  CHECK(children_text(svg, "edge-scores") == std::vector<std::string>{"+1", "0"});
  options.edge_emphasis = false;
  CHECK_FALSE(find(parse_svg(diagram_svg(s2, options)), "rect", "edge-line"));
}

// The element of the edge scores' group that says `text`.
const Element& score_text(const std::vector<Element>& svg, const std::string& text) {
  for (size_t i = 0; i < svg.size(); ++i)
    if (svg[i].name == "g" && svg[i].has_class("edge-scores"))
      for (const Element& e : svg)
        if (e.parent == static_cast<int>(i) && e.text == text) return e;
  FAIL("no edge score " << text);
  return svg.front();
}
double attribute(const Element& e, const char* name) {
  return std::stod(e.attributes.at(name));
}

TEST_CASE("diagram: an edge score never shares its stone with a mark or a label") {
  // White's chain D5-E5 scores 0, written on D5; Black's A1-B1-C1 scores +1, written on A1.
  AnyGame s2 = game_of("squaresquared", 5, "A1 E5 B1 D5 C1");
  auto at = [](const char* vertex) {
    std::string error;
    return *parse_vertex(vertex, 5, error);
  };
  DiagramOptions options;
  options.edge_scores = true;
  std::vector<Element> svg = parse_svg(diagram_svg(s2, options));
  const double d5 = attribute(score_text(svg, "0"), "x"), a1 = attribute(score_text(svg, "+1"), "x");
  const double y5 = attribute(score_text(svg, "0"), "y");

  // A triangle on D5 and a label on A1: each score moves to the next stone of its chain.
  options.marks.push_back({at("D5"), Markup::Shape::triangle});
  options.labels.push_back({at("A1"), "a"});
  svg = parse_svg(diagram_svg(s2, options));
  const double spacing = (d5 - a1) / 3;  // D is three columns right of A
  REQUIRE(spacing > 0);
  CHECK(attribute(score_text(svg, "0"), "x") == doctest::Approx(d5 + spacing));  // on E5
  CHECK(attribute(score_text(svg, "0"), "y") == doctest::Approx(y5));
  CHECK(attribute(score_text(svg, "+1"), "x") == doctest::Approx(a1 + spacing));  // on B1

  // Every stone of White's chain marked: the score stays on D5, smaller, below the triangle.
  options.marks.push_back({at("E5"), Markup::Shape::square});
  svg = parse_svg(diagram_svg(s2, options));
  const Element& under = score_text(svg, "0");
  CHECK(attribute(under, "x") == doctest::Approx(d5));
  const Element* triangle = find(svg, "polygon", "triangle");
  REQUIRE(triangle);
  double lowest = 0;  // the triangle's lowest corner
  std::string corners = triangle->attributes.at("points");
  for (size_t comma = corners.find(','); comma != std::string::npos; comma = corners.find(',', comma + 1))
    lowest = std::max(lowest, std::stod(corners.substr(comma + 1)));
  const double size = attribute(under, "font-size");
  CHECK(size < 0.42 * spacing);
  CHECK(attribute(under, "y") - 0.75 * size > lowest);  // the digits' top is below the mark
}

TEST_CASE(
    "diagram: the edge stones keep a margin of wood, with or without coordinates (a puzzle's picture)") {
  // A built-in puzzle's start (go-puzzle-9: stones on every edge of a 5×5 board), and a whole 9×9.
  std::string error;
  const teach::Task* puzzle = teach::find_task("go-puzzle-9");
  REQUIRE(puzzle);
  std::optional<SgfRecord> record = read_sgf_with_markup(puzzle->sgf, error);
  REQUIRE_MESSAGE(record, error);
  for (const AnyGame& game : {record->game, game_of("go", 9, "A1 J9 A9 J1 E1 E9 A5 J5")})
    for (bool coordinates : {false, true}) {
      DiagramOptions options;
      options.coordinates = coordinates;
      const std::vector<Element> svg = parse_svg(diagram_svg(game, options));
      const Element* board = find(svg, "rect", "board");
      REQUIRE(board);
      const double left = std::stod(board->attributes.at("x")), top = std::stod(board->attributes.at("y"));
      const double right = left + std::stod(board->attributes.at("width")),
                   bottom = top + std::stod(board->attributes.at("height"));
      int edge_stones = 0;
      for (const Element& e : svg) {
        if (e.name != "circle" || !e.has_class("stone")) continue;
        const double x = std::stod(e.attributes.at("cx")), y = std::stod(e.attributes.at("cy")),
                     r = std::stod(e.attributes.at("r"));
        const double gap = std::min({x - r - left, right - x - r, y - r - top, bottom - y - r});
        INFO("size ", game.size(), " coordinates ", coordinates, " stone at ", x, ",", y, " r ", r);
        CHECK(gap >= 0.6 * r);  // at 36 px a line: 10 px of wood and more
        edge_stones += gap < 2 * r;
      }
      CHECK(edge_stones >= 6);
    }
}

TEST_CASE("diagram: the width option scales the picture, the height follows") {
  AnyGame game = game_of("go", 9, "E5 D4");
  DiagramOptions options;
  options.width = 240;
  std::vector<Element> svg = parse_svg(diagram_svg(game, options));
  CHECK(svg.front().attributes.at("width") == "240");
  options.width = 480;
  std::vector<Element> twice = parse_svg(diagram_svg(game, options));
  CHECK(twice.front().attributes.at("width") == "480");
  CHECK(std::stod(twice.front().attributes.at("height")) ==
        doctest::Approx(2 * std::stod(svg.front().attributes.at("height"))).epsilon(0.01));
  // Small: a 9×9 position is a few kilobytes.
  CHECK(diagram_svg(game, DiagramOptions{}).size() < 6000);
}

TEST_CASE("diagram: a part of the board (a corner, a side) is drawn alone, its open sides cut") {
  AnyGame game = game_of("go", 19, "C17 D16 B16");
  DiagramOptions options;
  options.coordinates = true;
  const std::vector<Element> whole = parse_svg(diagram_svg(game, options));
  CHECK(find(whole, "g", "part") == nullptr);
  // The upper left corner, columns A-G and rows 13-19: the top and left are edges.
  options.part = BoardPart{0, 6, 12, 18};
  options.width = 300;
  const std::vector<Element> corner = parse_svg(diagram_svg(game, options));
  CHECK(find(corner, "g", "part") != nullptr);
  CHECK(count(corner, "circle", {"stone"}) == 3);
  CHECK(corner.front().attributes.at("width") == "300");
  CHECK(std::stod(corner.front().attributes.at("height")) < 340);  // about square, not the whole board's
  const std::string box = corner.front().attributes.at("viewBox");
  CHECK(box.rfind("0 0 ", 0) == 0);  // from the corner's edges
  // Coordinates on the edge sides only: letters along the top, numbers down the left.
  const std::vector<std::string> marks = children_text(corner, "coordinates");
  CHECK(std::count(marks.begin(), marks.end(), "A") == 1);
  CHECK(std::count(marks.begin(), marks.end(), "19") == 1);
  // A side part (the left edge only) starts inside the board: its window does not begin at 0.
  options.part = BoardPart{0, 5, 7, 11};
  const std::vector<Element> side = parse_svg(diagram_svg(game, options));
  const std::string side_box = side.front().attributes.at("viewBox");
  CHECK(side_box.rfind("0 ", 0) == 0);
  CHECK(side_box.rfind("0 0 ", 0) != 0);
  // The whole board as a part is the whole board.
  options.part = BoardPart{0, 18, 0, 18};
  CHECK(find(parse_svg(diagram_svg(game, options)), "g", "part") == nullptr);
}

TEST_CASE("diagram: a part as SGF's VW[] and back") {
  const BoardPart corner{0, 6, 15, 18};  // A..G, rows 16..19 of 19×19: the upper left corner
  CHECK(view_property(corner, 19) == "VW[aa:gd]");
  std::string error;
  std::optional<SgfRecord> record = read_sgf_with_markup("(;GM[1]SZ[19]VW[aa:gd]AB[bb])", error);
  REQUIRE(record);
  std::optional<BoardPart> read = view_of(record->nodes.front(), 19);
  REQUIRE(read);
  CHECK(read->left == 0);
  CHECK(read->right == 6);
  CHECK(read->bottom == 15);
  CHECK(read->top == 18);
  // Points and rectangles: the smallest part holding them all.
  record = read_sgf_with_markup("(;GM[1]SZ[9]VW[ee][gg:hi])", error);
  REQUIRE(record);
  read = view_of(record->nodes.front(), 9);
  REQUIRE(read);
  CHECK(read->left == 4);
  CHECK(read->right == 7);
  CHECK(read->bottom == 0);
  CHECK(read->top == 4);
  // No VW, an empty one, the whole board or a point off it: no part.
  for (const char* text :
       {"(;GM[1]SZ[9])", "(;GM[1]SZ[9]VW[])", "(;GM[1]SZ[9]VW[aa:ii])", "(;GM[1]SZ[9]VW[aa:zz])"}) {
    record = read_sgf_with_markup(text, error);
    REQUIRE(record);
    CHECK_FALSE(view_of(record->nodes.front(), 9));
  }
}

TEST_CASE("diagram: a position with White to play is described as that, not as a move") {
  // A `$$W` diagram without numbered moves is read as a pass by Black, then White to play.
  std::string error;
  const std::optional<SlDiagram> sl = read_sl_diagram(
      "$$W5 White to live\n$$ +-----------+\n$$ | . . . . . |\n$$ | . X X . . |\n"
      "$$ | . O O X . |\n$$ | . . . . . |\n$$ | . . . . . |\n$$ +-----------+",
      {}, error);
  REQUIRE_MESSAGE(sl, error);
  REQUIRE(sl->game.moves().size() == 1);
  CHECK(diagram_description(sl->game, DiagramOptions{}) ==
        "Go 5×5, White to play: 3 black stones and 2 white stones");
  // A record of moves still counts them, a first pass too.
  AnyGame game;
  REQUIRE(game.play(Move::pass()) == Illegal::none);
  REQUIRE(game.play(Move::place(parse_vertex("E5", 9, error).value())) == Illegal::none);
  CHECK(diagram_description(game, DiagramOptions{}) ==
        "Go 9×9, after 2 moves: 0 black stones and 1 white stone");
}
