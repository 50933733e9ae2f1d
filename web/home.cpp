// The home screen (a card per game: its sample position, pitch and designer, with "Play the
// bot", "Play a friend" and "How to play") and the result card over a finished game (who won,
// from the person's side against the bot; why; the count term by term; Rematch, New game,
// Review, Home). Both read the game table and the session; nothing here names a game.
#include <algorithm>
#include <cmath>
#include <iterator>
#include <string>
#include <vector>

#include "fonts.h"
#include "layout_record.h"
#include "page_api.h"
#include "panels.h"
#include "position_draw.h"
#include "style.h"

namespace stonegrid::web {

namespace {

// Text in the muted colour, wrapped (to `width`, else to the window).
void hint_text(const std::string& text, float width = 0) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  wrapped_text(text, width);
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

// --- home ------------------------------------------------------------------------------------

namespace {

// The sample position, drawn as the main board is (no input, no coordinates).
void draw_sample(const Ui& ui, HomeScreen& home, GameKind kind, ImVec2 min, ImVec2 max) {
  const size_t i = kind.index();
  if (home.samples.size() <= i) {
    home.samples.resize(game_kinds().size());
    home.views.resize(game_kinds().size());
  }
  if (!home.samples[i]) home.samples[i] = sample_game(kind);
  if (!home.samples[i]) return;
  const AnyGame& sample = *home.samples[i];
  BoardView& view = home.views[i];
  view.fit(min, max, sample.size(), sample.facts().torus ? 1 : 0, false);
  BoardStyle style{palette(ui.settings.theme, ui.settings.dark), true, false,
                   ui.settings.theme == Theme::wood};
  Overlay overlay;
  const Explanation explained = sample.state().explain();
  overlay.explanation = &explained;
  overlay.false_liberties = sample.facts().false_liberties;
  overlay.loop = true;
  overlay.edge_emphasis = sample.facts().edge_scoring;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->PushClipRect(min, max, true);
  draw_position(draw, view, style, sample, overlay);
  draw->PopClipRect();
}

// One game's card from `min`, `width` wide: picture left, words right, the buttons under the
// words (under the picture too when the card is narrow, as on a phone). Draws the content only
// and returns its bottom; `home_screen` draws the card behind it once the row's height is known.
float game_card(Ui& ui, HomeScreen& home, GameKind kind, ImVec2 min, float width, Request& request) {
  const GameFacts& facts = kind.facts();
  const std::string name(facts.short_title);
  const float pad = 12, picture = std::min(width * 0.38f, 200.0f);
  draw_sample(ui, home, kind, ImVec2(min.x + pad, min.y + pad),
              ImVec2(min.x + pad + picture, min.y + pad + picture));
  const float text_x = min.x + 2 * pad + picture, right = min.x + width - pad;
  ImGui::SetCursorScreenPos(ImVec2(text_x, min.y + pad));
  ImGui::BeginGroup();
  ImGui::PushTextWrapPos(right - ImGui::GetWindowPos().x + ImGui::GetScrollX());
  title_text(std::string(facts.title));
  wrapped_text(facts.pitch, right - text_x);
  hint_text("by " + std::string(facts.designer), right - text_x);
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
  // Narrow: the buttons go under the picture and the words, across the card.
  const bool narrow = right - text_x < 230;
  const float words_bottom = ImGui::GetItemRectMax().y;
  const float buttons_x = narrow ? min.x + pad : text_x;
  ImGui::SetCursorScreenPos(
      ImVec2(buttons_x, narrow ? std::max(words_bottom, min.y + pad + picture) + 8 : words_bottom + 4));
  ImGui::BeginGroup();
  // The buttons wrap at the card's edge, not the window's.
  auto same_line_in_card = [&](const char* next) {
    const float w = ImGui::CalcTextSize(next).x + ImGui::GetStyle().FramePadding.x * 2;
    if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + w <= right) ImGui::SameLine();
  };
  ImGui::PushID(static_cast<int>(kind.index()));
  push_primary_button(!ui.settings.dark);
  const bool play_bot = ui.button("Play the bot", ("Play " + name).c_str());
  pop_primary_button();
  if (play_bot) request = {Request::Kind::new_game, kind, Opponent::bot};
  same_line_in_card("Play a friend");
  if (ui.button("Play a friend", ("Play " + name + " with a friend").c_str()))
    request = {Request::Kind::new_game, kind, Opponent::friend_here};
  same_line_in_card("How to play");
  if (ui.button("How to play", ("How to play " + name).c_str()))
    request = {Request::Kind::task, kind, std::nullopt, Coach::Mode::lesson};
  same_line_in_card("Puzzles");
  if (ui.button("Puzzles", ("Puzzles " + name).c_str()))
    request = {Request::Kind::task, kind, std::nullopt, Coach::Mode::puzzle};
  ImGui::PopID();
  ImGui::EndGroup();
  return std::max(ImGui::GetItemRectMax().y, min.y + pad + picture) + pad;
}

// The games by link this device keeps (the page's list, "your turn" first), each a row that
// opens it. Nothing when there are none.
void link_games(Ui& ui, HomeScreen& home) {
  if (!page_has_links()) return;
  if (home.link_games_frame < 0 || ui.frames - home.link_games_frame > 60) {
    home.link_games = page_link_games();
    home.link_games_frame = ui.frames;
  }
  if (home.link_games.empty()) return;
  ImGui::Spacing();
  title_text("Games with friends");
  // Buttons (they look like what they do: open the game), their words from the left.
  ImGui::PushStyleVar(ImGuiStyleVar_ButtonTextAlign, ImVec2(0, 0.5f));
  const float width = std::min(ImGui::GetContentRegionAvail().x, 560.0f);
  for (int i = 0; i < static_cast<int>(home.link_games.size()) && i < 8; ++i) {
    ImGui::PushID(i);
    if (ui.button((home.link_games[i] + "  →").c_str(), ("Link game " + std::to_string(i + 1)).c_str(),
                  ImVec2(width, 0))) {
      page_open_link_game(i);
      home.link_games_frame = -1;
    }
    ImGui::PopID();
  }
  ImGui::PopStyleVar();
}

}  // namespace

// The chooser: a title, a line, a card per game (two columns when wide), and Resume when a game
// is under way. Each row of cards is as tall as its tallest card's content: the content is drawn
// first (draw list channel 1), the cards behind it once their height is known (channel 0).
Request home_screen(const Session& session, Ui& ui, HomeScreen& home, ImVec2 size) {
  const AnyGame& game = session.game();
  Request request;
  const float margin = size.x < 520 ? 10 : 24;
  ImGui::SetCursorScreenPos(ImVec2(margin, margin));
  ImGui::BeginChild("home", ImVec2(size.x - 2 * margin, size.y - margin), false);
  // Coming back to the home screen (not drawn in the frame before) opens it at the top.
  if (home.drawn_frame != ImGui::GetFrameCount() - 1) ImGui::SetScrollY(0);
  home.drawn_frame = ImGui::GetFrameCount();
  title_text("Stonegrid", 1.6f);
  std::vector<GameKind> kinds;
  for (GameKind kind : game_kinds())
    if (!kind.facts().sample.empty()) kinds.push_back(kind);  // a game with no picture is not offered
  static const char* const counts[] = {"", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight"};
  hint_text(
      std::string(kinds.size() < std::size(counts) ? counts[kinds.size()] : "Many") +
      (kinds.size() == 1 ? " board game" : " board games") +
      " of black and white stones on a square grid. Play the bot or a friend, right here in the browser.");
  // When the screen goes on below the window (a phone: the last cards; the last frame's height
  // tells), say so at the top, where it is seen.
  if (ImGui::GetScrollMaxY() > 0 && ImGui::GetScrollY() < 1) {
    hint_text("More below: scroll down for every game ↓");
    ui.note_control("More below");
  }
  if (!game.moves().empty() && !game.state().is_over()) {
    const std::string label = "Resume " + std::string(game.facts().short_title) + " " +
                              std::to_string(game.size()) + "×" + std::to_string(game.size()) + ", move " +
                              std::to_string(game.moves().size());
    if (ui.button(label.c_str(), "Resume")) request.kind = Request::Kind::game;
  } else if (!game.moves().empty()) {
    if (ui.button("Back to the last game", "Resume")) request.kind = Request::Kind::game;
  }
  // The mistakes of recent reviewed games not solved yet, as tasks (mistakes_panel.cpp): before
  // the games by link, so a phone's first screen shows it.
  if (home.mistakes_unsolved > 0) {
    const std::string label = "Learn from your mistakes: " + std::to_string(home.mistakes_unsolved) + " of " +
                              std::to_string(home.mistakes) + " to solve";
    if (ui.button(label.c_str(), "Learn from your mistakes")) request.kind = Request::Kind::mistakes;
  }
  link_games(ui, home);
  ImGui::Spacing();
  const float width = ImGui::GetContentRegionAvail().x;
  const int columns = width >= 760 ? 2 : 1;
  const float gap = 14, card_w = (width - gap * (columns - 1)) / columns;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  float top = ImGui::GetCursorScreenPos().y;
  const float left = ImGui::GetCursorScreenPos().x;
  for (size_t row = 0; row * columns < kinds.size(); ++row) {
    const size_t first = row * columns, last = std::min(kinds.size(), first + columns);
    draw->ChannelsSplit(2);
    draw->ChannelsSetCurrent(1);
    std::vector<int> cards;
    float bottom = top + 150;
    for (size_t i = first; i < last; ++i) {
      const ImVec2 min(left + static_cast<float>(i - first) * (card_w + gap), top);
      layout_recorder().begin_group(ItemKind::card, std::string(kinds[i].facts().title), min,
                                    ImVec2(min.x + card_w, min.y));
      bottom = std::max(bottom, game_card(ui, home, kinds[i], min, card_w, request));
      cards.push_back(layout_recorder().end_group());
    }
    draw->ChannelsSetCurrent(0);
    for (size_t i = first; i < last; ++i) {
      const ImVec2 min(left + static_cast<float>(i - first) * (card_w + gap), top),
          max(min.x + card_w, bottom);
      draw->AddRectFilled(min, max, ImGui::GetColorU32(ImGuiCol_ChildBg, 1.0f), 10);
      draw->AddRect(min, max, ImGui::GetColorU32(ImGuiCol_Border), 10);
      layout_recorder().resize(cards[i - first], min, max);
    }
    draw->ChannelsMerge();
    top = bottom + gap;
  }
  ImGui::SetCursorScreenPos(ImVec2(left, top));
  ImGui::Dummy(ImVec2(1, 1));
  ImGui::EndChild();
  return request;
}

// --- the result card -------------------------------------------------------------------------

// At the top of the panel when a game ends (beside the board, or under it in portrait, never
// over it): who won and why, the count, and what next. The headline's colour says how it went
// for you (won, lost; no colour when nobody here played), and its words say it too.
Request result_card(Session& session, Ui& ui) {
  const AnyGame& g = session.game();
  Request request;
  ImGui::BeginGroup();
  if (fonts().title) ImGui::PushFont(fonts().title);
  wrapped_text_colored(outcome_color(session, ui), result_headline(g, session.you()));
  if (fonts().title) ImGui::PopFont();
  wrapped_text(end_reason(g) + ".");
  if (!g.state().outcome().by_resignation) {
    const Explanation e = g.state().explain();
    for (const std::string& line : count_lines(g, e)) wrapped_text(line);
    if (!e.reason.empty()) wrapped_text(e.reason);
  }
  // A game by link that ended here: the friend sees the end only in the next link.
  if (session.friend_game() && session.sent_moves() < g.moves().size()) {
    wrapped_text("Send the link so your friend sees the end.");
    push_primary_button(!ui.settings.dark);
    if (ui.button("Send link##result", "Send link")) page_send_link();
    pop_primary_button();
    ImGui::SameLine();
  }
  push_primary_button(!ui.settings.dark);
  const bool again = ui.button("Rematch");
  pop_primary_button();
  std::string error;
  // The same game again with the sides swapped (Loose: the komi stays, named by the other colour).
  if (again && !session.rematch(error)) session.set_message(error);
  same_line_if_fits("New game");
  if (ui.button("New game##result", "New game")) request.kind = Request::Kind::new_game;
  same_line_if_fits("Review");
  if (ui.button("Review")) request.kind = Request::Kind::review;
  same_line_if_fits("Home");
  if (ui.button("Home##result", "Home")) request.kind = Request::Kind::home;
  ImGui::EndGroup();
  ui.note_control("Result card");
  return request;
}

ImVec4 outcome_color(const Session& session, const Ui& ui) {
  const int you = session.you();
  const Outcome o = session.game().state().outcome();
  const UiPalette& colors = ui_palette(!ui.settings.dark);
  if (you == 0 || (o.winner_player == 0 && o.winner == Color::empty))
    return ImGui::GetStyleColorVec4(ImGuiCol_Text);
  return to_vec4(o.winner_player == you ? colors.good : colors.bad);
}

}  // namespace stonegrid::web
