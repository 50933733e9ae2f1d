// The side panel (players and turn, live score, per-game details, move list, buttons, view
// settings), the pass and resign questions over it, the touch row (Confirm / Cancel / Zoom out)
// and the move navigation: free functions over the session and the Ui (panels.h). Read
// `side_panel` first, then its parts top to bottom. Everything shown is read from the game this
// frame. Controls a test or the page may look for are recorded by name with `Ui::note_control`
// (page_api.cpp's stonegrid_control_rect). What only the app can do comes back as a `Request`.
#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <string>

#include "diagram_mode.h"
#include "fonts.h"
#include "layout_record.h"
#include "page_api.h"
#include "palette.h"
#include "panels.h"
#include "sound.h"
#include "style.h"

namespace stonegrid::web {

namespace {

const char* color_word(Color c) {
  return c == Color::black ? "Black" : c == Color::white ? "White" : "Nobody";
}

int black_stones(const AnyGame& game) {
  int count = 0;
  for (Point p = 0; p < game.state().geometry().points; ++p) count += game.state().at(p) == Color::black;
  return count;
}

// A note in the dimmed text colour, wrapped to the window.
void note_text(const char* format, ...) IM_FMTARGS(1);
void note_text(const char* format, ...) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  va_list args;
  va_start(args, format);
  char text[512];
  std::vsnprintf(text, sizeof text, format, args);
  wrapped_text(text);
  va_end(args);
  ImGui::PopStyleColor();
}

// A question's button: its label and the control's name (`Ui::control`).
struct Labelled {
  const char* label;
  const char* name;
};

// Defined below, where they are used.
void share_buttons(Session& session, Ui& ui);
Request pass_button(const Session& session, Ui& ui, SidePanel& panel);
Request turn_question(const Session& session, Ui& ui, const SidePanel& panel, const char* title,
                      bool& requested, float width, const std::string& text, const Move& turn,
                      Labelled confirm, Labelled keep);
void place_over_panel(const Ui& ui, const SidePanel& panel, float most);

}  // namespace

// --- words ---------------------------------------------------------------------------------

std::string player_label(const Session& session, int player) {
  const AnyGame& game = session.game();
  const PlayerSetup& who = session.player(player);
  std::string name = who.bot ? "Bot, level " + std::to_string(who.level) + " (" + level_name(who.level) + ")"
                     : session.colours_open()  ? std::string("not picked yet")
                     : who.remote              ? (session.friend_name().empty() ? "Your friend (by link)"
                                                                                : session.friend_name() + " (by link)")
                     : session.you() == player ? "You"
                                               : "Player " + std::to_string(player);
  Color c = player_color(game, player);
  if (c == Color::empty) return "Player " + std::to_string(player) + ": " + name;
  return std::string(color_word(c)) + ": " + name;
}
std::string position_sentence(const Session& session) {
  const AnyGame& game = session.game();
  std::string text;
  if (!game.moves().empty()) text += session.last_move_sentence() + ". ";
  if (game.state().is_over()) {
    text += "Game over: " + result_headline(game, session.you()) + ".";
  } else {
    Color c = game.state().color_to_move();
    if (!stage_of(game).turn.empty())
      text += "Player " + std::to_string(game.state().to_move()) + " to " + std::string(stage_of(game).turn) +
              ".";
    else
      text += std::string(color_word(c)) + " to play.";
  }
  Score s = game.state().score();
  if (s.defined)
    text += " Score: Black " + format_number(s.black) + ", White " + format_number(s.white) + ".";
  return text;
}

// --- the panel -----------------------------------------------------------------------------

void begin_panel(const char* id, ImVec2 panel_min, ImVec2 panel_max) {
  ImGui::SetCursorScreenPos(panel_min);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(12, 10));
  ImGui::BeginChild(id, ImVec2(panel_max.x - panel_min.x, panel_max.y - panel_min.y), false,
                    ImGuiWindowFlags_AlwaysUseWindowPadding);
  ImGui::PopStyleVar();
}

