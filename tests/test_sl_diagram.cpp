// Sensei's Library diagrams (core/formats/sl_diagram.h): the positions of docs/rules.md and a few
// sequences written as `$$` text, each read, written and read again to the same position, marks,
// letters and caption (and written text that reads back to itself); random games written with
// their last moves numbered and read back to the same board; and the errors, each with its place.
#include <doctest/doctest.h>

#include <algorithm>

#include "formats/sl_diagram.h"
#include "random_game.h"
#include "rules/notation.h"

using namespace stonegrid;
using stonegrid::testing::random_game;

namespace {

struct Case {
  const char* game;
  const char* text;
  int stones;    // stones on the board after the numbered moves
  int numbered;  // numbered moves
};

// The positions of docs/rules.md (section by section) and sequences with captures, flips, marks,
// letters, a partial board and a first move number.
const Case cases[] = {
    // Common ground: the empty 5×5 board.
    {"go",
     "$$B5 Empty board\n$$ +-----------+\n$$ | . . . . . |\n$$ | . . . . . |\n$$ | . . . . . |\n$$ | . . . . "
     ". |\n$$ | . . . . . |\n$$ +-----------+\n",
     0, 0},
    // Loose: true and false liberties.
    {"loose",
     "$$B5\n$$ +-----------+\n$$ | . X . . . |\n$$ | X a O . . |\n$$ | . X . . . |\n$$ | . . . . . |\n$$ | . "
     ". . . . |\n$$ +-----------+\n",
     4, 0},
    // Loose: White B4 flips B3.
    {"loose",
     "$$W5 White B4 flips the black stone\n$$ +-----------+\n$$ | . . . . . |\n$$ | O 1 O . . |\n$$ | . X O "
     ". . |\n$$ | O O . . . |\n$$ | . . . . . |\n$$ +-----------+\n",
     7, 1},
    {"loose",
     "$$B5 After the flip\n$$ +-----------+\n$$ | . . . . . |\n$$ | O O O . . |\n$$ | . O O . . |\n$$ | O O "
     ". . . |\n$$ | . . . . . |\n$$ +-----------+\n",
     7, 0},
    // Loose: B1 and E3 are illegal (the points marked).
    {"loose",
     "$$B5 (a) Black B1 is illegal\n$$ +-----------+\n$$ | . . . . . |\n$$ | . . . . . |\n$$ | . O . . . "
     "|\n$$ | O X O . . |\n$$ | . C O . . |\n$$ +-----------+\n",
     5, 0},
    {"loose",
     "$$W5 (b) White E3 is illegal\n$$ +-----------+\n$$ | . . . . . |\n$$ | . . . . . |\n$$ | . . . . S "
     "|\n$$ | . . . X . |\n$$ | . . O . X |\n$$ +-----------+\n",
     3, 0},
    // Go under the Lasker-Maas rules: the end of phase 1 and of phase 2.
    {"go",
     "$$B5 End of phase 1\n$$ +-----------+\n$$ | . . X O . |\n$$ | . . X O . |\n$$ | . O X O . |\n$$ | . . "
     "X O . |\n$$ | . . X O . |\n$$ +-----------+\n",
     11, 0},
    {"go",
     "$$B5 End of phase 2\n$$ +-----------+\n$$ | . . X O . |\n$$ | . X X O . |\n$$ | X . X O . |\n$$ | . X "
     "X O . |\n$$ | . . X O . |\n$$ +-----------+\n",
     13, 0},
    // Go: Black 1 captures the white stone in the middle.
    {"go",
     "$$B5 Black 1 captures\n$$ +-----------+\n$$ | . . . . . |\n$$ | . X O . . |\n$$ | X O 1 O . |\n$$ | . "
     "X O . . |\n$$ | . . . . . |\n$$ +-----------+\n",
     7, 1},
    // Go: a ko, Black takes, White cannot take back at once and plays elsewhere.
    {"go",
     "$$B7 Ko\n$$ +---------------+\n$$ | . . . . . . . |\n$$ | . . X O . . . |\n$$ | . X O 1 O . 2 |\n$$ | "
     ". . X O . . . |\n$$ | . . , . , . . |\n$$ | . . . . . . . |\n$$ | . . . . . . . |\n$$ "
     "+---------------+\n",
     8, 2},
    // Go: a corner of a 19×19 board, a joseki with a first move number.
    {"go",
     "$$Bm26 Nadare\n$$ ----------------\n$$ | . . . . . . .\n$$ | . . . . . . .\n$$ | . . . 1 6 . .\n$$ | . "
     ". 5 4 . . .\n$$ | . . 3 2 . . .\n$$ | . . . . . . .\n$$ | . . . . . . .\n",
     6, 6},
    // Go: the lower right corner, White first, ten moves.
    {"go",
     "$$W19 Ten moves\n$$ . . . . . . . |\n$$ . . . 1 3 5 . |\n$$ . . 2 4 6 7 . |\n$$ . . 8 9 0 . . |\n$$ . "
     ". . . . . . |\n$$ . . . . . . . |\n$$ ---------------+\n",
     10, 10},
    // Go: letters and marks on a 9×9 board with coordinates.
    {"go",
     "$$Bc9 Where should Black play?\n$$ +-------------------+\n$$ | . . . . . . . . . |\n$$ | . . . . a . . "
     ". . |\n$$ | . . , X . O , . . |\n$$ | . . . X . O . . . |\n$$ | . . X . , . O . . |\n$$ | . . . . X . "
     "b . . |\n$$ | . . , # . . , . . |\n$$ | . . . . c @ . W . |\n$$ | . . . . . . . . . |\n$$ "
     "+-------------------+\n",
     10, 0},
    // Go: the middle of a 19×19 board (no edge at all).
    {"go", "$$B Fighting\n$$ . . . . .\n$$ . X O . .\n$$ . X O 1 .\n$$ . . X O .\n$$ . . . . .\n", 7, 1},
    // Square Squared: the 7×7 position scored on the edge.
    {"squaresquared",
     "$$B7 Edge scoring\n$$ +---------------+\n$$ | X . X O . O . |\n$$ | . X X O . O O |\n$$ | X X O O O . "
     ". |\n$$ | . X X O . O . |\n$$ | X . X O O O O |\n$$ | X X X X X X X |\n$$ | . X . . X . . |\n$$ "
     "+---------------+\n",
     33, 0},
    // Square Squared v3 on 5×5 (the second line decides).
    {"squaresquared",
     "$$B5 v3: the second line decides\n$$ +-----------+\n$$ | . . . O O |\n$$ | . . . O O |\n$$ | X . . . O "
     "|\n$$ | X # X . . |\n$$ | X X . . . |\n$$ +-----------+\n",
     11, 0},
    // Square Squared: marks, letters and a capture.
    {"squaresquared",
     "$$B7 Black 1 takes two\n$$ +---------------+\n$$ | . . . . . . . |\n$$ | . . . . . . . |\n$$ | . . X X "
     ". . . |\n$$ | . X O O 1 . . |\n$$ | . . X X . . . |\n$$ | . . . C . a . |\n$$ | . . . . . . . |\n$$ "
     "+---------------+\n",
     6, 1},
    // Looper: three loops, the whole torus each time.
    {"looper",
     "$$ Vertical loop\n$$ +-----------+\n$$ | . . X . . |\n$$ | . . X . . |\n$$ | . . X . . |\n$$ | . . X . "
     ". |\n$$ | . . X . . |\n$$ +-----------+\n",
     5, 0},
    {"looper",
     "$$ Horizontal loop\n$$ +-----------+\n$$ | . . . . . |\n$$ | . . . . . |\n$$ | X X X X X |\n$$ | . . . "
     ". . |\n$$ | . . . . . |\n$$ +-----------+\n",
     5, 0},
    {"looper",
     "$$ Rising spiral\n$$ +-----------+\n$$ | X . . . X |\n$$ | . . . X X |\n$$ | . . X X . |\n$$ | . X X . "
     ". |\n$$ | X X . . . |\n$$ +-----------+\n",
     10, 0},
    {"looper",
     "$$ Contractible ring\n$$ +-----------+\n$$ | . . . . . |\n$$ | . X X X . |\n$$ | . X . X . |\n$$ | . X "
     "X X . |\n$$ | . . . . . |\n$$ +-----------+\n",
     8, 0},
    {"looper",
     "$$ Contractible ring across the seams\n$$ +-----------+\n$$ | X X . . X |\n$$ | . . . . . |\n$$ | . . "
     ". . . |\n$$ | X X . . X |\n$$ | . X . . X |\n$$ +-----------+\n",
     8, 0},
    {"looper",
     "$$ White's eight-way answers\n$$ +-----------+\n$$ | O . X . O |\n$$ | . O X O . |\n$$ | X X O X X "
     "|\n$$ | . O X O . |\n$$ | O . X . O |\n$$ +-----------+\n",
     17, 0},
    {"looper",
     "$$c7 Marked\n$$ +---------------+\n$$ | . . . . . . . |\n$$ | . B X X . . . |\n$$ | . . . X . . . "
     "|\n$$ | . . , X , . . |\n$$ | . . . @ a . . |\n$$ | . . . . . . . |\n$$ | . . . . . . C |\n$$ "
     "+---------------+\n",
     6, 0},
    // Spaces between points are optional; a link line is ignored; Windows line ends.
    {"go",
     "$$B5 Compact\r\n$$ +-----+\r\n$$ |.....|\r\n$$ |.XO..|\r\n$$ [X|Go]\r\n$$ |.XO..|\r\n$$ |.....|\r\n$$ "
     "|.....|\r\n$$ +-----+\r\n",
     4, 0},
    // Loose: numbered moves whose flips happen as they are replayed.
    {"loose",
     "$$B7 A Loose sequence\n$$ +---------------+\n$$ | . . . . . . . |\n$$ | . . . . . . . |\n$$ | . . 1 2 "
     ". . . |\n$$ | . . 3 . 4 . . |\n$$ | . . . 5 . . . |\n$$ | . . . . . . . |\n$$ | . . . . . . . |\n$$ "
     "+---------------+\n",
     5, 5},
    // Go: Black to play with the stones set up (a life-and-death problem).
    {"go",
     "$$B9 Black to live\n$$ +-------------------+\n$$ | . . . . . . . . . |\n$$ | . . . . . . . . . |\n$$ | "
     ". . , . . . , . . |\n$$ | . . . . . . . . . |\n$$ | . . . . , . . . . |\n$$ | O O O O O . . . . |\n$$ "
     "| X X X X O . , . . |\n$$ | . . . X O . . . . |\n$$ | . . . X O . . . . |\n$$ +-------------------+\n",
     14, 0},
    // Go, White to play (a pass by Black comes first).
    {"go",
     "$$W9 White to play\n$$ +-------------------+\n$$ | . . . . . . . . . |\n$$ | . . . . . . . . . |\n$$ | "
     ". . , . . . , . . |\n$$ | . . . . . . . . . |\n$$ | . . . . , . . . . |\n$$ | . . . . . . . . . |\n$$ "
     "| . . , X O . , . . |\n$$ | . . . X O . . . . |\n$$ | . . . . . . . . . |\n$$ +-------------------+\n",
     4, 0},
    // Square Squared 5×5, all four marks the notation has, on stones and empty points.
    {"squaresquared",
     "$$W5 Four marks\n$$ +-----------+\n$$ | B . . . . |\n$$ | . W . . . |\n$$ | . . # . . |\n$$ | . . . @ "
     ". |\n$$ | C . . . S |\n$$ +-----------+\n",
     4, 0},
    // Go: moves 1 to 4 of a game on 5×5 (How to read diagrams).
    {"go",
     "$$B5 Moves 1 to 4\n$$ +-----------+\n$$ | . . . . . |\n$$ | . . 2 . . |\n$$ | . 3 1 4 . |\n$$ | . . . "
     ". . |\n$$ | . . . . . |\n$$ +-----------+\n",
     4, 4},
};

std::vector<std::pair<Point, int>> mark_list(const SlDiagram& d) {
  std::vector<std::pair<Point, int>> out;
  for (const Markup::Mark& m : d.marks) out.emplace_back(m.point, static_cast<int>(m.shape));
  std::sort(out.begin(), out.end());
  return out;
}
std::vector<std::pair<Point, std::string>> label_list(const SlDiagram& d) {
  std::vector<std::pair<Point, std::string>> out;
  for (const Markup::Label& l : d.labels) out.emplace_back(l.point, l.text);
  std::sort(out.begin(), out.end());
  return out;
}

int stone_count(const AnyGame& game) {
  int n = 0;
  for (const std::string& row : game.board_rows())
    n += static_cast<int>(std::count_if(row.begin(), row.end(), [](char c) { return c != '.'; }));
  return n;
}

// The diagram's own view and numbers written back.
SlWriteOptions write_options(const SlDiagram& d) {
  SlWriteOptions o;
  o.numbers_from = d.numbered_moves ? d.first_numbered + 1 : 0;
  o.first_number = d.first_number;
  o.marks = d.marks;
  o.labels = d.labels;
  o.caption = d.caption;
  o.coordinates = d.coordinates;
  o.view = d.view;
  return o;
}

std::string error_of(const char* game, std::string_view text) {
  std::string error;
  SlReadOptions options;
  options.game = game;
  std::optional<SlDiagram> d = read_sl_diagram(text, options, error);
  CHECK_MESSAGE(!d, text);
  return error;
}

}  // namespace

