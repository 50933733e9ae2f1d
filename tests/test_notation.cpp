// Vertex and move notation (core/rules/notation.h): GTP vertices, pass/resign/take, ballot turns.
#include <doctest/doctest.h>

#include "rules/notation.h"

using namespace stonegrid;

TEST_CASE("notation: vertices skip I and count rows from the bottom") {
  std::string error;
  CHECK(vertex_text(0, 9) == "A1");
  CHECK(vertex_text(8, 9) == "J1");
  CHECK(vertex_text(80, 9) == "J9");
  CHECK(vertex_text(3 * 9 + 3, 9) == "D4");
  CHECK(vertex_text(624, 25) == "Z25");
  CHECK(parse_vertex("d4", 9, error) == Point(30));
  CHECK(parse_vertex("D4", 9, error) == Point(30));
  CHECK(parse_vertex("j9", 9, error) == Point(80));
  CHECK(parse_vertex("Z25", 25, error) == Point(624));
  for (int size = 5; size <= 25; ++size)
    for (Point p = 0; p < size * size; ++p) {
      std::optional<Point> back = parse_vertex(vertex_text(p, size), size, error);
      REQUIRE(back);
      CHECK(*back == p);
    }
}

TEST_CASE("notation: bad vertices name the vertex and the board") {
  std::string error;
  CHECK_FALSE(parse_vertex("Z99", 9, error));
  CHECK(error == "bad vertex 'Z99' for a 9\u00d79 board");
  for (const char* bad : {"I5", "K1", "A0", "A10", "A", "", "44", "A-1", "AA1", "A1x", "A 1"}) {
    CHECK_FALSE(parse_vertex(bad, 9, error));
    CHECK(error == "bad vertex '" + std::string(bad) + "' for a 9\u00d79 board");
  }
}

TEST_CASE("notation: moves") {
  std::string error;
  CHECK(parse_move("pass", 9, error) == Move::pass());
  CHECK(parse_move("PASS", 9, error) == Move::pass());
  CHECK(parse_move("Resign", 9, error) == Move::resign());
  CHECK(parse_move("take", 9, error) == Move::take());
  CHECK(parse_move("c3", 9, error) == Move::place(20));
  std::optional<Move> ballot = parse_move("A1+c3+E5", 9, error);
  REQUIRE(ballot);
  CHECK(ballot->count == 3);
  CHECK(*ballot == Move::places(0, 20, 40));
  CHECK(move_text(*ballot, 9) == "A1+C3+E5");
  CHECK(move_text(Move::places(0, 20), 9) == "A1+C3");
  CHECK(move_text(Move::place(30), 9) == "D4");
  CHECK(move_text(Move::pass(), 9) == "pass");
  CHECK(move_text(Move::resign(), 9) == "resign");
  CHECK(move_text(Move::take(), 9) == "take");

  CHECK_FALSE(parse_move("", 9, error));
  CHECK(error == "empty move");
  CHECK_FALSE(parse_move("A1+B1+C1+D1", 9, error));
  CHECK(error == "a ballot turn has 1 to 3 vertices, not 4");
  CHECK_FALSE(parse_move("A1+", 9, error));
  CHECK(error == "bad vertex '' for a 9\u00d79 board");
  CHECK_FALSE(parse_move("A1+K9", 9, error));
  CHECK(error == "bad vertex 'K9' for a 9\u00d79 board");
  CHECK_FALSE(parse_move("passe", 9, error));
  CHECK(error == "bad vertex 'passe' for a 9\u00d79 board");
}