// The panel, top to bottom: the bar (Home, New game, Help, Analysis), the players, one status
// line of fixed height, the action bar (its buttons never move), the count, the folded sections
// (save and share, view, recent games), then the move list filling the rest. Messages show over the board, so
// nothing here changes height with them.
Request side_panel(Session& session, Ui& ui, SidePanel& panel, bool result_shown, ImVec2 panel_min,
                   ImVec2 panel_max) {
  const AnyGame& game = session.game();
  Request request;
  begin_panel("panel", panel_min, panel_max);
  // On touch screens the row that confirms a tapped move comes first, right under the board,
  // and a new tap scrolls the panel back up to it.
  if (ui.preview != panel.shown_preview) {
    if (ui.preview != no_point) ImGui::SetScrollY(0);
    panel.shown_preview = ui.preview;
  }
  if ((ui.touch || ui.preview != no_point || ui.view.zoomed()) && !ui.readonly && !game.state().is_over()) {
    request.take(touch_actions(session, ui, true));
    ImGui::Separator();
  }
  // A diagram, and a finished game under review: step through the moves with buttons (a phone
  // has no arrow keys).
  if (ui.readonly || (game.state().is_over() && !result_shown)) {
    navigation_bar(session, ui);
    ImGui::Separator();
  }
  request.take(top_bar(session, ui));
  ImGui::Separator();
  if (result_shown) {
    request.take(result_card(session, ui));
    ImGui::Separator();
  }
  players_section(session, ui);
  status_line(session, ui, panel, result_shown);
  if (!ui.readonly) request.take(action_bar(session, ui, panel));
  ImGui::Separator();
  if (!result_shown) request.take(review_section(session, ui));
  score_section(session, ui, result_shown);
  save_and_share(session, ui);
  view_settings(session, ui);
  recent_games(ui, panel);
  move_list(session, ui);
  ImGui::EndChild();
  return request;
}

// The game's name, then Home, New game, Help and Analysis on one line where they fit.
Request top_bar(const Session& session, Ui& ui) {
  const AnyGame& game = session.game();
  Request request;
  if (fonts().title) ImGui::PushFont(fonts().title);
  const std::string size = std::to_string(game.size());
  ui_text(std::string(game.facts().title) + " " + size + "×" + size);
  if (fonts().title) ImGui::PopFont();
  ImGui::BeginDisabled(ui.readonly);
  if (ui.button("Home")) request.kind = Request::Kind::home;
  same_line_if_fits("New game");
  if (ui.button("New game")) request.kind = Request::Kind::new_game;
  ImGui::EndDisabled();
  same_line_if_fits("Help");
  if (ui.button("Help")) request.kind = Request::Kind::toggle_help;
  same_line_if_fits(sound::muted() ? "Sound off" : "Sound on");
  if (ui.button(sound::muted() ? "Sound off###mute" : "Sound on###mute", "Mute"))
    sound::set_muted(!sound::muted());
  same_line_if_fits("Analysis: on", true);
  ImGui::Checkbox("Analysis", &ui.settings.analysis);
  ui.note_control("Analysis");
  return request;
}

// One line that always takes the same height: whose turn, the bot thinking (with Move now), the
// points picked for a turn of several, or the result.
void status_line(Session& session, Ui& ui, SidePanel& panel, bool result_shown) {
  const AnyGame& game = session.game();
  const float height = ImGui::GetFrameHeightWithSpacing();
  const ImVec2 start = ImGui::GetCursorPos();
  ImGui::AlignTextToFramePadding();
  if (game.state().is_over() && result_shown) {
    ui_text("Game over");
  } else if (game.state().is_over()) {
    ui_text_colored(outcome_color(session, ui), result_headline(game, session.you()));
    if (panel.result_dismissed && !ui.readonly) {
      ImGui::SameLine();
      if (ui.button("Result")) {
        panel.result_dismissed = false;
        view_move(session, ui, -1);
      }
    }
  } else if (session.bot_to_move()) {
    ui_text("The bot is thinking…");
    ImGui::SameLine();
    if (ui.button("Move now")) session.move_now();
  } else if (session.picks_colour()) {
    // Loose by link: the friend named the komi, this side picks a colour.
    ui_text("Pick a colour:");
    ImGui::SameLine();
    if (ui.button("Black##pick", "Take Black")) session.pick_colour(Color::black);
    ImGui::SameLine();
    if (ui.button("White##pick", "Take White")) session.pick_colour(Color::white);
  } else if (session.player(game.state().to_move()).remote) {
    // A game by link, the friend to move: send them the game.
    const std::string& name = session.friend_name();
    const std::string friend_word = name.empty() ? std::string("Your friend") : name;
    ui_text(session.colours_open() ? friend_word + " picks a colour"
                                   : friend_word + "'s move" + (ui.live ? " (live)" : ""));
    if (!ui.live) {
      ImGui::SameLine();
      push_primary_button(!ui.settings.dark);
      if (ui.button("Send link")) page_send_link();
      pop_primary_button();
    }
  } else if (session.stage().most_points > 1) {
    const int points = game.state().geometry().points,
              black = black_stones(game) + static_cast<int>(session.picks().size());
    char line[96];
    std::snprintf(line, sizeof line, "Black stones: %d of %d (%.0f %%)%s", black, points,
                  100.0 * black / points, session.picks().empty() ? "" : " with your picks");
    ui_text(line);
  } else {
    const std::string turn = session.you() == game.state().to_move()
                                 ? std::string("Your turn")
                                 : std::string(color_word(game.state().color_to_move())) + " to play";
    ui_text(turn);
  }
  ImGui::SetCursorPos(ImVec2(start.x, start.y + height));
}