TEST_CASE("sl diagrams: the rules pages' positions read, write and read back the same") {
  CHECK(std::size(cases) >= 30);
  for (const Case& c : cases) {
    CAPTURE(c.text);
    std::string error;
    SlReadOptions options;
    options.game = c.game;
    std::optional<SlDiagram> d = read_sl_diagram(c.text, options, error);
    REQUIRE_MESSAGE(d, error);
    CHECK(d->game.name() == c.game);
    CHECK(stone_count(d->game) == c.stones);
    CHECK(d->numbered_moves == c.numbered);

    std::optional<std::string> text = write_sl_diagram(d->game, write_options(*d), error);
    REQUIRE_MESSAGE(text, error);
    CAPTURE(*text);
    std::optional<SlDiagram> again = read_sl_diagram(*text, options, error);
    REQUIRE_MESSAGE(again, error);
    CHECK(again->game.board_rows() == d->game.board_rows());
    CHECK(again->game.state().hash() == d->game.state().hash());
    CHECK(again->game.state().to_move() == d->game.state().to_move());
    CHECK(again->numbered_moves == d->numbered_moves);
    CHECK(again->first_number == d->first_number);
    CHECK(mark_list(*again) == mark_list(*d));
    CHECK(label_list(*again) == label_list(*d));
    CHECK(again->caption == d->caption);
    CHECK(again->coordinates == d->coordinates);
    CHECK(again->view.left == d->view.left);
    CHECK(again->view.top == d->view.top);
    // The written text is a fixed point: writing what it reads gives it back.
    std::optional<std::string> third = write_sl_diagram(again->game, write_options(*again), error);
    REQUIRE(third);
    CHECK(*third == *text);
  }
}

