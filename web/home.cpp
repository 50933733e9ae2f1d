// The home screen (a card per game: its sample position, pitch and designer, with "Play the
// bot", "Play a friend" and "How to play") and the result card over a finished game (who won,
// from the person's side against the bot; why; the count term by term; Rematch, New game,
// Review, Home). Both read the game table and the session; nothing here names a game.
#include <algorithm>
#include <cmath>
#include <string>

#include "app.h"
#include "fonts.h"
#include "style.h"

namespace stonegrid::web {

namespace {

// Text in the muted colour, wrapped.
void hint_text(const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  wrapped_text(text);
  ImGui::PopStyleColor();
}

// A title line in the title font (20 px SemiBold), `scale` times larger.
void title_text(const std::string& text, float scale = 1) {
  if (fonts().title) ImGui::PushFont(fonts().title);
  ImGui::SetWindowFontScale(scale);
  ui_text(text);
  ImGui::SetWindowFontScale(1);
  if (fonts().title) ImGui::PopFont();
}

}  // namespace

const char* App::screen_name() const {
  if (screen_ == Screen::home) return "home";
  if (screen_ == Screen::task) return coach_.mode() == Coach::Mode::lesson ? "lesson" : "puzzle";
  return result_card_shown() ? "result" : "game";
}

bool App::result_card_shown() const {
  return screen_ == Screen::game && game().is_over() && !result_dismissed_ && !readonly_ &&
         session_.viewing() < 0;
}

// --- home ------------------------------------------------------------------------------------

// The sample position, drawn as the main board is (no input, no coordinates).
void App::draw_sample(GameKind kind, ImVec2 min, ImVec2 max) {
  const size_t i = kind.index();
  if (samples_.size() <= i) {
    samples_.resize(game_kinds().size());
    sample_views_.resize(game_kinds().size());
  }
  if (!samples_[i]) samples_[i] = sample_game(kind);
  if (!samples_[i]) return;
  const AnyGame& sample = *samples_[i];
  BoardView& view = sample_views_[i];
  view.fit(min, max, sample.size(), sample.facts().torus ? 1 : 0, false);
  BoardStyle style{palette(settings_.theme, settings_.dark), true, false, settings_.theme == Theme::wood};
  Overlay overlay;
  const Explanation explained = sample.explain();
  overlay.explanation = &explained;
  overlay.false_liberties = sample.facts().false_liberties;
  overlay.loop = true;
  overlay.edge_emphasis = sample.facts().edge_scoring;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->PushClipRect(min, max, true);
  draw_position(draw, view, style, sample, overlay);
  draw->PopClipRect();
}

// One game's card: picture left, words and buttons right ("How to play" opens the lessons).
void App::game_card(GameKind kind, ImVec2 min, ImVec2 max) {
  const GameFacts& facts = kind.facts();
  const std::string name(facts.short_title);
  layout_recorder().begin_group(ItemKind::card, std::string(facts.title), min, max);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(min, max, ImGui::GetColorU32(ImGuiCol_ChildBg, 1.0f), 10);
  draw->AddRect(min, max, ImGui::GetColorU32(ImGuiCol_Border), 10);
  const float pad = 12, picture = std::min(max.y - min.y - 2 * pad, (max.x - min.x) * 0.38f);
  draw_sample(kind, ImVec2(min.x + pad, min.y + pad), ImVec2(min.x + pad + picture, min.y + pad + picture));
  const float text_x = min.x + 2 * pad + picture;
  ImGui::SetCursorScreenPos(ImVec2(text_x, min.y + pad));
  ImGui::BeginGroup();
  ImGui::PushTextWrapPos(max.x - pad - ImGui::GetWindowPos().x + ImGui::GetScrollX());
  title_text(std::string(facts.title));
  wrapped_text(facts.pitch);
  hint_text("by " + std::string(facts.designer));
  ImGui::PopTextWrapPos();
  // The buttons wrap at the card's edge, not the window's.
  auto same_line_in_card = [&](const char* next) {
    const float width = ImGui::CalcTextSize(next).x + ImGui::GetStyle().FramePadding.x * 2;
    if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + width <= max.x - pad) ImGui::SameLine();
  };
  ImGui::PushID(static_cast<int>(kind.index()));
  push_primary_button(!settings_.dark);
  const bool play_bot = button("Play the bot", ("Play " + name).c_str());
  pop_primary_button();
  if (play_bot) open_new_game(kind, Opponent::bot);
  same_line_in_card("Play a friend");
  if (button("Play a friend", ("Play " + name + " with a friend").c_str()))
    open_new_game(kind, Opponent::friend_here);
  same_line_in_card("How to play");
  if (button("How to play", ("How to play " + name).c_str())) start_task(Coach::Mode::lesson, kind);
  same_line_in_card("Puzzles");
  if (button("Puzzles", ("Puzzles " + name).c_str())) start_task(Coach::Mode::puzzle, kind);
  ImGui::PopID();
  ImGui::EndGroup();
  layout_recorder().end_group();
}

