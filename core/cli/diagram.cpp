// `stonegrid diagram`: reads a position (an SGF file, or moves as text), takes the SGF node's
// markup for the chosen move, and writes `diagram_svg` (core/formats/diagram.h) to stdout or a file;
// `--png` hands the SVG to a rasteriser found at run time. Read `run_diagram` at the end: parse
// the options (`parse`), load the position (`load`), write. The user's guide is docs/diagrams.md.
#include "cli/diagram_command.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "formats/diagram.h"
#include "formats/sgf.h"
#include "formats/sl_diagram.h"
#include "rules/any_game.h"
#include "rules/notation.h"
#include "tools/teach.h"

namespace stonegrid::cli {

const char* diagram_usage =
    "  diagram [FILE.sgf | --moves \"D4 E5 ...\" | --from-sl FILE.txt] [--game G] [--size N] [--komi K]\n"
    "              [options]\n"
    "              an SVG picture of a position, for wikis and rules sheets (docs/diagrams.md),\n"
    "              on stdout or to --output FILE.svg; --png FILE.png rasterises it too (needs\n"
    "              rsvg-convert or ImageMagick; --scale F for F times the pixels). Options:\n"
    "              --move K (the position after K moves; default the last), --theme light|dark|\n"
    "              wood|transparent, --width PX, --coordinates, --numbers, --numbers-from K,\n"
    "              --no-numbers, --last-move, --caption TEXT (default: the SGF comment there),\n"
    "              --title TEXT; marks: --triangle/--square/--circle/--cross V,V..., --label\n"
    "              V:TEXT, --no-marks (the SGF's TR SQ CR MA LB are drawn by default); per game:\n"
    "              --wrap N (Looper margin, default 1), --no-loop (Looper), --false-liberties\n"
    "              (Loose), --no-edge, --edge-scores (Square Squared), --territory (Go).\n"
    "              --from-sl FILE reads a Sensei's Library $$ diagram (FILE may be -); --to-sl\n"
    "              writes one instead of the SVG (numbers with --numbers-from K, at most 10).\n"
    "              A partial diagram (fewer than four edges) is drawn as that part of the board;\n"
    "              --whole-board draws the whole board.\n"
    "              --sgf-output FILE also writes the position's game as SGF.\n"
    "              --problem FILE (a problem: a task in the lessons' format, docs/lessons.md) or\n"
    "              --puzzle ID (a built-in one, e.g. go-puzzle-9): its start position, its task as\n"
    "              the caption; checked first; --sgf-output writes the problem itself.\n";

namespace {

int fail(const std::string& message, int status = 1) {
  std::fprintf(stderr, "stonegrid diagram: %s\n", message.c_str());
  return status;
}

// --- options -----------------------------------------------------------------------------------

struct Request {
  std::string sgf_file;              // "-" for stdin
  std::string sl_file;               // --from-sl: a Sensei's Library diagram ("-" for stdin)
  bool to_sl = false;                // --to-sl: write the diagram text instead of the SVG
  bool whole_board = false;          // --whole-board: a partial --from-sl diagram drawn whole
  std::optional<SlView> sl_view;     // the part of the board a --from-sl diagram showed
  std::optional<std::string> moves;  // --moves
  std::string problem_file;          // --problem: a task's SGF ("-" for stdin)
  std::string puzzle;                // --puzzle: a built-in task's id
  std::string problem_sgf;           // the problem's own SGF text (what --sgf-output writes for it)
  std::string game = "go";
  int size = 0;
  std::optional<double> komi;
  std::optional<int> move;      // --move K
  std::optional<bool> numbers;  // --numbers / --no-numbers (nullopt: the SGF's PM)
  std::optional<std::string> caption;
  bool sgf_marks = true;
  // Marks and labels given on the command line, as text until the board size is known.
  std::vector<std::pair<Markup::Shape, std::string>> marks;
  std::vector<std::string> labels;
  std::string output, png;
  std::string sgf_output;  // --sgf-output: the game as SGF too (the MediaWiki extension's live board)
  double scale = 1;
  DiagramOptions options;
};

std::optional<double> number(const std::string& text) {
  char* end = nullptr;
  double x = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0') return std::nullopt;
  return x;
}

std::optional<int> whole_number(const std::string& text, int low, int high) {
  std::optional<double> x = number(text);
  if (!x || *x != static_cast<int>(*x) || *x < low || *x > high) return std::nullopt;
  return static_cast<int>(*x);
}

// A flag without a value; false when `option` is not one.
bool flag(Request& r, const std::string& option) {
  DiagramOptions& o = r.options;
  if (option == "--coordinates")
    o.coordinates = true;
  else if (option == "--numbers")
    r.numbers = true;
  else if (option == "--no-numbers")
    r.numbers = false;
  else if (option == "--last-move")
    o.last_move = true;
  else if (option == "--no-marks")
    r.sgf_marks = false;
  else if (option == "--false-liberties")
    o.false_liberties = true;
  else if (option == "--no-edge")
    o.edge_emphasis = false;
  else if (option == "--edge-scores")
    o.edge_scores = true;
  else if (option == "--territory")
    o.territory = true;
  else if (option == "--no-loop")
    o.winning_loop = false;
  else if (option == "--to-sl")
    r.to_sl = true;
  else if (option == "--whole-board")
    r.whole_board = true;
  else
    return false;
  return true;
}

// An option with a value; "" when it was taken, else the problem.
std::string valued(Request& r, const std::string& option, const std::string& value) {
  DiagramOptions& o = r.options;
  static const std::pair<const char*, Markup::Shape> shapes[] = {{"--triangle", Markup::Shape::triangle},
                                                                 {"--square", Markup::Shape::square},
                                                                 {"--circle", Markup::Shape::circle},
                                                                 {"--cross", Markup::Shape::cross}};
  for (auto [name, shape] : shapes)
    if (option == name) {
      r.marks.emplace_back(shape, value);
      return "";
    }
  if (option == "--moves")
    r.moves = value;
  else if (option == "--from-sl")
    r.sl_file = value;
  else if (option == "--problem")
    r.problem_file = value;
  else if (option == "--puzzle")
    r.puzzle = value;
  else if (option == "--game")
    r.game = value;
  else if (option == "--caption")
    r.caption = value;
  else if (option == "--title")
    o.title = value;
  else if (option == "--label")
    r.labels.push_back(value);
  else if (option == "--output" || option == "-o")
    r.output = value;
  else if (option == "--png")
    r.png = value;
  else if (option == "--sgf-output")
    r.sgf_output = value;
  else if (option == "--theme") {
    std::optional<DiagramTheme> theme = diagram_theme(value);
    if (!theme) return "--theme is light, dark, wood or transparent, not '" + value + "'";
    o.theme = *theme;
  } else if (option == "--komi") {
    r.komi = number(value);
    if (!r.komi) return "--komi needs a number";
  } else if (option == "--scale") {
    std::optional<double> scale = number(value);
    if (!scale || *scale <= 0 || *scale > 16) return "--scale needs a number in (0, 16]";
    r.scale = *scale;
  } else {
    static const struct {
      const char* name;
      int low, high;
    } counts[] = {{"--size", 5, 25},
                  {"--move", 0, 1 << 20},
                  {"--width", 16, 20000},
                  {"--wrap", 0, 25},
                  {"--numbers-from", 1, 1 << 20}};
    for (const auto& count : counts)
      if (option == count.name) {
        std::optional<int> n = whole_number(value, count.low, count.high);
        if (!n)
          return option + " needs a whole number from " + std::to_string(count.low) + " to " +
                 std::to_string(count.high);
        if (option == "--size") r.size = *n;
        if (option == "--move") r.move = *n;
        if (option == "--width") o.width = *n;
        if (option == "--wrap") o.wrap = *n;
        if (option == "--numbers-from") o.numbers_from = *n, r.numbers = true;
        return "";
      }
    return "unknown option '" + option + "' for diagram";
  }
  return "";
}

// Fills `r` from argv; "" or the problem.
std::string parse(int argc, char** argv, Request& r) {
  for (int i = 2; i < argc; ++i) {
    const std::string option = argv[i];
    if (flag(r, option)) continue;
    if (option.size() > 1 && option[0] == '-') {
      if (i + 1 >= argc) return "option " + option + " needs a value";
      if (std::string problem = valued(r, option, argv[++i]); !problem.empty()) return problem;
    } else if (r.sgf_file.empty()) {
      r.sgf_file = option;
    } else {
      return "one SGF file at a time ('" + r.sgf_file + "', then '" + option + "')";
    }
  }
  if (!r.sgf_file.empty() + !!r.moves + !r.sl_file.empty() + !r.problem_file.empty() + !r.puzzle.empty() != 1)
    return "give an SGF file, --moves, --from-sl, --problem or --puzzle (one of them)";
  return "";
}

// --- the position --------------------------------------------------------------------------

struct Position {
  AnyGame game;
  std::vector<Markup> nodes;  // empty for --moves
};

std::optional<Position> load_moves(const Request& r, std::string& error) {
  std::optional<AnyGame> game = AnyGame::create(r.game, r.size, r.komi, error);
  if (!game) return std::nullopt;
  std::string text = *r.moves;
  for (char& c : text)
    if (c == ',' || c == '.' || c == ';') c = ' ';
  std::istringstream words(text);
  std::string word;
  for (int n = 1; words >> word; ++n) {
    std::optional<Move> move = parse_move(word, game->size(), error);
    if (!move) return std::nullopt;
    if (Illegal why = game->play(*move); why != Illegal::none) {
      error = "move " + std::to_string(n) + " '" + word + "' is not legal: " + std::string(describe(why));
      return std::nullopt;
    }
  }
  return Position{std::move(*game), {}};
}

// The text of FILE ("-": standard input); false with `error` set.
bool read_text(const std::string& file, std::string& text, std::string& error) {
  if (file == "-") {
    text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    return true;
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    error = "cannot read '" + file + "'";
    return false;
  }
  text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return true;
}

std::optional<Position> load_sgf(const Request& r, std::string& error) {
  std::string text;
  if (!read_text(r.sgf_file, text, error)) return std::nullopt;
  std::optional<SgfRecord> record = read_sgf_with_markup(text, error);
  if (!record) return std::nullopt;
  return Position{std::move(record->game), std::move(record->nodes)};
}

// A Sensei's Library diagram: its game, and one markup node for the position it shows (its
// marks, letters, caption and move numbers).
std::optional<Position> load_sl(Request& r, std::string& error) {
  std::string text;
  if (!read_text(r.sl_file, text, error)) return std::nullopt;
  std::optional<SlDiagram> d = read_sl_diagram(text, {r.game, r.size, r.komi}, error);
  if (!d) return std::nullopt;
  std::vector<Markup> nodes = sl_markup(*d);
  if (d->coordinates) r.options.coordinates = true;
  r.sl_view = d->view;
  return Position{std::move(d->game), std::move(nodes)};
}

// A problem (--problem, --puzzle): its start position, checked; its task is the caption.
std::optional<Position> load_problem(Request& r, std::string& error) {
  std::optional<teach::Task> task;
  std::string text;
  if (!r.puzzle.empty()) {
    if (const teach::Task* found = teach::find_task(r.puzzle))
      task = *found;
    else
      error = "no lesson or puzzle is called '" + r.puzzle + "' (e.g. go-puzzle-9)";
  } else {
    if (!read_text(r.problem_file, text, error)) return std::nullopt;
    task = teach::read_problem(text, error);
  }
  if (!task) return std::nullopt;
  std::optional<SgfRecord> record = read_sgf_with_markup(task->sgf, error);
  if (!record) return std::nullopt;
  if (!r.caption) r.caption = task->instruction;
  // The problem as written, with its right and wrong lines (a built-in puzzle: its start).
  r.problem_sgf = text.empty() ? task->sgf : text;
  while (!r.problem_sgf.empty() && std::isspace(static_cast<unsigned char>(r.problem_sgf.back())))
    r.problem_sgf.pop_back();
  return Position{std::move(record->game), std::move(record->nodes)};
}

// The game cut back to its first `moves` moves.
std::optional<AnyGame> first_moves(const AnyGame& game, int moves, std::string& error) {
  GameRecord record = game.record();
  record.moves.resize(moves);
  return AnyGame::replay(record, error);
}

// Marks and labels from the command line, in vertex notation ("D4,E5", "C3:a").
std::string add_marks(const Request& r, int size, DiagramOptions& o) {
  std::string error;
  for (const auto& [shape, list] : r.marks) {
    std::string text = list;
    for (char& c : text)
      if (c == ',') c = ' ';
    std::istringstream words(text);
    for (std::string vertex; words >> vertex;) {
      std::optional<Point> p = parse_vertex(vertex, size, error);
      if (!p) return error;
      o.marks.push_back({*p, shape});
    }
  }
  for (const std::string& label : r.labels) {
    size_t colon = label.find(':');
    if (colon == std::string::npos) return "a label is VERTEX:TEXT, not '" + label + "'";
    std::optional<Point> p = parse_vertex(label.substr(0, colon), size, error);
    if (!p) return error;
    o.labels.push_back({*p, label.substr(colon + 1)});
  }
  return "";
}

// The picture's markup as SGF properties for the node shown: marks (TR SQ CR MA), labels (LB)
// and the caption (C), so the live board draws what the picture draws.
std::string markup_properties(const DiagramOptions& o, int size) {
  std::string out;
  // One property per shape, in the order the shapes first come (as the picture lists them).
  std::vector<Markup::Shape> order;
  for (const Markup::Mark& m : o.marks)
    if (std::find(order.begin(), order.end(), m.shape) == order.end()) order.push_back(m.shape);
  for (Markup::Shape shape : order) {
    static const char* const ids[] = {"TR", "SQ", "CR", "MA"};  // Markup::Shape's order
    out += ids[static_cast<int>(shape)];
    for (const Markup::Mark& m : o.marks)
      if (m.shape == shape) out.append("[").append(sgf_point(m.point, size)).append("]");
  }
  if (!o.labels.empty()) out += "LB";
  for (const Markup::Label& l : o.labels)
    out.append("[").append(sgf_point(l.point, size)).append(":").append(escape_sgf_text(l.text)).append("]");
  if (!o.caption.empty()) out.append("C[").append(escape_sgf_text(o.caption)).append("]");
  return out;
}

// What --sgf-output writes for a position (the MediaWiki tag's live board): the game with the
// picture's marks, labels and caption on the node shown (the root when no move was played), its
// move numbers (PM[1], MN where a number does not follow on), and a root VW[] when the picture
// is a part of the board (a `$$` corner or side), so the live board opens on the same part.
std::string live_sgf(const AnyGame& shown, const DiagramOptions& o) {
  const int n = shown.size();
  const size_t moves = shown.moves().size();
  std::vector<std::string> annotations(moves);
  for (size_t i = 0, expected = 1; o.numbers && i < moves && i < o.move_numbers.size(); ++i, ++expected)
    if (const int number = o.move_numbers[i]; number > 0 && static_cast<size_t>(number) != expected) {
      annotations[i] = "MN[" + std::to_string(number) + "]";
      expected = static_cast<size_t>(number);
    }
  std::string root = o.numbers ? "PM[1]" : "";
  if (o.part && !o.part->whole(n) && !shown.facts().torus) root += view_property(*o.part, n);
  (moves > 0 ? annotations.back() : root) += markup_properties(o, n);
  std::string sgf = write_sgf(shown, annotations);
  if (sgf.rfind("(;", 0) == 0) sgf.insert(2, root);
  return sgf;
}

// --- output --------------------------------------------------------------------------------

bool write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  return static_cast<bool>(out);
}

#ifndef __EMSCRIPTEN__
std::string shell_quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}
#endif