// Touch: Confirm / Cancel for the tapped point, Zoom out on a zoomed board; otherwise (with
// `hint`) a line saying what a tap does.
Request touch_actions(const Session& session, Ui& ui, bool hint) {
  const AnyGame& game = session.game();
  Request request;
  bool any = false;
  if (ui.preview != no_point) {
    // A point the engine refuses is shown crossed out, with why, and no Confirm.
    const Illegal why = game.check(Move::place(ui.preview));
    if (why == Illegal::none) {
      std::string label = "Confirm " + vertex_text(ui.preview, game.size()) + "###confirm";
      if (ui.button(label.c_str(), "Confirm")) request = confirm_preview(session, ui);
    } else {
      ImGui::AlignTextToFramePadding();
      ui_text_colored(to_vec4(ui_palette(!ui.settings.dark).bad),
                      vertex_text(ui.preview, game.size()) + ": " + std::string(describe(why)));
    }
    same_line_if_fits("Cancel");
    if (ui.button("Cancel##preview", "Cancel")) ui.preview = no_point;
    any = true;
  }
  if (ui.view.zoomed()) {
    if (any) same_line_if_fits("Zoom out");
    if (ui.button("Zoom out")) ui.view.zoom_to(0, 0, 1);
    any = true;
  }
  if (any || !hint) return request;
  const bool away = session.player(game.state().to_move()).remote;  // a friend's turn, by link
  const char* text = away                                  ? "Your friend plays next, on their device"
                     : game.size() >= touch_zoom_from_size ? "Tap the board to zoom in, then tap a point"
                     : ui.settings.one_tap                 ? "Tap a point to play"
                                                           : "Tap a point, then Confirm";
  ImGui::AlignTextToFramePadding();
  ui_muted(text);
  return request;
}

Request confirm_preview(const Session& session, Ui& ui) {
  const Point p = ui.preview;
  ui.preview = no_point;
  const AnyGame& game = session.game();
  if (p != no_point && !ui.readonly && session.viewing() < 0 && !game.state().is_over() &&
      !session.player(game.state().to_move()).bot)
    return Request::turn(Move::place(p));
  return {};
}

// A diagram's navigation: first, previous, "n / N", next, last.
void navigation_bar(Session& session, Ui& ui) {
  const AnyGame& game = session.game();
  const int total = static_cast<int>(game.moves().size());
  const int at = session.viewing() < 0 ? total : session.viewing();
  ImGui::BeginDisabled(at == 0);
  if (ui.button("|<", "First position")) view_move(session, ui, 0);
  ImGui::SameLine();
  if (ui.button(" < ", "Previous move")) view_move(session, ui, at - 1);
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ui_text(std::to_string(at) + " / " + std::to_string(total));
  ImGui::SameLine();
  ImGui::BeginDisabled(at == total);
  if (ui.button(" > ", "Next move")) view_move(session, ui, at + 1);
  ImGui::SameLine();
  if (ui.button(">|", "Last position")) view_move(session, ui, -1);
  ImGui::EndDisabled();
}

namespace {

// Copy link / Copy SGF go through the page layer (assets/page.js); on the desktop the SGF goes
// to the clipboard directly and there is no link.
void share_buttons(Session& session, Ui& ui) {
  if (page_has_links()) {
    if (ui.button("Copy link")) page_copy_link();
    same_line_if_fits("Copy SGF");
  }
  if (ui.button("Copy SGF") && !page_copy_sgf()) {
    ImGui::SetClipboardText(session.sgf().c_str());
    session.set_message("SGF copied");
  }
}

}  // namespace