// The chooser: a title, a line, a card per game (two columns when wide), and Resume when a game
// is under way.
void App::home_screen(ImVec2 size) {
  const float margin = size.x < 520 ? 10 : 24;
  ImGui::SetCursorScreenPos(ImVec2(margin, margin));
  ImGui::BeginChild("home", ImVec2(size.x - 2 * margin, size.y - margin), false);
  title_text("Stonegrid", 1.6f);
  hint_text(
      "Four board games of black and white stones on a square grid. Play the bot or a friend, "
      "right here in the browser.");
  if (!game().moves().empty() && !game().is_over()) {
    const std::string label = "Resume " + std::string(game().facts().short_title) + " " +
                              std::to_string(game().size()) + "×" + std::to_string(game().size()) +
                              ", move " + std::to_string(game().moves().size());
    if (button(label.c_str(), "Resume")) screen_ = Screen::game;
  } else if (!game().moves().empty()) {
    if (button("Back to the last game", "Resume")) screen_ = Screen::game;
  }
  ImGui::Spacing();
  const float width = ImGui::GetContentRegionAvail().x;
  const int columns = width >= 760 ? 2 : 1;
  const float gap = 14, card_w = (width - gap * (columns - 1)) / columns;
  const float card_h = std::clamp(card_w * 0.42f, 190.0f, 240.0f);
  const ImVec2 top = ImGui::GetCursorScreenPos();
  const auto kinds = game_kinds();
  for (size_t i = 0; i < kinds.size(); ++i) {
    if (kinds[i].facts().sample.empty()) continue;  // games with no picture (a test's) are not offered
    const int column = static_cast<int>(i) % columns, row = static_cast<int>(i) / columns;
    const ImVec2 min(top.x + column * (card_w + gap), top.y + row * (card_h + gap));
    game_card(kinds[i], min, ImVec2(min.x + card_w, min.y + card_h));
  }
  const int rows = (static_cast<int>(kinds.size()) + columns - 1) / columns;
  ImGui::SetCursorScreenPos(ImVec2(top.x, top.y + rows * (card_h + gap)));
  ImGui::Dummy(ImVec2(1, 1));
  ImGui::EndChild();
}

// --- the result card -------------------------------------------------------------------------

// Over the board of a finished game: who won and why, the count, and what next.
void App::result_card(ImVec2 area_min, ImVec2 area_max) {
  const AnyGame& g = game();
  const float width = std::min(420.0f, area_max.x - area_min.x - 16);
  ImGui::SetNextWindowPos(ImVec2((area_min.x + area_max.x - width) * 0.5f, area_min.y + 12));
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0), ImVec2(width, area_max.y - area_min.y));
  ImGui::SetNextWindowBgAlpha(0.94f);
  ImGui::Begin("Result", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_AlwaysAutoResize);
  note_control("Result card");
  layout_recorder().window_is_overlay(false);
  title_text(result_headline(g, session_.you()), 1.2f);
  ImGui::PushTextWrapPos(0);
  wrapped_text(end_reason(g) + ".");
  if (!g.outcome().by_resignation)
    for (const std::string& line : count_lines(g, g.explain())) wrapped_text(line);
  ImGui::PopTextWrapPos();
  push_primary_button(!settings_.dark);
  const bool again = button("Rematch");
  pop_primary_button();
  if (again) rematch();
  ImGui::SameLine();
  if (button("New game##result", "New game")) open_new_game();
  ImGui::SameLine();
  if (button("Review")) review();
  ImGui::SameLine();
  if (button("Home##result", "Home")) screen_ = Screen::home;
  ImGui::End();
}

// The same game again with the sides swapped (Loose: the komi stays, named by the other colour).
void App::rematch() {
  GameSettings settings = game().settings();
  if (settings.komi_named_by != Color::empty)
    settings.komi_named_by = settings.komi_named_by == Color::black ? Color::white : Color::black;
  std::string error;
  if (!session_.new_game(settings, session_.player(2), session_.player(1), error)) set_message(error);
}

// The finished game under the card: the move list with the bot's analysis, from the last turn.
void App::review() {
  result_dismissed_ = true;
  settings_.analysis = true;
  const int total = static_cast<int>(game().moves().size());
  view_move(std::max(0, total - 1));
}

}  // namespace stonegrid::web
