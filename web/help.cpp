// The help window. Each example is a real game position: stones set up, moves played by the
// engine, then drawn by `draw_position` — so the pictures cannot disagree with the rules. If
// an example ever fails to build (a rules change), its caption says so instead of a board.
#include "help.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "position_draw.h"

namespace stonegrid::web {

struct MiniBoard {
  std::optional<AnyGame> game;
  std::string caption;
  Overlay overlay;
};

struct HelpBoards {
  std::vector<MiniBoard> pages[4];
};

namespace {

// A position: `black` and `white` set up (space-separated vertices), then `moves` played.
MiniBoard mini(std::string_view name, int size, const char* black, const char* white,
               std::vector<const char*> moves, std::string caption) {
  MiniBoard board;
  board.caption = std::move(caption);
  std::string error;
  GameSettings settings;
  settings.kind = game_kind(name).value_or(GameKind::go);
  settings.size = size;
  if (name == "go") settings.komi = 0.5;  // a Go diagram counts without a draw
  std::optional<AnyGame> game = AnyGame::create(settings, error);
  auto put = [&](const char* list, Color c) {
    std::string text = list;
    size_t start = 0;
    while (game && start < text.size()) {
      size_t end = text.find(' ', start);
      if (end == std::string::npos) end = text.size();
      std::optional<Point> p = parse_vertex(text.substr(start, end - start), size, error);
      if (!p || !game->setup(*p, c)) game.reset();
      start = end + 1;
    }
  };
  put(black, Color::black);
  put(white, Color::white);
  for (const char* m : moves) {
    if (!game) break;
    std::optional<Move> move = parse_move(m, size, error);
    if (!move || game->play(*move) != Illegal::none) game.reset();
  }
  if (!game) board.caption += " (example unavailable)";
  board.game = std::move(game);
  if (board.game && !board.game->moves().empty()) {
    const Move& last = board.game->moves().back();
    if (last.is_place())
      for (int i = 0; i < last.count; ++i) board.overlay.last[i] = last.points[i];
  }
  return board;
}

// The reason a move is refused in a position, in the engine's words.
std::string why(const MiniBoard& board, const char* move) {
  if (!board.game) return "";
  std::string error;
  std::optional<Move> m = parse_move(move, board.game->size(), error);
  if (!m) return error;
  Illegal reason = board.game->check(*m);
  return std::string(move) + ": " + (reason == Illegal::none ? "legal" : std::string(describe(reason)));
}

void build(HelpBoards& b) {
  // Loose
  MiniBoard liberties =
      mini("loose", 5, "B5 A4 B3", "C4", {},
           "True and false liberties: B4 (red cross) touches both colours and no empty point, "
           "so it is false; A5 touches only black, so it is true (an eye).");
  liberties.overlay.false_liberties = true;
  b.pages[0].push_back(std::move(liberties));
  b.pages[0].push_back(mini("loose", 5, "B3", "A4 C4 C3 A2 B2", {"pass"},
                            "Before the flip: White to play at B4, the black stone's only true liberty."));
  b.pages[0].push_back(mini("loose", 5, "B3", "A4 C4 C3 A2 B2", {"pass", "B4"},
                            "After White B4: B3 had no true liberty left, so it flipped to white."));
  MiniBoard illegal = mini("loose", 5, "B2", "B3 A2 C2 C1", {}, "");
  illegal.caption =
      "An illegal move: " + why(illegal, "B1") +
      " (A1 would touch both colours and no empty point, so the chain B2-B1 has no true liberty).";
  illegal.overlay.false_liberties = true;
  b.pages[0].push_back(std::move(illegal));

  // Go under Lasker-Maas
  MiniBoard phase1 =
      mini("go", 5, "C1 C2 C3 C4 C5", "D1 D2 D3 D4 D5 B3", {"pass", "pass"},
           "Both passed: phase 1 is over, but White says B3 lives. Phase 2 (resolve) starts; a "
           "pair of prisoners is added so both sides have stones to play.");
  phase1.overlay.territory = true;
  b.pages[1].push_back(std::move(phase1));
  MiniBoard phase2 =
      mini("go", 5, "C1 C2 C3 C4 C5", "D1 D2 D3 D4 D5 B3", {"pass", "pass", "B4", "pass", "B2", "pass", "A3"},
           "Phase 2: Black proves B3 dead by capturing it, each stone paid from Black's "
           "prisoners. Two more passes end the game; the count is territory minus prisoners.");
  phase2.overlay.territory = true;
  b.pages[1].push_back(std::move(phase2));

  // Looper
  MiniBoard global = mini("looper", 7, "D1 D2 D3 D4 D5 D6 D7", "", {},
                          "A global loop: the column D line wraps round the torus (across the blue seam). "
                          "Black wins with one.");
  global.overlay.loop = true;
  b.pages[2].push_back(std::move(global));
  b.pages[2].push_back(
      mini("looper", 7, "C3 D3 E3 C4 E4 C5 D5 E5", "", {},
           "A contractible loop: it closes without wrapping the torus, so it does not count."));
  MiniBoard spiral = mini("looper", 7, "A1 B1 B2 C2 C3 D3 D4 E4 E5 F5 F6 G6 G7 A7", "", {},
                          "A rising spiral wraps both ways at once: also a winning loop.");
  spiral.overlay.loop = true;
  b.pages[2].push_back(std::move(spiral));

  // Square Squared
  MiniBoard edge =
      mini("squaresquared", 7, "A1 B1 C1 D1 D2 G4", "F7 G7 G6 C4", {},
           "Edge scoring: Black A1-D1 has 4 edge stones, minus the tax of 2: +2. Black G4 alone: "
           "1 - 2 = -1. White F7-G7-G6: 3 - 2 = +1. White C4 touches no edge: 0.");
  edge.overlay.labels = true;
  edge.overlay.edge_emphasis = true;
  b.pages[3].push_back(std::move(edge));
}

const char* rules_text[] = {
    "Loose (Luis Bolanos Mures). Odd boards. Place a stone or pass; two passes end the game.\n"
    "An empty point is a FALSE liberty when it has no empty neighbour and touches both colours; every other "
    "empty point is true. After a placement, every enemy chain with no true liberty flips to your colour "
    "(all at once, one round). The move is legal only if afterwards every chain has a true liberty.\n"
    "Score: Black = black stones; White = white stones + komi. On a tie the last placer loses. Komi is "
    "agreed "
    "by cut and choose: one side names an even komi, the other chooses a colour.",
    "Go under the Lasker-Maas rules. Capture chains without liberties into the prisoner place; no suicide; "
    "no "
    "position may repeat (superko).\n"
    "Phase 1 ends with two passes. Phase 2 (resolve) settles disputes by play: each stone placed comes from "
    "your "
    "own captured stones, and a pair is added whenever either supply is empty. Two more passes end the "
    "game.\n"
    "Score: territory - your own prisoners; White adds komi.",
    "Looper (Craig Duncan), on a torus: the left edge joins the right (red seam), the top joins the bottom "
    "(blue seam).\n"
    "Ballot: from player 1, each turn places 1 to 3 BLACK stones (click points, then Confirm), or Takes "
    "Black (the panel shows how much of the board is black, and from what share taking tends to pay). "
    "The taker plays Black, the other White moves next, one stone a turn, no passing.\n"
    "Black wins with a global loop (a cycle of black stones wrapping the torus); White wins once Black can "
    "no "
    "longer make one.",
    "Square Squared. Tromp-Taylor play: capture, then remove your own chains without liberties (suicide "
    "allowed); no position may repeat. Two passes end the game.\n"
    "Score: each of your chains touching the edge scores (its stones on the edge - 2); other chains score 0. "
    "White adds komi.",
};

void draw_mini(const MiniBoard& board, const BoardStyle& style, float side) {
  ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(side, side));
  if (board.game) {
    BoardView view;
    int margin = board.game->facts().torus ? 1 : 0;
    view.fit(at, ImVec2(at.x + side, at.y + side), board.game->size(), margin, true);
    const Explanation explained = board.game->explain();
    Overlay overlay = board.overlay;
    overlay.explanation = &explained;
    draw_position(ImGui::GetWindowDrawList(), view, style, *board.game, overlay);
  }
}

}  // namespace

