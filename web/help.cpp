// The help page. Read `Help::draw` first: the header (which page, Close), then a game's page —
// its parts as paragraphs with a coloured lead-in, one picture at a time between the rules and
// the count, "Try the lesson" last. The words and the pictures' positions are in help_text.cpp;
// this file only lays them out. Each picture is a real game position built by the engine and
// drawn by `draw_position`, so it cannot disagree with the rules; if one ever fails to build (a
// rules change), its caption says so instead of a board (and tests/test_help.cpp fails first).
#include "help.h"

#include <algorithm>
#include <string>
#include <vector>

#include "layout_record.h"
#include "position_draw.h"

namespace stonegrid::web {

// A picture ready to draw: the position and what to mark on it.
struct MiniBoard {
  std::optional<AnyGame> game;
  Overlay overlay;
  std::vector<Point> rings;
  std::string error;
};

struct HelpBoards {
  std::vector<std::vector<MiniBoard>> pages;  // parallel to help_pages()
};

namespace {

// The keys page: `Help::page` one past the games' (help=N+1 with N games), kept apart from the
// games' indices here (a game added at run time takes the next index).
constexpr int keys_page = 1000;
constexpr const char* keys_title = "Keys and buttons";

MiniBoard mini_board(const HelpPicture& picture) {
  MiniBoard board;
  board.game = build_picture(picture, board.error);
  if (!board.game) return board;
  const AnyGame& game = *board.game;
  Overlay& overlay = board.overlay;
  if (!game.moves().empty()) {
    const Move& last = game.moves().back();
    if (last.is_place())
      for (int i = 0; i < last.count; ++i) overlay.last[i] = last.points[i];
  }
  // A move of the side to play, drawn faint: crossed out when the picture shows it refused.
  for (const auto& [move, refused] : {std::pair{picture.refused, true}, std::pair{picture.hint, false}}) {
    std::vector<Point> at = picture_points(move, picture.size);
    if (at.empty()) continue;
    overlay.ghost = at[0];
    overlay.ghost_color = game.state().color_to_move();
    overlay.ghost_illegal = refused;
  }
  overlay.picks = picture_points(picture.threats, picture.size);
  overlay.false_liberties = picture.false_liberties;
  overlay.territory = picture.territory;
  overlay.loop = picture.loop;
  overlay.labels = picture.labels;
  overlay.edge_emphasis = picture.edge;
  board.rings = picture_points(picture.rings, picture.size);
  return board;
}

void build(HelpBoards& boards) {
  for (const HelpPage& page : help_pages()) {
    std::vector<MiniBoard>& pictures = boards.pages.emplace_back();
    for (const HelpPicture& picture : page.pictures) pictures.push_back(mini_board(picture));
  }
}

// A board of `side` CSS pixels at the cursor, with the rings (stones just captured or flipped)
// drawn over it.
void draw_mini(const MiniBoard& board, const BoardStyle& style, float side) {
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(side, side));
  if (!board.game) return;
  const AnyGame& game = *board.game;
  BoardView view;
  view.fit(at, ImVec2(at.x + side, at.y + side), game.size(), game.facts().torus ? 1 : 0, true);
  const Explanation explained = game.state().explain();
  Overlay overlay = board.overlay;
  overlay.explanation = &explained;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw_position(draw, view, style, game, overlay);
  const Geometry& geometry = game.state().geometry();
  for (Point p : board.rings) {
    const float radius = view.spacing * 0.4f;
    draw->AddCircle(view.position(geometry.column(p), geometry.row(p)), radius, IM_COL32(220, 60, 40, 255),
                    circle_segments(radius), std::max(2.0f, view.spacing * 0.08f));
  }
}

// The colour of the lead-in words: the primary blue of docs UX.md, lighter on a dark panel.
ImVec4 accent() {
  const ImVec4 text = ImGui::GetStyleColorVec4(ImGuiCol_Text);
  const bool dark_panel = text.x + text.y + text.z > 1.5f;
  return dark_panel ? ImVec4(0.55f, 0.75f, 1.0f, 1.0f) : ImVec4(0.18f, 0.44f, 0.69f, 1.0f);
}

// A paragraph that opens with `lead` in the accent colour and wraps under it at full width
// (ImGui's own wrapping would indent every line to where the lead ends).
void paragraph(const char* lead, std::string_view text) {
  const float width = ImGui::GetContentRegionAvail().x;
  // Lines of one paragraph as close as ImGui's own wrapped text.
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 1));
  const float space = ImGui::CalcTextSize(" ").x;
  ui_text_colored(accent(), lead);
  ImGui::SameLine(0, space);
  const float used = ImGui::GetItemRectSize().x + space;
  ImFont* font = ImGui::GetFont();
  const float scale = ImGui::GetFontSize() / font->FontSize;
  const char* s = text.data();
  const char* const end = text.data() + text.size();
  bool first = true;
  while (s < end) {
    const float room = first ? width - used : width;
    const char* line_end = font->CalcWordWrapPositionA(scale, s, end, std::max(1.0f, room));
    // The first word does not fit after the lead-in: start it on the next line.
    if (first && ImGui::CalcTextSize(s, line_end).x > room) line_end = s;
    if (line_end == s && !first) line_end = s + 1;
    ui_text(std::string_view(s, static_cast<size_t>(line_end - s)));
    s = line_end;
    while (s < end && *s == ' ') ++s;
    first = false;
  }
  if (first) ImGui::NewLine();
  ImGui::PopStyleVar();
}

}  // namespace