TEST_CASE("sl diagrams: the exact text of a written position") {
  std::string error;
  std::optional<AnyGame> game = AnyGame::create("go", 7, std::nullopt, error);
  REQUIRE(game);
  for (const char* move : {"D4", "C4", "D5", "C5"})
    REQUIRE(game->play(*parse_move(move, 7, error)) == Illegal::none);
  SlWriteOptions o;
  o.numbers_from = 3;
  o.caption = "Two\nmoves";
  o.marks = {{*parse_vertex("D4", 7, error), Markup::Shape::circle},
             {*parse_vertex("A1", 7, error), Markup::Shape::triangle}};
  o.labels = {{*parse_vertex("F6", 7, error), "a"}, {*parse_vertex("F2", 7, error), "Long"}};
  std::vector<std::string> notes;
  std::optional<std::string> text = write_sl_diagram(*game, o, error, &notes);
  REQUIRE(text);
  CHECK(*text ==
        "$$B7m3 Two moves\n"
        "$$ +---------------+\n"
        "$$ | . . . . . . . |\n"
        "$$ | . . . . . a . |\n"
        "$$ | . . 2 1 , . . |\n"
        "$$ | . . O B . . . |\n"
        "$$ | . . , . , . . |\n"
        "$$ | . . . . . . . |\n"
        "$$ | . . . . . . . |\n"
        "$$ +---------------+\n");
  CHECK(notes.size() == 2);  // the triangle and the long label
}

