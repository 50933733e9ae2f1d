// The side panel (players and turn, live score, per-game details, move list, buttons, view
// settings), the embed toolbar, the touch row (Confirm / Cancel / Zoom out) and the new-game
// dialog. Everything shown is read from the game this frame. Controls a test or the page may
// look for are recorded by name with `note_control` (page_api.cpp's stonegrid_control_rect).
#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <string>

#include "app.h"
#include "page_api.h"

namespace stonegrid::web {

namespace {

const char* color_word(Color c) {
  return c == Color::black ? "Black" : c == Color::white ? "White" : "Nobody";
}

// The colour player `player` plays, or empty (Looper before `take`).
Color color_of_player(const AnyGame& game, int player) {
  int black = game.black_player();
  if (black == 0) return Color::empty;
  return player == black ? Color::black : Color::white;
}

int black_stones(const AnyGame& game) {
  int count = 0;
  for (Point p = 0; p < game.geometry().points; ++p) count += game.at(p) == Color::black;
  return count;
}

// A note in the dimmed text colour, wrapped to the window.
void note_text(const char* format, ...) IM_FMTARGS(1);
void note_text(const char* format, ...) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  va_list args;
  va_start(args, format);
  ImGui::TextWrappedV(format, args);
  va_end(args);
  ImGui::PopStyleColor();
}

// What the balance lab measured for this game and size (core/bot/komi.h, docs/balance.md): "fair
// komi on 7×7 is about 4: Black wins 49.5 % there (42.6–56.4 %, 200 games of level-5 self-play)".
std::string balance_sentence(GameKind kind, int size) {
  const MeasuredBalance* b = find_balance(kind, size);
  if (!b) return "no self-play measured on " + std::to_string(size) + "×" + std::to_string(size) + ": komi 0";
  char text[200];
  std::snprintf(
      text, sizeof text,
      "fair komi on %d×%d is about %s: Black wins %.1f %% there (%.1f–%.1f %%, %d games of level-%d "
      "self-play)",
      size, size, format_number(b->fair).c_str(), 100 * b->win_rate, 100 * b->low, 100 * b->high, b->games,
      b->level);
  return text;
}

}  // namespace

// --- words ---------------------------------------------------------------------------------

std::string App::player_label(int player) const {
  std::string who = session_.player(player).bot
                        ? "Bot (level " + std::to_string(session_.player(player).level) + ")"
                        : "Human";
  Color c = color_of_player(game(), player);
  if (c == Color::empty) return "Player " + std::to_string(player) + ": " + who;
  return std::string(color_word(c)) + " (player " + std::to_string(player) + "): " + who;
}

std::string App::result_sentence() const {
  if (!game().is_over()) return "";
  Outcome o = game().outcome();
  std::string winner = o.winner != Color::empty ? std::string(color_word(o.winner))
                       : o.winner_player != 0   ? "Player " + std::to_string(o.winner_player)
                                                : "";
  if (winner.empty()) return "Draw";
  if (o.by_resignation) return winner + " wins by resignation";
  Score s = game().score();
  if (!s.defined)  // Looper: the loop decides
    return winner + (o.winner == Color::black ? " wins: a global loop" : " wins: Black can no longer loop");
  double margin = std::fabs(s.black - s.white);
  if (margin == 0) return winner + " wins the tie";
  return winner + " wins by " + format_number(margin);
}

std::string App::position_sentence() const {
  std::string text;
  const auto& moves = game().moves();
  if (!moves.empty()) {
    int by = moves.size() % 2 == 1 ? 1 : 2;  // turns alternate in every game
    Color c = color_of_player(game(), by);
    std::string who = c == Color::empty || moves.back().kind == Move::Kind::take
                          ? "Player " + std::to_string(by)
                          : color_word(c);
    text += "Move " + std::to_string(moves.size()) + ": " + who + " " +
            move_text(moves.back(), game().size()) + ". ";
  }
  if (game().is_over()) {
    text += "Game over: " + result_sentence() + ".";
  } else {
    Color c = game().color_to_move();
    if (game().phase() == Phase::ballot)
      text += "Player " + std::to_string(game().to_move()) + " to make a ballot turn or take.";
    else
      text += std::string(color_word(c)) + " to play.";
  }
  Score s = game().score();
  if (s.defined)
    text += " Score: Black " + format_number(s.black) + ", White " + format_number(s.white) + ".";
  return text;
}