Help::Help() = default;
Help::~Help() = default;

void Help::note(const char* name) {
  controls_.push_back({name, ImGui::GetItemRectMin(), ImGui::GetItemRectMax()});
}

void Help::window(const HelpContext& context, ImVec2 min, ImVec2 max) {
  if (!open) return;
  ImGui::SetNextWindowPos(min);
  ImGui::SetNextWindowSize(ImVec2(max.x - min.x, max.y - min.y));
  ImGui::SetNextWindowBgAlpha(1.0f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0);
  ImGui::Begin("Help", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
  ImGui::PopStyleVar(2);
  draw(context, min, max);
  ImGui::End();
}

void Help::draw(const HelpContext& context, ImVec2 min, ImVec2 max) {
  controls_.clear();
  if (!boards_) {
    boards_ = std::make_unique<HelpBoards>();
    build(*boards_);
    picture_.assign(boards_->pages.size(), 0);
  }
  if (page >= 0) {
    // A page for each game of the table, then the keys (help=5 with four games).
    chosen_ = page >= static_cast<int>(game_kinds().size()) ? keys_page : page;
    page = -1;
  }
  const int shown = chosen_ >= 0 ? chosen_ : context.game.index();

  ImGui::SetCursorScreenPos(min);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(12, 10));
  // The header (the page menu and Close) stays in view; the page under it scrolls.
  ImGui::BeginChild("help page", ImVec2(max.x - min.x, max.y - min.y), false,
                    ImGuiWindowFlags_AlwaysUseWindowPadding | ImGuiWindowFlags_NoScrollbar |
                        ImGuiWindowFlags_NoScrollWithMouse);
  ImGui::PopStyleVar();
  controls_.push_back({"Help page", min, max});
  header(shown);
  ImGui::Separator();
  ImGui::BeginChild("help text", ImVec2(0, 0), false);
  if (shown == keys_page) {
    ImGui::PushTextWrapPos(0);
    ui_text(controls_text);
    ImGui::PopTextWrapPos();
  } else if (const HelpPage* page_of_game = help_page(GameKind(shown))) {
    game_page(context, *page_of_game);
  } else {
    // A game added at run time: what its facts say, and what was measured.
    const GameFacts& facts = GameKind(shown).facts();
    paragraph("The game.", facts.pitch);
    paragraph("Balance.",
              balance_figures(GameKind(shown),
                              GameKind(shown) == context.game ? context.size : facts.default_size));
  }
  ImGui::EndChild();
  ImGui::EndChild();
}

