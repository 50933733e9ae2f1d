// The help texts and pictures. Read a page top to bottom: its six parts, then its pictures with
// what each one marks. Every statement follows RULINGS.md; docs/rules.md repeats the parts word
// for word (tests/test_help.cpp compares them), so change both together.
//
// The texts are plain ASCII apart from "×": the page's font (ProggyClean) has Latin-1 only, so
// no dashes or typographic quotes.
#include "help_text.h"

#include <cmath>
#include <cstdio>

#include "bot/komi.h"
#include "rules/notation.h"

namespace stonegrid {

namespace {

// --- the pages ---------------------------------------------------------------------------------

// Loose: RULINGS.md §Loose.
HelpPage loose_page() {
  HelpPage loose{GameKind::loose};
  loose.goal =
      "Have more stones on the board than your opponent at the end. Stones are never removed: "
      "surrounded ones change colour.";
  loose.turn = "Black starts. On your turn, place one stone on an empty point, or pass.";
  loose.surprise =
      "A chain (touching stones of one colour) needs a true empty point beside it. An empty point "
      "is false if it has no empty neighbour and touches both colours; all others are true. Enemy "
      "chains your stone leaves with no true point turn to your colour, all at once. A move that "
      "then leaves any chain without a true point is not allowed.";
  loose.end =
      "Two passes in a row end the game. Black scores its stones on the board; White scores its "
      "stones plus komi (extra points for White). More wins; on a tie, whoever placed the last "
      "stone loses (White, if no stone was placed).";
  loose.balance =
      "Moving first is usually an advantage; komi pays it back. It is set by cut and choose: one "
      "player names an even komi, then the other picks a colour.";
  loose.first_plan =
      "Play on an enemy chain's last true point: every stone that changes colour counts for you "
      "instead of them. Keep an eye (an empty point surrounded by your stones only) by your chains: "
      "it is always true.";
  loose.pictures = {
      {.game = "loose",
       .size = 5,
       .black = "B5 A4 B3",
       .white = "C4",
       .caption = "B4 (red cross) is false: it touches both colours and has no empty neighbour. A5 touches "
                  "black only, so it is true: an eye.",
       .false_liberties = true},
      {.game = "loose",
       .size = 5,
       .black = "B3",
       .white = "A4 C4 C3 A2 B2",
       .moves = {"pass"},
       .caption = "White to play. Black B3 has one true point left, B4 (A3 is false). White plays there "
                  "(faint stone).",
       .hint = "B4",
       .false_liberties = true},
      {.game = "loose",
       .size = 5,
       .black = "B3",
       .white = "A4 C4 C3 A2 B2",
       .moves = {"pass", "B4"},
       .caption = "After White B4, B3 had no true point left, so it turned white (ring). A3 now touches "
                  "white only: it is true.",
       .rings = "B3"},
      {.game = "loose",
       .size = 5,
       .black = "B2",
       .white = "B3 A2 C2 C1",
       .caption = "Black may not play B1 (crossed out): B2-B1 would touch only A1, which would be false, "
                  "and no white chain turns.",
       .refused = "B1",
       .false_liberties = true},
  };
  return loose;
}

// Go under the Lasker-Maas rules: RULINGS.md §Go.
HelpPage go_page() {
  HelpPage go{GameKind::go};
  go.goal =
      "Surround more empty points (your territory) than your opponent. Your stones that get "
      "captured count against you; White gets komi, extra points for moving second.";
  go.turn =
      "Black starts. On your turn, place a stone on an empty point, or pass. Enemy chains (touching "
      "stones of one colour) left with no empty point beside them are captured. You may not leave "
      "your own chain without one, nor repeat an earlier whole-board position (the superko rule).";
  go.surprise =
      "Nothing is removed by agreement: after two passes in a row a second part begins, where you "
      "capture the stones you say are dead. There each stone you place is one of your own captured "
      "stones; when either side has none, a pair is added, one of each colour.";
  go.end =
      "Two more passes end the game. An empty area touching only one colour is that colour's "
      "territory; an area touching both counts for no one. Score: territory minus your captured "
      "stones still kept aside, plus komi for White. Equal is a draw.";
  go.balance = "Black moves first, so White gets komi.";
  go.first_plan =
      "Take the corners, then the sides: there a few stones surround the most. Before you pass, "
      "remember that dead enemy stones must really be captured in the second part.";
  go.pictures = {
      {.game = "go",
       .size = 5,
       .black = "C3",
       .white = "C4 B3 D3",
       .moves = {"pass", "C2"},
       .caption = "White C2 filled the last empty point beside black C3: it is captured (ring) and kept "
                  "aside.",
       .rings = "C3"},
      {.game = "go",
       .size = 5,
       .black = "C1 C2 C3 C4 C5",
       .white = "D1 D2 D3 D4 D5 B3",
       .moves = {"pass", "pass"},
       .caption = "Both passed, but White B3 is still on the board, so the left side touches both colours "
                  "and counts for no one. The second part begins.",
       .territory = true},
      {.game = "go",
       .size = 5,
       .black = "C1 C2 C3 C4 C5",
       .white = "D1 D2 D3 D4 D5 B3",
       .moves = {"pass", "pass", "B4", "pass", "B2", "pass", "A3"},
       .caption = "In the second part Black played B4, B2 and A3, paying with captured stones, and captured "
                  "B3 (ring). The left side is Black's now.",
       .rings = "B3",
       .territory = true},
  };
  return go;
}

// Looper: RULINGS.md §Looper.
HelpPage looper_page() {
  HelpPage looper{GameKind::looper};
  looper.goal =
      "The board wraps round like a doughnut (a torus): the left edge joins the right, the top "
      "joins the bottom. Black wins with a ring of black stones all the way round (a global loop); "
      "White wins by preventing it.";
  looper.turn =
      "First a ballot: from player 1, each turn places 1 to 3 black stones, owned by nobody yet, or "
      "says Take. The taker plays Black; the other plays White and moves next. From then on a turn "
      "is one stone of your colour. No passing.";
  looper.surprise =
      "Both players build Black's position, and either may claim it. Take too early and Black is "
      "too weak; wait too long and your opponent takes. A ring around a patch of the board, not "
      "round the board, does not count.";
  looper.end =
      "Black wins the moment a global loop exists, even at the take (if the ballot made one, the "
      "taker wins); a loop made in the ballot ends nothing by itself. White wins once the black and "
      "empty points together hold no global loop.";
  looper.balance =
      "Neither player starts ahead: what matters is when to take. The more black stones on the "
      "board, the better taking pays.";
  looper.first_plan =
      "In the ballot, build two routes round the board, and take when Black can close a loop in two "
      "places: White, who moves next, can block only one.";
  looper.pictures = {
      {.game = "looper",
       .size = 7,
       .moves = {"B2+D4+F6", "C5+E2"},
       .caption = "The ballot: player 1 placed B2, D4 and F6, then player 2 placed two stones (marked). "
                  "Player 1 is next: more stones, or Take."},
      {.game = "looper",
       .size = 7,
       .black = "D1 D2 D3 D5 D6 D7 C3 C5",
       .moves = {"take"},
       .caption = "Player 1 took and plays Black. Black can close a loop at 1 or at 2; White moves next but "
                  "can block only one: a winning take.",
       .threats = "D4 C4"},
      {.game = "looper",
       .size = 7,
       .black = "D1 D2 D3 D4 D5 D6 D7",
       .caption = "A global loop: column D goes round the board, across the blue seam where the top joins "
                  "the bottom. Black wins.",
       .loop = true},
      {.game = "looper",
       .size = 7,
       .black = "C3 D3 E3 C4 E4 C5 D5 E5",
       .caption = "This ring closes around a patch of the board, not round the board: it does not count."},
      {.game = "looper",
       .size = 7,
       .black = "A1 B1 B2 C2 C3 D3 D4 E4 E5 F5 F6 G6 G7 A7",
       .caption = "A staircase that goes round both ways at once: also a global loop.",
       .loop = true},
  };
  return looper;
}

// Square Squared: RULINGS.md §Square Squared.
HelpPage squared_page() {
  HelpPage squared{GameKind::squaresquared};
  squared.goal =
      "Only the edge scores. Each of your chains (touching stones of one colour) that reaches the "
      "outer line scores its stones on that line, minus 2.";
  squared.turn =
      "Black starts. On your turn, place a stone on an empty point, or pass. Enemy chains left with "
      "no empty point beside them are captured (removed); then so is your own chain if it has none. "
      "No move may repeat an earlier whole-board position (superko), so a lone stone cannot remove "
      "itself.";
  squared.surprise =
      "Every chain on the edge pays the tax of 2: a lone edge stone scores -1, a chain with 2 edge "
      "stones 0, with 3 edge stones +1. Joining two edge chains into one saves 2 points.";
  squared.end =
      "Two passes in a row end the game, and stones count as they stand: nothing is removed as "
      "dead, so capture dead stones first. Add up your edge chains' scores; White adds komi. Equal is a "
      "draw.";
  squared.balance = "Black moves first; komi (extra points for White) can even the game.";
  squared.first_plan =
      "Build one long chain along the edge, and cut your opponent's edge stones into small pieces: "
      "each lone enemy stone on the edge costs them a point.";
  squared.pictures = {
      {.game = "squaresquared",
       .size = 5,
       .black = "B3 C4 D3",
       .white = "C3",
       .moves = {"C2"},
       .caption = "Black C2 filled the last empty point beside white C3: it is captured (ring), taken off "
                  "the board.",
       .rings = "C3"},
      {.game = "squaresquared",
       .size = 7,
       .black = "A1 B1 C1 D1 D2 G4",
       .white = "F7 G7 G6 C4",
       .caption = "The count: Black A1-D1, 4 edge stones - 2 = +2. Black G4 alone: 1 - 2 = -1. White "
                  "F7-G7-G6: 3 - 2 = +1. White C4 is off the edge: 0.",
       .labels = true,
       .edge = true},
      {.game = "squaresquared",
       .size = 7,
       .black = "A1 B1 C1 E1 F1 G1",
       .moves = {"D1"},
       .caption = "Black D1 joined two chains worth +1 each into one with 7 edge stones: 7 - 2 = +5.",
       .labels = true,
       .edge = true},
  };
  return squared;
}

std::vector<HelpPage> make_pages() {
  std::vector<HelpPage> pages;
  pages.push_back(loose_page());
  pages.push_back(go_page());
  pages.push_back(looper_page());
  pages.push_back(squared_page());
  return pages;
}

std::string board_size_text(int size) {
  return std::to_string(size) + "×" + std::to_string(size);
}

std::string percent(double share) {
  char text[16];
  std::snprintf(text, sizeof text, "%.0f %%", 100 * share);
  return text;
}

// "5×5 about 22, 9×9 about 2, 13×13 about 8 (a first estimate, 20 games)".
std::string other_sizes(const std::vector<const MeasuredBalance*>& entries, bool looper) {
  std::string text;
  for (const MeasuredBalance* b : entries) {
    if (!text.empty()) text += ", ";
    text += board_size_text(b->size) + " about " + format_number(b->fair) + (looper ? " stones" : "");
    if (b->games < 100) text += " (a first estimate, " + std::to_string(b->games) + " games)";
  }
  return text;
}

}  // namespace

const std::vector<HelpPage>& help_pages() {
  static const std::vector<HelpPage> pages = make_pages();
  return pages;
}

const HelpPage* help_page(GameKind kind) {
  for (const HelpPage& page : help_pages())
    if (page.kind == kind) return &page;
  return nullptr;
}

// --- balance -----------------------------------------------------------------------------------

std::string balance_figures(GameKind kind, int size) {
  const GameFacts& facts = kind.facts();
  const bool looper = facts.colors_by_take;
  std::vector<const MeasuredBalance*> entries;  // the primary entry of each size, ruled scoring
  for (const MeasuredBalance& b : measured_balance())
    if (b.kind == kind && b.variant == 0 && b.primary) entries.push_back(&b);
  if (entries.empty()) return "The balance lab has not measured " + std::string(facts.title) + " yet.";

  std::string text;
  const MeasuredBalance* here = find_balance(kind, size);
  if (!here)  // the other sizes only when this one was not measured: the page is for the board in play
    return "Not measured on " + board_size_text(size) + " yet. Measured: " + other_sizes(entries, looper) +
           ".";
  text = "Measured between equal bots on " + board_size_text(size) + ": ";
  const std::string there = " of " + std::to_string(here->games) + " games there";
  if (looper) {
    text += "taking pays from about " + format_number(here->fair) + " random black stones (" +
            percent(here->fair / (size * size)) + " of the board; the taker won " + percent(here->win_rate) +
            there + "). Planned stones are worth more: take a bit earlier.";
    return text;
  }
  text += "fair komi about " + format_number(here->fair) + " (Black won " + percent(here->win_rate) + there +
          (here->games < 100 ? ": a first estimate)." : ").");
  if (!facts.komi_cut_and_choose && facts.default_komi != here->fair)
    text += " The default komi is " + format_number(facts.default_komi) + ".";
  for (int v = 1; v < facts.variant_count; ++v)
    if (const MeasuredBalance* variant = find_balance(kind, size, v))
      text += " With " + std::string(facts.variants[v].name) + " scoring, about " +
              format_number(variant->fair) + ".";
  return text;
}

// --- pictures ----------------------------------------------------------------------------------

std::vector<Point> picture_points(std::string_view vertices, int size) {
  std::vector<Point> points;
  std::string error;
  size_t start = 0;
  while (start < vertices.size()) {
    size_t end = vertices.find(' ', start);
    if (end == std::string_view::npos) end = vertices.size();
    if (end > start)
      if (std::optional<Point> p = parse_vertex(vertices.substr(start, end - start), size, error))
        points.push_back(*p);
    start = end + 1;
  }
  return points;
}

std::optional<AnyGame> build_picture(const HelpPicture& picture, std::string& error) {
  GameSettings settings;
  std::optional<GameKind> kind = game_kind(picture.game);
  if (!kind) {
    error = "unknown game " + std::string(picture.game);
    return std::nullopt;
  }
  settings.kind = *kind;
  settings.size = picture.size;
  if (kind->facts().has_komi && !kind->facts().komi_cut_and_choose)
    settings.komi = kind->facts().komi_step == 0.5 ? 0.5 : 0;  // a Go count without a draw
  std::optional<AnyGame> game = AnyGame::create(settings, error);
  if (!game) return game;
  auto put = [&](std::string_view list, Color c) {
    for (Point p : picture_points(list, picture.size))
      if (!game->setup(p, c)) error = "cannot set up " + vertex_text(p, picture.size);
  };
  put(picture.black, Color::black);
  put(picture.white, Color::white);
  if (!error.empty()) return std::nullopt;
  for (std::string_view text : picture.moves) {
    std::optional<Move> move = parse_move(text, picture.size, error);
    if (!move) return std::nullopt;
    if (Illegal reason = game->play(*move); reason != Illegal::none) {
      error = std::string(text) + ": " + std::string(describe(reason));
      return std::nullopt;
    }
  }
  return game;
}

// --- controls ----------------------------------------------------------------------------------

const std::string_view controls_text =
    "Click a point to play; the faint stone under the mouse shows where. Pass, Resign, Undo and Take are "
    "in the panel (Resign asks first). Against the bot, Undo takes back its reply and your move.\n\n"
    "When a game ends, the result shows at the top of the panel, with the count; the board marks each "
    "counted point by its owner, crosses the points that count for nobody and shows removed stones faint, "
    "in a grey ring. Review steps through the game with the bot's analysis; Result shows the count "
    "again.\n\n"
    "Touch screens: tap a point to see your stone there, then tap Confirm (or Cancel, or tap another "
    "point). View > One-tap moves plays on the tap instead. On boards of 13x13 and larger the first tap "
    "zooms in around that point; drag to look around, Zoom out to see the whole board (it zooms out by "
    "itself after each move).\n\n"
    "Keys: Left/Right step through the moves, Home/End jump to the start or back to the game. Up/Down or "
    "Enter show a keyboard cursor: arrows move it, Enter or Space plays, Escape hides it. In a Looper "
    "ballot, Enter confirms the picked stones. Shift+arrows (or a drag) pan Looper's torus.\n\n"
    "Copy link puts a link to this game on the clipboard; Copy SGF the game record.\n\n"
    "A friend on another device (New game): play your move, then Send link; the link holds the whole "
    "game, and your friend's link back brings their move. QR code shows the link for a phone nearby to "
    "scan. Play live connects the two browsers directly (an offer and an answer, copied or scanned), so "
    "moves go across as you play; on one network nothing else is needed, across the internet the page's "
    "address may name a STUN server (stun=HOST:PORT). Your games with friends are listed on the home screen, "
    "your turn "
    "first.\n\n"
    "Analysis shows the bot's win rate and its top moves (numbers: win rate in percent).\n\n"
    "Review (at the end of a game) has the bot judge every move: a graph of the chances (click it to go "
    "to a move), the better move and its line, and N / P for the next and previous mistake. Learn from "
    "your mistakes then puts each of your mistakes and blunders (from this game and your recent reviewed "
    "ones; inaccuracies are small and give no task) back on the board: find a move as good as the bot's, "
    "with a hint and Show me. Marks: ?! inaccuracy, ? mistake, ?? blunder.\n\n"
    "Bot levels: 1 plays almost at random (a beginner can win); each level searches about twice as many "
    "positions as the one below and beats it in most games; level 10 thinks for 2 seconds a move, and "
    "from level 7 on the bot resigns a hopeless game.";

}  // namespace stonegrid