// --- named controls ------------------------------------------------------------------------

void App::note_control(const std::string& name) {
  controls_[name] = ControlRect{ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), frames_};
}

bool App::button(const char* label, const char* name, ImVec2 size) {
  bool pressed = ImGui::Button(label, size);
  if (name) {
    note_control(name);
  } else {
    std::string text = label;
    note_control(text.substr(0, text.find("##")));
  }
  return pressed;
}

void App::same_line_if_fits(const char* next, bool box) {
  const ImGuiStyle& style = ImGui::GetStyle();
  float width = ImGui::CalcTextSize(next, nullptr, true).x +
                (box ? ImGui::GetFrameHeight() + style.ItemInnerSpacing.x : style.FramePadding.x * 2);
  float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + style.ItemSpacing.x + width <= right) ImGui::SameLine();
}

// --- the panel -----------------------------------------------------------------------------

void App::open_new_game() {
  new_game_requested_ = true;
  new_game_open_ = true;
  draft_.kind = game().kind();
  draft_.size = game().size();
  draft_.komi = game().facts().has_komi ? game().komi() : 0;
  draft_.players = {PlayerSetup{}, session_.player(1), session_.player(2)};
}

void App::side_panel(ImVec2 panel_min, ImVec2 panel_max) {
  ImGui::SetCursorScreenPos(panel_min);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(12, 10));
  ImGui::BeginChild("panel", ImVec2(panel_max.x - panel_min.x, panel_max.y - panel_min.y), false,
                    ImGuiWindowFlags_AlwaysUseWindowPadding);
  ImGui::PopStyleVar();
  // On touch screens the row that confirms a tapped move comes first, right under the board
  // (also while a preview or a zoom is left over from a touch when a mouse takes over).
  if ((touch_ || preview_ != no_point || view_.zoomed()) && !readonly_) {
    touch_actions(true);
    ImGui::Separator();
  }
  if (readonly_) {
    navigation_bar();
    ImGui::Separator();
  }
  ImGui::Text("Stonegrid: %s %dx%d", std::string(game_title(game().kind())).c_str(), game().size(),
              game().size());
  ImGui::BeginDisabled(readonly_);
  if (button("New game")) open_new_game();
  ImGui::EndDisabled();
  same_line_if_fits("Help");
  if (button("Help")) help_.open = !help_.open;
  same_line_if_fits("Analysis", true);
  ImGui::Checkbox("Analysis", &settings_.analysis);
  note_control("Analysis");
  ImGui::Separator();
  players_section();
  score_section();
  ImGui::Separator();
  controls();
  view_settings();
  recent_games();
  move_list();
  ImGui::EndChild();
}

// Touch: Confirm / Cancel for the tapped point, Zoom out on a zoomed board; otherwise (with
// `hint`) a line saying what a tap does.
void App::touch_actions(bool hint) {
  bool any = false;
  if (preview_ != no_point) {
    std::string label = "Confirm " + vertex_text(preview_, game().size()) + "###confirm";
    if (button(label.c_str(), "Confirm")) confirm_preview();
    same_line_if_fits("Cancel");
    if (button("Cancel##preview", "Cancel")) preview_ = no_point;
    any = true;
  }
  if (view_.zoomed()) {
    if (any) same_line_if_fits("Zoom out");
    if (button("Zoom out")) view_.zoom_to(0, 0, 1);
    any = true;
  }
  if (any || !hint) return;
  const char* text = game().size() >= touch_zoom_from_size ? "Tap the board to zoom in, then tap a point"
                     : settings_.one_tap                   ? "Tap a point to play"
                                                           : "Tap a point, then Confirm";
  ImGui::AlignTextToFramePadding();
  ImGui::TextDisabled("%s", text);
}

// A diagram's navigation: first, previous, "n / N", next, last.
void App::navigation_bar() {
  const int total = static_cast<int>(game().moves().size());
  const int at = session_.viewing() < 0 ? total : session_.viewing();
  ImGui::BeginDisabled(at == 0);
  if (button("|<", "First position")) view_move(0);
  ImGui::SameLine();
  if (button(" < ", "Previous move")) view_move(at - 1);
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ImGui::Text("%d / %d", at, total);
  ImGui::SameLine();
  ImGui::BeginDisabled(at == total);
  if (button(" > ", "Next move")) view_move(at + 1);
  ImGui::SameLine();
  if (button(">|", "Last position")) view_move(-1);
  ImGui::EndDisabled();
}