// The two players in words ("Black: You", "White: Bot, level 3 (Casual)"), the one to move marked.
void players_section(Session& session, const Ui& ui) {
  const AnyGame& game = session.game();
  for (int p = 1; p <= 2; ++p) {
    const bool to_move = !game.state().is_over() && game.state().to_move() == p;
    const ImVec4 highlight = to_vec4(ui_palette(!ui.settings.dark).mark);
    ui_text_colored(to_move ? highlight : ImGui::GetStyleColorVec4(ImGuiCol_Text),
                    (to_move ? "→ " : "   ") + player_label(session, p));
  }
  if (!session.stage().hint.empty() && !game.state().is_over()) {
    note_text("%s", std::string(session.stage().hint).c_str());
    if (const MeasuredBalance* b = find_balance(game.kind(), game.size()); b && session.stage().take)
      note_text("From self-play on %d×%d, taking tends to pay from about %s black stones.", game.size(),
                game.size(), format_number(b->fair).c_str());
  }
  if (session.viewing() >= 0)
    ui_text_colored(to_vec4(ui_palette(!ui.settings.dark).mark),
                    (ui.readonly ? "Move " : "Viewing move ") + std::to_string(session.viewing()) + " of " +
                        std::to_string(game.moves().size()) +
                        (ui.readonly ? ""
                         : ui.touch  ? " (>|: back to the game)"  // a phone has no End key
                                     : " (End or >|: back to the game)"));
  const bot::Analysis* analysis = session.analysis(ImGui::GetTime());
  if (analysis && !session.shown().state().is_over() && analysis->playouts > 0) {
    Color c = session.shown().state().color_to_move();
    char line[160];
    std::snprintf(line, sizeof line, "Analysis: %s wins %.0f%% (%lld playouts)",
                  session.shown().state().black_player() == 0 ? "the player to move" : color_word(c),
                  analysis->winrate * 100, analysis->playouts);
    wrapped_text(line);
  }
}
// The count as the game explains it, term by term ("Black: territory 14 − prisoners 2 = 12"),
// then its notes in the muted colour.
void score_section(const Session& session, const Ui& ui, bool result_shown) {
  const AnyGame& g = session.shown();
  const Explanation e = g.state().explain();
  // (The result card says the count at the end: not twice.)
  if (!result_shown)
    for (const std::string& line : count_lines(g, e)) wrapped_text(line);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  for (const std::string& note : e.notes) wrapped_text(note);
  if (g.facts().torus)
    wrapped_text(ui.touch ? "Drag the board to pan the torus."
                          : "Drag the board or Shift+arrows to pan the torus.");
  if (ui.settings.analysis)
    wrapped_text(
        "Analysis: the number on a point is the win rate, in percent, of a move there for the "
        "player to move; the brightest blue is the move the bot has looked at most, its choice.");
  ImGui::PopStyleColor();
}

// The turn's buttons in a fixed order and place: Undo, Pass (or Confirm for picked points, Take),
// Resign. Disabled, never hidden, when they do not apply.
Request action_bar(Session& session, Ui& ui, SidePanel& panel) {
  const AnyGame& game = session.game();
  Request request;
  // (A friend's turn by link: nothing to do here but send the link.)
  const bool live_turn = !game.state().is_over() && !session.bot_to_move() && session.viewing() < 0 &&
                         !session.player(game.state().to_move()).remote;
  ImGui::BeginDisabled(game.moves().empty());
  if (ui.button("Undo")) session.undo();
  ImGui::EndDisabled();
  ImGui::BeginDisabled(!live_turn);
  if (session.stage().most_points > 1) {
    same_line_if_fits("Confirm 3");
    request.take(confirm_picks_button(session, ui));
  }
  if (session.stage().take) {
    same_line_if_fits("Take");
    if (ui.button("Take")) request = Request::turn(Move::take());
  } else if (game.facts().can_pass) {
    same_line_if_fits("Pass");
    request.take(pass_button(session, ui, panel));
  }
  same_line_if_fits("Resign");
  if (ui.button("Resign")) panel.resign_requested = true;
  ImGui::EndDisabled();
  // A game by link: its QR code (a phone nearby scans it) and live play.
  if (session.friend_game() && page_has_links()) {
    same_line_if_fits("QR code");
    if (ui.button("QR code")) page_call("showLinkQr");
    same_line_if_fits("Play live");
    if (ui.button(ui.live ? "Live###live" : "Play live###live", "Play live")) page_call("openLiveDialog");
  }
  if (game.facts().torus) {
    same_line_if_fits("Re-centre");
    ImGui::BeginDisabled(ui.view.offset_column == 0 && ui.view.offset_row == 0);
    if (ui.button("Re-centre")) ui.view.offset_column = ui.view.offset_row = 0;
    ImGui::EndDisabled();
  }
  return request;
}