TEST_CASE("sl diagrams: random games with their last moves numbered read back to the same board") {
  int numbered = 0;
  for (GameKind kind : game_kinds()) {
    std::string error;
    std::optional<AnyGame> empty = AnyGame::create(std::string(game_name(kind)), 0, std::nullopt, error);
    REQUIRE(empty);
    const bool wraps = empty->state().geometry().topology == Topology::torus;
    for (uint64_t seed = 1; seed <= 12; ++seed) {
      AnyGame game = random_game(kind, 7, seed);
      // Cut the game back to a random length and number up to its last 4 moves.
      GameRecord record = game.record();
      record.moves.resize(std::min<size_t>(record.moves.size(), 6 + seed * 3));
      std::optional<AnyGame> shown = AnyGame::replay(record, error);
      REQUIRE(shown);
      SlWriteOptions o;
      const int total = static_cast<int>(shown->moves().size());
      o.numbers_from = wraps || total == 0 ? 0 : std::max(1, total - 3);
      std::optional<std::string> text = write_sl_diagram(*shown, o, error);
      if (!text) {
        // A pass or a point played twice among the numbered moves: the position alone then.
        CHECK(error.find("sl: move") == 0);
        o.numbers_from = 0;
        text = write_sl_diagram(*shown, o, error);
      }
      REQUIRE_MESSAGE(text, error);
      CAPTURE(*text);
      SlReadOptions options;
      options.game = std::string(game_name(kind));
      std::optional<SlDiagram> d = read_sl_diagram(*text, options, error);
      REQUIRE_MESSAGE(d, error);
      CHECK(d->game.board_rows() == shown->board_rows());
      if (!wraps) CHECK(d->game.state().color_to_move() == shown->state().color_to_move());
      numbered += d->numbered_moves;
    }
  }
  CHECK(numbered > 20);
}