// Copy link / Copy SGF go through the page layer (assets/page.js); on the desktop the SGF goes
// to the clipboard directly and there is no link.
void App::share_buttons() {
  if (page_has_links()) {
    if (button("Copy link")) page_copy_link();
    same_line_if_fits("Copy SGF");
  }
  if (button("Copy SGF") && !page_copy_sgf()) {
    ImGui::SetClipboardText(session_.sgf().c_str());
    set_message("SGF copied");
  }
}

float App::embed_toolbar_height(float width) const {
  const ImGuiStyle& style = ImGui::GetStyle();
  const bool touch_row = (touch_ || preview_ != no_point || view_.zoomed()) && !readonly_;
  int rows = touch_row && width < 560 ? 2 : 1;
  return rows * ImGui::GetFrameHeight() + (rows - 1) * style.ItemSpacing.y + 12;
}

// Embedded: one row of buttons under the board (two on a narrow touch screen, the second for
// Confirm / Cancel / Zoom out). A diagram gets its navigation instead of the play buttons.
void App::embed_toolbar(ImVec2 bar_min, ImVec2 bar_max) {
  ImGui::SetCursorScreenPos(bar_min);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(8, 6));
  ImGui::BeginChild("toolbar", ImVec2(bar_max.x - bar_min.x, bar_max.y - bar_min.y), false,
                    ImGuiWindowFlags_AlwaysUseWindowPadding | ImGuiWindowFlags_NoScrollbar);
  ImGui::PopStyleVar();
  if (readonly_) {
    navigation_bar();
    ImGui::SameLine();
  } else {
    const bool live_turn = !game().is_over() && !bot_thinking();
    ImGui::BeginDisabled(game().moves().empty());
    if (button("Undo")) session_.undo();
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(!live_turn);
    if (game().phase() == Phase::ballot) {
      ImGui::BeginDisabled(ballot_.empty());
      std::string label = "Confirm " + std::to_string(ballot_.size()) + "###ballot";
      if (button(label.c_str(), "Confirm ballot"))
        play(Move::ballot(ballot_[0], ballot_.size() > 1 ? ballot_[1] : no_point,
                          ballot_.size() > 2 ? ballot_[2] : no_point));
      ImGui::EndDisabled();
      ImGui::SameLine();
      if (button("Take")) play(Move::take());
      ImGui::SameLine();
    } else if (game().facts().can_pass) {
      if (button("Pass")) play(Move::pass());
      ImGui::SameLine();
    }
    ImGui::EndDisabled();
  }
  if (button("Menu")) ImGui::OpenPopup("embed menu");
  if (!readonly_) {
    if (touch_ || preview_ != no_point || view_.zoomed()) {
      if (bar_max.x - bar_min.x >= 560) ImGui::SameLine();
      touch_actions(false);
    }
    if (bot_thinking()) {
      ImGui::SameLine();
      if (button("Move now")) session_.move_now();
    }
  }
  // What the game is at (a diagram: the position shown), when it fits.
  const AnyGame& at = readonly_ ? shown() : game();
  std::string status = at.is_over() ? (readonly_ ? std::string("Game over") : result_sentence())
                       : bot_thinking() && !readonly_ ? std::string("Bot is thinking")
                       : at.phase() == Phase::ballot
                           ? "Player " + std::to_string(at.to_move()) + ": ballot"
                           : std::string(color_word(at.color_to_move())) + " to play";
  ImGui::SameLine();
  if (ImGui::GetContentRegionAvail().x > ImGui::CalcTextSize(status.c_str()).x) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(status.c_str());
  } else {
    ImGui::NewLine();
  }
  embed_menu();
  ImGui::EndChild();
}