// Confirm N: plays the turn of the points picked so far (Looper's ballot; none picked: disabled).
Request confirm_picks_button(const Session& session, Ui& ui) {
  Request request;
  const std::optional<Move> picked = session.picked_move();
  ImGui::BeginDisabled(!picked);
  // (No count before a point is picked: "Confirm 0" read as a move.)
  const size_t picks = session.picks().size();
  const std::string label =
      (picks == 0 ? std::string("Confirm") : "Confirm " + std::to_string(picks)) + "###picks";
  const std::string name = "Confirm " + std::string(session.stage().name);
  if (ui.button(label.c_str(), name.c_str())) request = Request::turn(*picked);
  ImGui::EndDisabled();
  return request;
}

namespace {

// Pass; when the pass would end a phase or the game, a dialog says so first, with the count.
Request pass_button(const Session& session, Ui& ui, SidePanel& panel) {
  if (!ui.button("Pass")) return {};
  panel.pass_warning = session.pass_warning();
  if (panel.pass_warning.empty()) return Request::turn(Move::pass());
  panel.pass_requested = true;
  return {};
}

// A question before a turn that cannot be taken back (opened when `requested` is set): `text`,
// then a button that plays `turn` and one that keeps playing, each a label and a control name.
Request turn_question(const Session& session, Ui& ui, const SidePanel& panel, const char* title,
                      bool& requested, float width, const std::string& text, const Move& turn,
                      Labelled confirm, Labelled keep) {
  Request request;
  if (requested) {
    requested = false;
    ImGui::OpenPopup(title);
  }
  place_over_panel(ui, panel, width);
  if (!ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return request;
  wrapped_text(text);
  if (ui.button(confirm.label, confirm.name)) {
    if (!session.game().state().is_over() && !session.bot_to_move()) request = Request::turn(turn);
    ImGui::CloseCurrentPopup();
  }
  ImGui::SameLine();
  if (ui.button(keep.label, keep.name)) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
  return request;
}

// Over the side panel (beside the board, or under it in portrait), so the board stays in view
// while the question is asked; the whole window when there is no panel (an embed).
void place_over_panel(const Ui& ui, const SidePanel& panel, float most) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const bool beside = ui.layout == std::string_view("landscape") || ui.layout == std::string_view("portrait");
  const ImVec2 min = beside ? panel.min : ImVec2(0, 0);
  // A width for the words to wrap in (an auto-sized window is as wide as its widest line).
  const float width = std::min(most, display.x - min.x - 16);
  ImGui::SetNextWindowPos(ImVec2(min.x + 8, min.y + 8), ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0), ImVec2(width, display.y - min.y - 16));
}

}  // namespace

Request pass_question(const Session& session, Ui& ui, SidePanel& panel) {
  return turn_question(session, ui, panel, "Pass?", panel.pass_requested, 440, panel.pass_warning,
                       Move::pass(), {"Pass##confirm", "Pass: confirm"}, {"Keep playing", "Keep playing"});
}

// Resigning ends the game at once: asked first (one stray tap on a phone must not end it).
Request resign_question(const Session& session, Ui& ui, SidePanel& panel) {
  const std::string winner = player_label(session, 3 - session.game().state().to_move());
  return turn_question(
      session, ui, panel, "Resign?", panel.resign_requested, 360,
      "Resign this game? " + winner.substr(0, winner.find(':')) + " wins, and the game cannot go on.",
      Move::resign(), {"Resign##confirm", "Resign: confirm"},
      {"Keep playing##resign", "Resign: keep playing"});
}