// Rasterises an SVG file with the first tool found: rsvg-convert (Debian librsvg2-bin), else
// ImageMagick's convert. "" or the problem.
std::string rasterise(const std::string& svg, const std::string& png, double scale) {
#ifdef __EMSCRIPTEN__
  (void)svg, (void)png, (void)scale;
  return "--png needs the native build: WebAssembly under node cannot start a rasteriser";
#else
  std::string command;
  if (std::system("command -v rsvg-convert >/dev/null 2>&1") == 0) {
    command =
        "rsvg-convert --zoom=" + std::to_string(scale) + " -o " + shell_quoted(png) + " " + shell_quoted(svg);
  } else if (std::system("(convert -version | grep -q ImageMagick) 2>/dev/null") == 0) {
    command = "convert -background none -density " + std::to_string(96 * scale) + " " + shell_quoted(svg) +
              " " + shell_quoted(png);
  } else {
    return "no rasteriser found for --png: install rsvg-convert (Debian: apt-get install librsvg2-bin) "
           "or ImageMagick, or use the SVG";
  }
  if (std::system(command.c_str()) != 0) return "the rasteriser failed: " + command;
  return "";
#endif
}

// --to-sl: the position as Sensei's Library text, with what the notation cannot say on stderr.
int write_sl(const Request& r, const AnyGame& shown, const DiagramOptions& o) {
  SlWriteOptions sl;
  const int moves = static_cast<int>(shown.moves().size());
  // --numbers-from K numbers from move K; --numbers alone, the last moves (at most 10).
  if (r.numbers.value_or(false))
    sl.numbers_from = o.numbers_from > 1 ? o.numbers_from : std::max(1, moves - 9);
  // (a first pass is White starting: the writer numbers from the move after it)
  if (sl.numbers_from == 1 && moves > 1 && shown.moves()[0].kind == Move::Kind::pass) sl.numbers_from = 2;
  if (sl.numbers_from > 0 && sl.numbers_from <= static_cast<int>(o.move_numbers.size()))
    sl.first_number = o.move_numbers[sl.numbers_from - 1];
  if (r.sl_view && !r.sl_view->whole(shown.size())) {
    // The part a diagram showed, when every stone is inside it.
    const Geometry& g = shown.state().geometry();
    auto inside = [&](Point p) {
      return g.column(p) >= r.sl_view->left && g.column(p) <= r.sl_view->right &&
             g.row(p) >= r.sl_view->bottom && g.row(p) <= r.sl_view->top;
    };
    bool fits = true;
    for (Point p = 0; p < g.points; ++p)
      if (shown.state().at(p) != Color::empty) fits = fits && inside(p);
    if (fits) sl.view = r.sl_view;
  }
  sl.marks = o.marks;
  sl.labels = o.labels;
  sl.caption = o.caption;
  sl.coordinates = o.coordinates;
  std::string error;
  std::vector<std::string> notes;
  std::optional<std::string> text = write_sl_diagram(shown, sl, error, &notes);
  if (!text) return fail(error);
  for (const std::string& n : notes) std::fprintf(stderr, "stonegrid diagram: note: %s\n", n.c_str());
  if (!r.output.empty()) return write_file(r.output, *text) ? 0 : fail("cannot write '" + r.output + "'");
  std::fwrite(text->data(), 1, text->size(), stdout);
  return 0;
}

}  // namespace