// The embed toolbar's menu: what the side panel offers beside the board.
void App::embed_menu() {
  if (ImGui::BeginPopup("embed menu")) {
    const ImVec2 wide(std::max(180.0f, ImGui::CalcTextSize("Open the full app").x + 40), 0);
    if (!readonly_ && button("New game##menu", "New game", wide)) {
      open_new_game();
      ImGui::CloseCurrentPopup();
    }
    if (page_has_links() && button("Copy link##menu", "Copy link", wide)) {
      page_copy_link();
      ImGui::CloseCurrentPopup();
    }
    if (button("Copy SGF##menu", "Copy SGF", wide)) {
      if (!page_copy_sgf()) ImGui::SetClipboardText(session_.sgf().c_str());
      ImGui::CloseCurrentPopup();
    }
    if (page_has_links() && button("Open the full app", nullptr, wide)) {
      page_open_full_app();
      ImGui::CloseCurrentPopup();
    }
    if (button("Help##menu", "Help", wide)) {
      help_.open = true;
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
  }
}

void App::players_section() {
  for (int p = 1; p <= 2; ++p) {
    bool to_move = !game().is_over() && game().to_move() == p;
    ImVec4 highlight = settings_.dark ? ImVec4(1.0f, 0.8f, 0.3f, 1.0f) : ImVec4(0.75f, 0.35f, 0.0f, 1.0f);
    ImGui::TextColored(to_move ? highlight : ImGui::GetStyleColorVec4(ImGuiCol_Text), "%s %s",
                       to_move ? ">" : " ", player_label(p).c_str());
  }
  if (game().is_over()) {
    ImGui::TextColored(ImVec4(0.5f, 0.9f, 0.5f, 1.0f), "Game over: %s", result_sentence().c_str());
  } else if (bot_thinking()) {
    // Whole seconds: the line changes once a second, and each change is a frame to draw
    // (web/main.cpp skips unchanged frames; in a browser without a GPU a drawn frame is costly).
    ImGui::AlignTextToFramePadding();
    ImGui::Text("Bot is thinking... %d s", static_cast<int>(ImGui::GetTime() - session_.bot_started_at()));
    ImGui::SameLine();
    if (button("Move now")) session_.move_now();
  } else if (game().phase() == Phase::ballot) {
    ImGui::TextWrapped("Player %d: place 1 to 3 black stones (click points, then Confirm) or Take Black.",
                       game().to_move());
    const int points = game().geometry().points, black = black_stones(game());
    ImGui::Text("Black stones: %d of %d (%.0f %%)", black, points, 100.0 * black / points);
    // The take point the balance lab measured for this size (docs/balance.md), when it did.
    if (const MeasuredBalance* b = find_balance(game().kind(), game().size()))
      note_text("From self-play on %dx%d, taking tends to pay from about %s black stones (%.0f %%).",
                game().size(), game().size(), format_number(b->fair).c_str(), 100.0 * b->fair / points);
  } else {
    ImGui::Text("%s to play", color_word(game().color_to_move()));
  }
  if (session_.viewing() >= 0)
    ImGui::TextColored(ImVec4(0.6f, 0.8f, 1.0f, 1.0f),
                       readonly_ ? "Move %d of %d" : "Viewing move %d of %d (End: back to the game)",
                       session_.viewing(), static_cast<int>(game().moves().size()));
  if (!session_.message().empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.75f, 0.5f, 1.0f));
    ImGui::TextWrapped("%s", session_.message().c_str());
    ImGui::PopStyleColor();
  }
  const bot::Analysis* analysis = session_.analysis(ImGui::GetTime());
  if (analysis && !game().is_over() && analysis->playouts > 0) {
    Color c = game().color_to_move();
    ImGui::TextWrapped("Analysis: %s wins %.0f%% (%lld playouts)",
                       game().phase() == Phase::ballot ? "the player to move" : color_word(c),
                       analysis->winrate * 100, analysis->playouts);
  }
}

// The count as the game explains it, term by term ("Black: territory 14 − prisoners 2 = 12"),
// then its notes in the muted colour.
void App::score_section() {
  const AnyGame& g = shown();
  const Explanation e = g.explain();
  const Score s = g.score();
  if (e.counted && s.defined)
    for (Color c : {Color::black, Color::white}) {
      std::string line = std::string(color_word(c)) + ":";
      const std::vector<ScoreTerm>& terms = c == Color::black ? e.black : e.white;
      for (size_t i = 0; i < terms.size(); ++i) {
        const double v = terms[i].value;
        line += (i == 0  ? (v < 0 ? " −" : " ")
                 : v < 0 ? " − "
                         : " + ") +
                terms[i].label + " " + format_number(std::fabs(v));
      }
      line += " = " + format_number(c == Color::black ? s.black : s.white);
      ImGui::TextWrapped("%s", line.c_str());
    }
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  for (const std::string& note : e.notes) ImGui::TextWrapped("%s", note.c_str());
  if (g.facts().torus) ImGui::TextWrapped("Drag the board or Shift+arrows to pan the torus.");
  ImGui::PopStyleColor();
}