// Files and sharing, folded.
void save_and_share(Session& session, Ui& ui) {
  const bool open = ImGui::CollapsingHeader("Save and share");
  ui.note_control("Save and share");
  if (!open) return;
  if (ui.button("Download SGF")) {
    std::string where = page_download_sgf("stonegrid.sgf", session.sgf());
    session.set_message(where.empty() ? "Could not save the SGF file" : "Saved " + where);
  }
  same_line_if_fits("Download image");
  if (ui.button("Download image")) download_image(session, ui);
  same_line_if_fits("Open SGF");
  ImGui::BeginDisabled(ui.readonly);
  if (ui.button("Open SGF") && !page_open_sgf_file())
    session.set_message("Opening files works in the browser version");
  ImGui::EndDisabled();
  same_line_if_fits(page_has_links() ? "Copy link" : "Copy SGF");
  share_buttons(session, ui);
}
// The games page.js saved in local storage (the page only; read when the header opens and
// then once a second, not every frame).
void recent_games(Ui& ui, SidePanel& panel) {
  if (!page_has_links() || ui.readonly) return;
  const bool open = ImGui::CollapsingHeader("Recent games");
  ui.note_control("Recent games");
  if (!open) {
    panel.recent_read_frame = -1;
    return;
  }
  if (panel.recent_read_frame < 0 || ui.frames - panel.recent_read_frame > 60) {
    panel.recent = page_recent_games();
    panel.recent_read_frame = ui.frames;
  }
  if (panel.recent.empty()) {
    ui_muted("None yet: games are saved here after their first move.");
    return;
  }
  const ImVec2 row = ui.list_row();
  for (int i = 0; i < static_cast<int>(panel.recent.size()); ++i) {
    ImGui::PushID(i);
    if (ImGui::Selectable(panel.recent[i].c_str(), false, 0, row)) {
      page_open_recent(i);
      panel.recent_read_frame = -1;
    }
    ui.note_control("Recent " + std::to_string(i + 1));
    ImGui::PopID();
  }
}

void view_settings(const Session& session, Ui& ui) {
  const AnyGame& game = session.game();
  bool open = ImGui::CollapsingHeader("View");
  ui.note_control("View");
  if (!open) return;
  int theme = ui.settings.theme == Theme::wood ? 0 : 1;
  ImGui::RadioButton("Wood", &theme, 0);
  ImGui::SameLine();
  ImGui::RadioButton("Flat", &theme, 1);
  ui.settings.theme = theme == 0 ? Theme::wood : Theme::flat;
  ImGui::SameLine();
  ImGui::Checkbox("Dark", &ui.settings.dark);
  ImGui::Checkbox("Grid", &ui.settings.grid);
  same_line_if_fits("Star points", true);
  ImGui::Checkbox("Star points", &ui.settings.star_points);
  same_line_if_fits("Coordinates", true);
  ImGui::Checkbox("Coordinates", &ui.settings.coordinates);
  ImGui::Checkbox("Animations", &ui.settings.animations);
  if (game.facts().false_liberties) {
    same_line_if_fits("Mark false liberties", true);
    ImGui::Checkbox("Mark false liberties", &ui.settings.false_liberties);
  }
  same_line_if_fits("One-tap moves", true);
  ImGui::Checkbox("One-tap moves", &ui.settings.one_tap);
  ui.note_control("One-tap moves");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Touch screens: a tap plays at once, without Confirm");
}

void move_list(Session& session, Ui& ui) {
  const std::vector<std::string> labels = session.move_labels();
  ui_text("Moves (" + std::to_string(labels.size()) + (ui.touch ? ")" : ")  - Left/Right, Home/End"));
  // At least the minimum height: in a short portrait panel the list scrolls with the panel.
  ImGui::BeginChild("moves", ImVec2(0, std::max(ImGui::GetContentRegionAvail().y, 120.0f)), true);
  const int current = session.viewing() < 0 ? static_cast<int>(labels.size()) : session.viewing();
  // Rows a finger can hit on touch screens.
  const ImVec2 row = ui.list_row();
  if (ImGui::Selectable("0. start", current == 0, 0, row)) view_move(session, ui, 0);
  for (size_t i = 0; i < labels.size(); ++i) {
    bool selected = current == static_cast<int>(i + 1);
    if (ImGui::Selectable(labels[i].c_str(), selected, 0, row))
      view_move(session, ui, static_cast<int>(i + 1));
    if (selected && ui.scroll_moves) ImGui::SetScrollHereY(1.0f);
  }
  ui.scroll_moves = false;
  ImGui::EndChild();
}

}  // namespace stonegrid::web