// The page menu (the four games and the keys) and Close, on one line.
void Help::header(int shown) {
  const float close_width = ImGui::CalcTextSize("Close").x + ImGui::GetStyle().FramePadding.x * 2;
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - close_width - ImGui::GetStyle().ItemSpacing.x);
  const std::string title =
      shown == keys_page ? std::string(keys_title) : std::string(GameKind(shown).facts().title);
  if (ImGui::BeginCombo("##help page", title.c_str())) {
    for (GameKind kind : game_kinds())
      if (ImGui::Selectable(std::string(kind.facts().title).c_str(), kind.index() == shown))
        chosen_ = kind.index();
    if (ImGui::Selectable(keys_title, shown == keys_page)) chosen_ = keys_page;
    ImGui::EndCombo();
  }
  note("Help: game");
  ImGui::SameLine();
  if (ImGui::Button("Close##help")) {
    open = false;
    chosen_ = -1;
  }
  note("Help: Close");
}

void Help::game_page(const HelpContext& context, const HelpPage& page) {
  ImGui::Dummy(ImVec2(0, 2));
  paragraph("The goal.", page.goal);
  ImGui::Dummy(ImVec2(0, 2));
  paragraph("A turn.", page.turn);
  ImGui::Dummy(ImVec2(0, 2));
  paragraph("The surprise.", page.surprise);
  ImGui::Dummy(ImVec2(0, 2));
  pictures(context, page);
  ImGui::Dummy(ImVec2(0, 2));
  paragraph("End and count.", page.end);
  ImGui::Dummy(ImVec2(0, 2));
  // The figures for the board in play; for another game's page, for that game's usual size.
  const int size = page.kind == context.game ? context.size : page.kind.facts().default_size;
  paragraph("Balance.", std::string(page.balance) + " " + balance_figures(page.kind, size));
  ImGui::Dummy(ImVec2(0, 2));
  paragraph("A first plan.", page.first_plan);
  ImGui::Dummy(ImVec2(0, 2));
  if (ImGui::Button("Try the lesson", ImVec2(ImGui::GetContentRegionAvail().x, 0)))
    lesson_requested = page.kind;
  note("Try the lesson");
}

// One picture at a time: the board, its caption beside it when there is room (else below), and
// arrows to the others.
void Help::pictures(const HelpContext& context, const HelpPage& page) {
  const size_t slot =
      static_cast<size_t>(&page - help_pages().data());  // boards_ and picture_ follow help_pages()
  const std::vector<MiniBoard>& boards = boards_->pages[slot];
  const int count = static_cast<int>(boards.size());
  if (count == 0) return;
  int& index = picture_[slot];
  index = std::clamp(index, 0, count - 1);
  const MiniBoard& board = boards[index];
  const std::string_view caption = page.pictures[index].caption;

  const float width = ImGui::GetContentRegionAvail().x;
  const float beside = std::min(160.0f, width * 0.5f);  // the board's side with the caption beside it
  const bool side_by_side = width - beside >= 150;
  const float side = side_by_side ? beside : std::min(width, 240.0f);
  ImGui::BeginGroup();
  draw_mini(board, context.style, side);
  ImGui::EndGroup();
  if (side_by_side) ImGui::SameLine();
  ImGui::BeginGroup();
  ImGui::PushTextWrapPos(0);
  std::string text(caption);
  if (!board.game) text += " (picture unavailable: " + board.error + ")";
  ui_text(text);
  ImGui::PopTextWrapPos();
  if (count > 1) {
    if (ImGui::ArrowButton("##previous picture", ImGuiDir_Left)) index = (index + count - 1) % count;
    note("Help: previous picture");
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    ui_text(std::to_string(index + 1) + " of " + std::to_string(count));
    ImGui::SameLine();
    if (ImGui::ArrowButton("##next picture", ImGuiDir_Right)) index = (index + 1) % count;
    note("Help: next picture");
  }
  ImGui::EndGroup();
}

}  // namespace stonegrid::web