void App::controls() {
  const bool live_turn = !game().is_over() && !bot_thinking() && !readonly_;
  ImGui::BeginDisabled(game().moves().empty() || readonly_);
  if (button("Undo")) session_.undo();
  ImGui::EndDisabled();
  ImGui::BeginDisabled(!live_turn);
  if (game().facts().can_pass) {
    same_line_if_fits("Pass");
    if (button("Pass")) play(Move::pass());
  }
  if (game().phase() == Phase::ballot) {
    ImGui::BeginDisabled(ballot_.empty());
    std::string label = "Confirm " + std::to_string(ballot_.size()) + "###ballot";
    same_line_if_fits("Confirm 3");
    if (button(label.c_str(), "Confirm ballot"))
      play(Move::ballot(ballot_[0], ballot_.size() > 1 ? ballot_[1] : no_point,
                        ballot_.size() > 2 ? ballot_[2] : no_point));
    ImGui::EndDisabled();
    same_line_if_fits("Take");
    if (button("Take")) play(Move::take());
  }
  same_line_if_fits("Resign");
  if (button("Resign")) play(Move::resign());
  ImGui::EndDisabled();
  if (button("Download SGF")) {
    std::string where = page_download_sgf("stonegrid.sgf", session_.sgf());
    set_message(where.empty() ? "Could not save the SGF file" : "Saved " + where);
  }
  same_line_if_fits("Open SGF");
  ImGui::BeginDisabled(readonly_);
  if (button("Open SGF") && !page_open_sgf_file()) set_message("Opening files works in the browser version");
  ImGui::EndDisabled();
  same_line_if_fits(page_has_links() ? "Copy link" : "Copy SGF");
  share_buttons();
}

// The games page.js saved in local storage (the page only; read when the header opens and
// then once a second, not every frame).
void App::recent_games() {
  if (!page_has_links() || readonly_) return;
  const bool open = ImGui::CollapsingHeader("Recent games");
  note_control("Recent games");
  if (!open) {
    recent_read_frame_ = -1;
    return;
  }
  if (recent_read_frame_ < 0 || frames_ - recent_read_frame_ > 60) {
    recent_ = page_recent_games();
    recent_read_frame_ = frames_;
  }
  if (recent_.empty()) {
    ImGui::TextDisabled("None yet: games are saved here after their first move.");
    return;
  }
  const ImVec2 row(0, large_targets() ? touch_target - ImGui::GetStyle().ItemSpacing.y : 0);
  for (int i = 0; i < static_cast<int>(recent_.size()); ++i) {
    ImGui::PushID(i);
    if (ImGui::Selectable(recent_[i].c_str(), false, 0, row)) {
      page_open_recent(i);
      recent_read_frame_ = -1;
    }
    note_control("Recent " + std::to_string(i + 1));
    ImGui::PopID();
  }
}

void App::view_settings() {
  bool open = ImGui::CollapsingHeader("View");
  note_control("View");
  if (!open) return;
  int theme = settings_.theme == Theme::wood ? 0 : 1;
  ImGui::RadioButton("Wood", &theme, 0);
  ImGui::SameLine();
  ImGui::RadioButton("Flat", &theme, 1);
  settings_.theme = theme == 0 ? Theme::wood : Theme::flat;
  ImGui::SameLine();
  ImGui::Checkbox("Dark", &settings_.dark);
  ImGui::Checkbox("Grid", &settings_.grid);
  same_line_if_fits("Star points", true);
  ImGui::Checkbox("Star points", &settings_.star_points);
  same_line_if_fits("Coordinates", true);
  ImGui::Checkbox("Coordinates", &settings_.coordinates);
  ImGui::Checkbox("Animations", &settings_.animations);
  if (game().facts().false_liberties) {
    same_line_if_fits("Mark false liberties", true);
    ImGui::Checkbox("Mark false liberties", &settings_.false_liberties);
  }
  same_line_if_fits("One-tap moves", true);
  ImGui::Checkbox("One-tap moves", &settings_.one_tap);
  note_control("One-tap moves");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Touch screens: a tap plays at once, without Confirm");
}