Help::Help() = default;
Help::~Help() = default;

void Help::window(const BoardStyle& style, bool large_targets) {
  if (!open) return;
  if (!boards_) {
    boards_ = std::make_unique<HelpBoards>();
    build(*boards_);
  }
  ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowSize(
      ImVec2(std::min(620.0f, io.DisplaySize.x - 20), std::min(640.0f, io.DisplaySize.y - 50)),
      ImGuiCond_Appearing);
  ImGui::SetNextWindowPos(ImVec2(10, 40), ImGuiCond_Appearing);
  ImGui::SetNextWindowBgAlpha(1.0f);
  if (!ImGui::Begin("Help", &open)) {
    ImGui::End();
    return;
  }
  if (large_targets && ImGui::Button("Close")) open = false;
  static const char* tabs[] = {"Loose", "Go (Lasker-Maas)", "Looper", "Square Squared"};
  if (ImGui::BeginTabBar("games")) {
    for (int i = 0; i < 4; ++i) {
      if (!ImGui::BeginTabItem(tabs[i], nullptr, page == i ? ImGuiTabItemFlags_SetSelected : 0)) continue;
      ImGui::TextWrapped("%s", rules_text[i]);
      float side = std::min(220.0f, ImGui::GetContentRegionAvail().x * 0.45f);
      for (const MiniBoard& board : boards_->pages[i]) {
        ImGui::Separator();
        ImGui::BeginGroup();
        draw_mini(board, style, side);
        ImGui::EndGroup();
        ImGui::SameLine();
        ImGui::TextWrapped("%s", board.caption.c_str());
      }
      ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem("Controls", nullptr, page == 4 ? ImGuiTabItemFlags_SetSelected : 0)) {
      ImGui::TextWrapped(
          "Click a point to play; the faint stone under the mouse shows where. Pass, Resign, Undo and Take "
          "are in the panel. Against the bot, Undo takes back its reply and your move.\n\n"
          "Touch screens: tap a point to see your stone there, then tap Confirm (or Cancel, or tap another "
          "point). View > One-tap moves plays on the tap instead. On boards of 13x13 and larger the first "
          "tap "
          "zooms in around that point; drag to look around, Zoom out to see the whole board (it zooms out "
          "by itself after each move).\n\n"
          "Keys: Left/Right step through the moves, Home/End jump to the start or back to the game. Up/Down "
          "or Enter show a keyboard cursor: arrows move it, Enter or Space plays, Escape hides it. In a "
          "Looper ballot, Enter confirms the picked stones. Shift+arrows (or a drag) pan Looper's torus.\n\n"
          "Copy link puts a link to this game on the clipboard; Copy SGF the game record.\n\n"
          "Analysis shows the bot's win rate and its top moves (numbers: win rate in percent).\n\n"
          "Bot levels: 1 plays almost at random (a beginner can win); each level searches about twice as "
          "many positions as the one below and beats it in most games; level 10 thinks for 2 seconds of "
          "search a move, and from level 7 on the bot resigns a hopeless game.");
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
  }
  page = -1;
  ImGui::End();
}

}  // namespace stonegrid::web