int run_diagram(int argc, char** argv) {
  Request r;
  if (std::string problem = parse(argc, argv, r); !problem.empty())
    return fail(problem + "\n" + diagram_usage, 2);
  std::string error;
  std::optional<Position> position = r.moves                                        ? load_moves(r, error)
                                     : !r.sl_file.empty()                           ? load_sl(r, error)
                                     : !r.problem_file.empty() || !r.puzzle.empty() ? load_problem(r, error)
                                                                                    : load_sgf(r, error);
  if (!position) return fail(error);

  // The position after K moves; a final resignation is no position of its own.
  const int total = static_cast<int>(position->game.moves().size());
  const bool resigned = total > 0 && position->game.moves().back().kind == Move::Kind::resign;
  const int k = r.move.value_or(total - (resigned ? 1 : 0));
  if (k > total)
    return fail("--move " + std::to_string(k) + ": the record has " + std::to_string(total) + " moves");
  std::optional<AnyGame> shown = first_moves(position->game, k, error);
  if (!shown) return fail(error);

  DiagramOptions& o = r.options;
  apply_markup(o, position->nodes, std::min(k, total - (resigned ? 1 : 0)));
  if (r.caption) o.caption = *r.caption;  // --caption "" removes the comment
  if (!r.sgf_marks) o.marks.clear(), o.labels.clear();
  if (r.numbers) o.numbers = *r.numbers;
  if (r.sl_view && !r.whole_board) o.part = *r.sl_view;  // a corner or a side: only that part
  if (std::string problem = add_marks(r, shown->size(), o); !problem.empty()) return fail(problem, 2);
  // A problem's <title> (what a screen reader says): its task, then what the picture shows.
  if (!r.problem_sgf.empty() && o.title.empty() && !o.caption.empty())
    o.title = o.caption + " — " + diagram_description(*shown, o);

  if (!r.sgf_output.empty() &&
      !write_file(r.sgf_output, r.problem_sgf.empty() ? live_sgf(*shown, o) : r.problem_sgf + "\n"))
    return fail("cannot write '" + r.sgf_output + "'");
  if (r.to_sl) return write_sl(r, *shown, o);

  const std::string svg = diagram_svg(*shown, o);
  if (!r.output.empty() && !write_file(r.output, svg)) return fail("cannot write '" + r.output + "'");
  if (r.output.empty() && r.png.empty()) std::fwrite(svg.data(), 1, svg.size(), stdout);
  if (r.png.empty()) return 0;
  const std::string svg_file = r.output.empty() ? r.png + ".svg" : r.output;
  if (r.output.empty() && !write_file(svg_file, svg)) return fail("cannot write '" + svg_file + "'");
  std::string problem = rasterise(svg_file, r.png, r.scale);
  if (r.output.empty()) std::remove(svg_file.c_str());
  return problem.empty() ? 0 : fail(problem);
}

}  // namespace stonegrid::cli