void App::move_list() {
  const auto& moves = game().moves();
  ImGui::Text(touch_ ? "Moves (%d)" : "Moves (%d)  - Left/Right, Home/End", static_cast<int>(moves.size()));
  // At least the minimum height: in a short portrait panel the list scrolls with the panel.
  ImGui::BeginChild("moves", ImVec2(0, std::max(ImGui::GetContentRegionAvail().y, 120.0f)), true);
  const int current = session_.viewing() < 0 ? static_cast<int>(moves.size()) : session_.viewing();
  // Rows a finger can hit on touch screens.
  const ImVec2 row(0, large_targets() ? touch_target - ImGui::GetStyle().ItemSpacing.y : 0);
  if (ImGui::Selectable("0. start", current == 0, 0, row)) view_move(0);
  int take_at = -1;
  for (size_t i = 0; i < moves.size(); ++i)
    if (moves[i].kind == Move::Kind::take) take_at = static_cast<int>(i);
  for (size_t i = 0; i < moves.size(); ++i) {
    int player = i % 2 == 0 ? 1 : 2;
    const char* who = player == 1 ? "P1" : "P2";
    if (!game().facts().colors_by_take) {
      who = player == 1 ? "B" : "W";
    } else if (take_at >= 0 && static_cast<int>(i) > take_at) {
      int black = take_at % 2 == 0 ? 1 : 2;
      who = player == black ? "B" : "W";
    }
    char label[64];
    std::snprintf(label, sizeof label, "%d. %s %s", static_cast<int>(i + 1), who,
                  move_text(moves[i], game().size()).c_str());
    bool selected = current == static_cast<int>(i + 1);
    if (ImGui::Selectable(label, selected, 0, row)) view_move(static_cast<int>(i + 1));
    if (selected && scroll_moves_) ImGui::SetScrollHereY(1.0f);
  }
  scroll_moves_ = false;
  ImGui::EndChild();
}

// --- the new-game dialog -------------------------------------------------------------------

// One player's line: Human or Bot, and the bot's level. Recorded as "<label>: Human" etc.
void App::player_choice(const char* label, PlayerSetup& player) {
  const bool narrow = ImGui::GetIO().DisplaySize.x < 520;
  const std::string name = label;
  ImGui::PushID(label);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(label);
  if (!narrow) ImGui::SameLine(210);
  int bot = player.bot ? 1 : 0;
  ImGui::RadioButton("Human", &bot, 0);
  note_control(name + ": Human");
  ImGui::SameLine();
  ImGui::RadioButton("Bot", &bot, 1);
  note_control(name + ": Bot");
  player.bot = bot == 1;
  if (player.bot) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(110);
    ImGui::SliderInt("level", &player.level, min_level, max_level);
    note_control(name + ": level");
  }
  ImGui::PopID();
}

// Loose's cut and choose: one side names an even komi, the other picks a colour. Sets who plays
// Black and White, the komi and who named it.
void App::cut_and_choose(std::array<PlayerSetup, 3>& players, double& komi, Color& komi_named_by) {
  NewGameDraft& d = draft_;
  const GameFacts& facts = d.kind.facts();
  ImGui::Separator();
  ImGui::TextWrapped("Komi by cut and choose: one side names an even komi, the other picks a colour.");
  player_choice("Names the komi", d.namer);
  if (d.namer.bot) {
    d.loose_komi = fair_loose_komi(d.size);
    ImGui::Text("The bot proposes komi %d", d.loose_komi);
    note_text("(%s)", balance_sentence(d.kind, d.size).c_str());
  } else {
    ImGui::SetNextItemWidth(120);
    const int step = static_cast<int>(facts.komi_step);
    ImGui::InputInt("Komi", &d.loose_komi, step, step);
    if (!facts.komi_allowed(d.loose_komi)) d.loose_komi += 1;
    note_text("Hint: %s", balance_sentence(d.kind, d.size).c_str());
  }
  player_choice("Chooses colour", d.chooser);
  bool chooser_black = d.chooser_takes_black;
  if (d.chooser.bot) {
    chooser_black = choose_loose_color(d.size, d.loose_komi) == Color::black;
    ImGui::Text("The bot chooses %s", chooser_black ? "Black" : "White");
  } else {
    int color = d.chooser_takes_black ? 0 : 1;
    ImGui::RadioButton("Black", &color, 0);
    ImGui::SameLine();
    ImGui::RadioButton("White", &color, 1);
    d.chooser_takes_black = color == 0;
    chooser_black = d.chooser_takes_black;
  }
  players[1] = chooser_black ? d.chooser : d.namer;
  players[2] = chooser_black ? d.namer : d.chooser;
  komi = d.loose_komi;
  komi_named_by = chooser_black ? Color::white : Color::black;
  ImGui::TextDisabled("Black moves first and scores its stones; White scores stones + komi.");
}

