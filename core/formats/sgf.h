// SGF (FF[4], CA[UTF-8]) records for all four games: `write_sgf` and `read_sgf`. The dialect is
// documented for users in docs/sgf.md; this comment is the contract.
//
// Every game is written as GM[1], so an ordinary Go viewer opens it and shows the right board.
// Root properties: FF[4] CA[UTF-8] GM[1] AP[Stonegrid:version] SZ KM (not for Looper) GN, RE when
// the game is over, RU[Loose] / RU[Lasker-Maas] / RU[Looper] / RU[SquareSquared] (default scoring)
// or RU[SquareSquared-v3] (the other scoring), and root AB/AW: the set-up board as it stands when
// play starts (however the setup steps of the record made it; no AE is needed from an empty board).
// Ordinary turns are B[] / W[] nodes (an empty value is a pass); a resignation is not a node but
// RE[B+R] / RE[W+R] (Looper before `take`: RE[1+R] / RE[2+R], by player).
//
// Private properties (SGF lets applications add their own; viewers ignore them):
//   SG[loose|go|looper|squaresquared]  root: the game. Files without SG are read as Go, or as
//                                      Square Squared when RU starts with "SquareSquared".
//   XB[aa][bb][cc]  a Looper ballot turn: the 1 to 3 black stones it places, on one node.
//   XT[]            a Looper `take` turn.
//   XP[1|2]         on XB and XT nodes: the player (1 or 2) who made that turn.
//   XK[B|W]         Loose, root: the komi agreement — the player (by colour) who named the
//                   komi; the other then chose colours. Absent when not known.
// Setup properties that mirror a move's effect for plain Go viewers, on the move's own node
// (they are derived, and ignored when a file with SG is read back):
//   Loose: B[dd]AB[de][df] — the stones the placement flipped, now of the mover's colour.
//   Looper: XB[aa][bb]XP[1]AB[aa][bb] — the ballot stones.
// (Looper play-phase turns are plain B/W moves; a Go viewer may show a Go capture or refuse a
// "suicide" there, since it does not know the torus — see docs/sgf.md.)
//
// Reading follows the main line (the first variation at each fork) and ignores other
// variations; `read_sgf` ignores comments and markup, `read_sgf_with_markup` keeps them. Ordinary Go files
// are accepted: B/W moves with `tt` or an empty value as pass (`tt` only up to 19×19), SZ (default 19), KM; a
// move of the colour not to move in a file without SG is preceded by a pass (handicap files where White moves
// first). Setup: AB/AW/AE (points or rectangles `aa:cc`) on any node before the first move, applied in the
// order written — node after node, and property after property within a node (SGF FF[4] forbids one node
// naming a point twice; such files are read in order, not refused). Setup on a turn's node in a file with SG
// (other than the root) mirrors the turn and is ignored. The board the setup makes must be one the game's
// rules can continue from (`AnyGame::setup_fault`: Go and Square Squared, every chain has a liberty; Loose, a
// true liberty; Looper, any board), else: `sgf: line 1, column 15: set-up stone A9 has no liberty`, at the
// value that set that stone. Limits: `max_sgf_bytes` of text and `max_sgf_nodes` nodes. Errors name the
// place: `sgf: line 3, column 14: unterminated property value`, and quote at most 40 characters of any one
// piece of input (one line, UTF-8; control characters and stray bytes as '?').
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/any_game.h"

namespace stonegrid {

// Input limits of `read_sgf`: the text's length in bytes, and its nodes (every variation
// counted). A file over either is refused with an error saying so.
inline constexpr size_t max_sgf_bytes = size_t{1} << 20;  // 1 MiB
inline constexpr int max_sgf_nodes = 100000;
inline constexpr size_t max_sgf_lines = 1000;  // variations `read_sgf_lines` keeps

// The whole game as one SGF game tree, with no blank lines (so GTP can print it).
// `annotations[i]`, when given, is appended to the node of move i as written (SGF properties,
// already escaped: e.g. a review's "BM[1]C[...]"; see `escape_sgf_text`). `players`' names,
// when given, are written as PB and PW.
struct SgfPlayers {
  std::string black, white;
};
std::string write_sgf(const AnyGame& game, const std::vector<std::string>& annotations = {},
                      const SgfPlayers& players = {});
// `text` as an SGF text value: `]` and `\` escaped.
std::string escape_sgf_text(std::string_view text);

// The game in an SGF text, or nullopt with `error` set ("sgf: line L, column C: problem").
std::optional<AnyGame> read_sgf(std::string_view text, std::string& error);

// --- markup: what a node says about its position besides the move ---------------------------
// For diagrams (core/formats/diagram.h): one `Markup` per node of the main line, in order. Read from
// the standard SGF properties `TR` `SQ` `CR` `MA` (marks, point lists with `aa:cc` rectangles
// allowed), `LB[dd:text]` (labels), `MN[n]` (the number of this node's move; later moves count
// on from it), `PM[0|1|2]` (print move numbers: no / yes / modulo 100; it holds for this node
// and the nodes after it) and `C` (the comment: a diagram's caption). A point off the board or
// a bad number is an error with its place, like any other.
struct Markup {
  enum class Shape : uint8_t { triangle, square, circle, cross };  // TR, SQ, CR, MA
  struct Mark {
    Point point = no_point;
    Shape shape = Shape::triangle;
  };
  struct Label {
    Point point = no_point;
    std::string text;
  };
  // Moves of the record played once this node is read: the markup is about the position
  // after that many moves (a handicap file's implied pass counts as a move).
  int moves = 0;
  std::vector<Mark> marks;
  std::vector<Label> labels;
  std::optional<int> move_number;  // MN
  std::optional<int> print_moves;  // PM
  std::string comment;             // C
  // Every property of the node as written (the ones above and the move included), in order:
  // what an application's own properties say (core/tools/teach.h reads its tasks from them).
  struct Property {
    std::string id;
    std::vector<std::string> values;
  };
  std::vector<Property> properties;
  const Property* find(std::string_view id) const {
    for (const Property& p : properties)
      if (p.id == id) return &p;
    return nullptr;
  }
};

struct SgfRecord {
  AnyGame game;
  std::vector<Markup> nodes;  // one per main-line node, the root first
};

// `read_sgf`, keeping each main-line node's markup.
std::optional<SgfRecord> read_sgf_with_markup(std::string_view text, std::string& error);

// Every game tree of a collection `(;...)(;...)`, each read as `read_sgf_with_markup` reads one;
// `text` is the tree's own text, from its '(' to its ')' (a whole SGF record by itself). Errors
// name the place in the whole collection. Limits: `max_sgf_bytes` for the text, `max_sgf_nodes`
// per tree.
struct SgfTree {
  SgfRecord record;
  std::string_view text;
};
std::optional<std::vector<SgfTree>> read_sgf_collection(std::string_view text, std::string& error);

// Every line of the first game tree, from the root to each leaf in the order they are written
// (the main line first), each read as `read_sgf_with_markup` reads a main line: a problem's right
// and wrong answers. At most `max_sgf_lines` lines.
std::optional<std::vector<SgfRecord>> read_sgf_lines(std::string_view text, std::string& error);

// The markup of the position after `moves` moves: the last node whose `moves` is that number
// (a move's own node, or a node after it with no move), or nullptr when no node shows it.
const Markup* markup_after(const std::vector<Markup>& nodes, int moves);

// SGF point text for a point: "dd"; and back (nullopt when not on the board). Empty text is
// not a point (it is a pass for B/W).
std::string sgf_point(Point p, int size);
std::optional<Point> parse_sgf_point(std::string_view text, int size);

}  // namespace stonegrid