TEST_CASE("sl diagrams: bad text is an error with its line and column") {
  const char* board5 = "$$ +-----------+\n";
  auto with = [&](const std::string& header, const std::string& rows) {
    return header + "\n" + board5 + rows + board5;
  };
  const std::string empty_row = "$$ | . . . . . |\n";
  CHECK(error_of("go", with("$$B5", empty_row + "$$ | . . Q . . |\n" + empty_row + empty_row + empty_row)) ==
        "sl: line 4, column 10: 'Q' is not a diagram point (X O . , + 1-9 0 B W # @ C S a-z)");
  CHECK(error_of("go", with("$$B5", empty_row + "$$ | . . . . |\n" + empty_row + empty_row + empty_row)) ==
        "sl: line 4, column 12: this row has 4 points and the first row has 5");
  CHECK(error_of("go", with("$$B5", empty_row + "$$   . . . . . |\n" + empty_row + empty_row + empty_row)) ==
        "sl: line 4, column 3: this row has no left edge '|' and the first row has one");
  CHECK(error_of("go", with("$$B5", empty_row + "$$ | . 1 . 3 . |\n" + empty_row + empty_row + empty_row)) ==
        "sl: line 4, column 12: move 2 is missing (the numbers go to 3)");
  CHECK(error_of("go", with("$$B5", empty_row + "$$ | . 1 . 1 . |\n" + empty_row + empty_row + empty_row)) ==
        "sl: line 4, column 12: move 1 appears twice");
  // An illegal move: Black 1 in White's one-point eye (suicide in Go).
  CHECK(error_of("go",
                 with("$$B5", "$$ | 1 O . . . |\n$$ | O O . . . |\n" + empty_row + empty_row + empty_row)) ==
        "sl: line 3, column 6: move 1 at A5 is not legal: " + std::string(describe(Illegal::suicide)));
  CHECK(error_of("go",
                 with("$$B5", "$$ | X O . . . |\n$$ | O . . . . |\n" + empty_row + empty_row + empty_row)) ==
        "sl: line 3, column 6: set-up stone A5 has no liberty");
  CHECK(error_of("go", "$$B5\n| . . |\n") == "sl: line 2, column 1: a diagram line starts with $$");
  CHECK(error_of("go", "no diagram here") == "sl: line 1, column 1: a diagram line starts with $$");
  CHECK(error_of("go", "") == "sl: line 1, column 1: no diagram: the text has no $$ line");
  CHECK(error_of("go", "$$B5 Nothing\n") == "sl: line 2, column 1: the diagram has no rows");
  CHECK(error_of("go", "$$ | . . X |\n$$ | . . . |\n") ==
        "sl: line 1, column 4: the first line is the header ($$, $$B or $$W, then the caption), not a row of "
        "the board");
  CHECK(error_of("go", with("$$B7", empty_row + empty_row + empty_row + empty_row + empty_row)) ==
        "sl: line 1, column 1: the rows have both edges, so the board is 5 wide, not 7");
  CHECK(error_of("go", with("$$B5", board5 + empty_row)) == "sl: line 3, column 4: a second top edge");
  CHECK(error_of("go", "$$B5\n" + empty_row + board5 + empty_row) ==
        "sl: line 4, column 4: a row below the bottom edge");
  CHECK(error_of("go", "$$B3\n$$ | . . . |\n") ==
        "sl: line 1, column 1: size 3 is not allowed in Go (sizes 5 to 25)");
  CHECK(error_of("chess", "$$B5\n$$ . . .\n").find("sl: line 1, column 1: unknown game 'chess'") == 0);
  CHECK(error_of("loose", with("$$B6", "$$ | . . . . . |\n")).find("sl: line 1, column 1: ") == 0);
  // Looper: the whole torus, stones only.
  CHECK(error_of("looper", "$$ A corner\n$$ +------\n$$ | . X .\n$$ | . X .\n") ==
        "sl: line 1, column 1: Looper's board wraps and has no edge: a diagram of it shows the whole board, "
        "with all "
        "four edges");
  CHECK(
      error_of("looper", with("$$5", empty_row + "$$ | . 1 . . . |\n" + empty_row + empty_row + empty_row)) ==
      "sl: line 4, column 8: a Looper diagram has no numbered moves (the notation cannot write a ballot "
      "turn)");
  CHECK(error_of("go", std::string(max_sl_bytes + 1, '$')) ==
        "sl: line 1, column 1: the diagram is longer than 64 KiB");
}