// Komi (when the game has one) and who plays first and second.
void App::komi_and_players(std::array<PlayerSetup, 3>& players, double& komi) {
  NewGameDraft& d = draft_;
  const GameFacts& facts = d.kind.facts();
  if (facts.has_komi) {
    ImGui::SetNextItemWidth(120);
    ImGui::InputDouble("Komi", &d.komi, facts.komi_step, 1.0, "%.1f");
    d.komi = std::round(d.komi / facts.komi_step) * facts.komi_step;
    komi = d.komi;
  }
  ImGui::Separator();
  player_choice((std::string(facts.first_player) + " (moves first)").c_str(), d.players[1]);
  player_choice(std::string(facts.second_player).c_str(), d.players[2]);
  if (button("Swap who moves first")) std::swap(d.players[1], d.players[2]);
  players = d.players;
}

void App::new_game_dialog() {
  if (!new_game_open_) return;
  bool open = true;
  // On a narrow screen the dialog fits the window and scrolls.
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(display.x - 8, display.y - 8));
  if (!ImGui::BeginPopupModal("New game", &open, ImGuiWindowFlags_AlwaysAutoResize)) {
    if (!open) new_game_open_ = false;
    return;
  }
  NewGameDraft& d = draft_;
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + std::min(470.0f, display.x - 48));
  for (const auto kind : game_kinds()) {  // every game of the table
    const std::string title(game_title(kind));
    if (kind.index() > 0) same_line_if_fits(title.c_str(), true);
    if (ImGui::RadioButton(title.c_str(), d.kind == kind) && d.kind != kind) {
      d.kind = kind;
      d.size = default_size(kind);
      d.komi = default_komi(kind);
    }
    note_control("Game: " + title);
  }
  // Board size: the sizes the game allows. The combo's frame is recorded by hand: once it is
  // open, the last item is the list.
  std::string sizes_label = std::to_string(d.size) + "x" + std::to_string(d.size);
  const float combo_width = large_targets() ? 150 : 120;
  const ImVec2 combo_at = ImGui::GetCursorScreenPos();
  controls_["Board size"] =
      ControlRect{combo_at, ImVec2(combo_at.x + combo_width, combo_at.y + ImGui::GetFrameHeight()), frames_};
  ImGui::SetNextItemWidth(combo_width);
  if (ImGui::BeginCombo("Board size", sizes_label.c_str())) {
    const ImVec2 row(0, large_targets() ? touch_target - ImGui::GetStyle().ItemSpacing.y : 0);
    for (int n = min_size; n <= max_size; ++n) {
      if (!d.kind.facts().size_allowed(n)) continue;
      std::string label = std::to_string(n) + "x" + std::to_string(n);
      if (ImGui::Selectable(label.c_str(), n == d.size, 0, row)) d.size = n;
      note_control("Size: " + label);
    }
    ImGui::EndCombo();
  }

  std::array<PlayerSetup, 3> players = d.players;
  double komi = d.komi;
  Color komi_named_by = Color::empty;
  const GameFacts& facts = d.kind.facts();
  if (facts.komi_cut_and_choose)
    cut_and_choose(players, komi, komi_named_by);
  else
    komi_and_players(players, komi);
  ImGui::Separator();
  if (button("Start")) {
    GameSettings settings;
    settings.kind = d.kind;
    settings.size = d.size;
    if (facts.has_komi) settings.komi = komi;
    settings.komi_named_by = komi_named_by;
    std::string error;
    if (session_.new_game(settings, players[1], players[2], error)) {
      new_game_open_ = false;
      ImGui::CloseCurrentPopup();
    } else {
      set_message(error);
    }
  }
  ImGui::SameLine();
  if (button("Cancel##new game", "New game: Cancel")) {
    new_game_open_ = false;
    ImGui::CloseCurrentPopup();
  }
  if (!session_.message().empty())
    ImGui::TextColored(ImVec4(1.0f, 0.75f, 0.5f, 1.0f), "%s", session_.message().c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndPopup();
}

}  // namespace stonegrid::web