TEST_CASE("sl diagrams: what the notation cannot write is an error or a note") {
  std::string error;
  std::optional<AnyGame> game = AnyGame::create("go", 9, std::nullopt, error);
  REQUIRE(game);
  for (const char* move : {"C3", "G7", "C7", "G3", "E5", "E3", "E7", "C5", "G5", "D4", "F6", "D6"})
    REQUIRE(game->play(*parse_move(move, 9, error)) == Illegal::none);
  SlWriteOptions o;
  o.numbers_from = 1;
  CHECK(!write_sl_diagram(*game, o, error));
  CHECK(error == "sl: a diagram numbers at most 10 moves, and moves 1 to 12 are 12");
  o.numbers_from = 13;
  CHECK(!write_sl_diagram(*game, o, error));
  REQUIRE(game->play(Move::pass()) == Illegal::none);
  o.numbers_from = 13;
  CHECK(!write_sl_diagram(*game, o, error));
  CHECK(error == "sl: move 13 (pass) cannot be numbered: a diagram numbers stones placed one at a time");
}

TEST_CASE("sl diagrams: captions are one line and read back, whatever they start with") {
  std::string error;
  std::optional<AnyGame> game = AnyGame::create("go", 5, std::nullopt, error);
  REQUIRE(game);
  for (const char* caption :
       {"-- a note", "| not a row", "+- neither", "Two\nlines\tand a tab\r", "  spaces  "}) {
    CAPTURE(caption);
    SlWriteOptions o;
    o.caption = caption;
    std::optional<std::string> text = write_sl_diagram(*game, o, error);
    REQUIRE(text);
    std::optional<SlDiagram> d = read_sl_diagram(*text, {}, error);
    REQUIRE_MESSAGE(d, error);
    std::string expected = caption;
    for (char& c : expected)
      if (c == '\n' || c == '\t' || c == '\r') c = ' ';
    expected = expected.substr(expected.find_first_not_of(' '));
    expected = expected.substr(0, expected.find_last_not_of(' ') + 1);
    CHECK(d->caption == expected);
  }
  // A first move number says nothing without numbered moves.
  std::optional<SlDiagram> d = read_sl_diagram("$$Bm5 Nothing numbered\n$$ . X .\n", {}, error);
  REQUIRE(d);
  CHECK(d->first_number == 1);
  CHECK(d->game.size() == 19);
  CHECK(d->view.left == 8);  // no edge: the middle of the board
  CHECK(d->view.top == 9);
}
