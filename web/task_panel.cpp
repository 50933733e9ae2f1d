// A lesson or puzzle beside the board: where it is in the game's list, the rule in one sentence,
// the task, what the coach said of the last turn (the hint, the reason, or "well done"), then
// Hint, Show me, Try again, the turn buttons the task needs (Pass, the ballot's Confirm and
// Take), Previous and Next, and the list with the solved ones ticked (remembered by the page).
#include <algorithm>
#include <initializer_list>
#include <string>

#include "diagram_mode.h"
#include "fonts.h"
#include "layout_record.h"
#include "page_api.h"
#include "palette.h"
#include "panels.h"
#include "style.h"

namespace stonegrid::web {

namespace {

// Whether a problem's answer may be a pass (a step shows or accepts one, or ends or settles the
// game): a problem offers Pass only then, so its one obvious action is on the board.
bool may_pass(const teach::Task& task) {
  using Kind = teach::Goal::Kind;
  for (const teach::Step& step : task.steps) {
    if (step.show_me == "pass" || step.goal.kind == Kind::win || step.goal.kind == Kind::resolve) return true;
    for (const std::string& turn : step.goal.turns)
      if (turn == "pass") return true;
  }
  return false;
}

// Whether the task needs turn buttons now: a turn of several points' (Confirm, Take), or Pass.
bool has_turn_buttons(const Session& session, const Coach& coach) {
  if (session.stage().most_points > 1 || session.stage().take) return true;
  return session.game().facts().can_pass && (coach.mode() != Coach::Mode::problem || may_pass(coach.task()));
}

// The turns a task may need besides placements.
Request task_turn_buttons(const Session& session, Ui& ui, const Coach& coach) {
  const AnyGame& game = session.game();
  Request request;
  if (!has_turn_buttons(session, coach)) return request;
  // Once solved or failed, no turn is left to play: no greyed row of them above Next.
  if (game.state().is_over() || coach.solved() || coach.failed()) return request;
  if (session.stage().most_points > 1) request = confirm_picks_button(session, ui);
  if (session.stage().take) {
    same_line_if_fits("Take");
    if (ui.button("Take")) request = Request::turn(Move::take());
  } else {
    if (ui.button("Pass")) request = Request::turn(Move::pass());
  }
  return request;
}

// The game's lessons (or puzzles) in order, ticked when solved; a click opens one.
Request task_list(Ui& ui, const Coach& coach) {
  Request request;
  const Coach::Mode mode = coach.mode();
  const auto& tasks = mode == Coach::Mode::lesson ? teach::lessons(coach.kind().facts().name)
                                                  : teach::puzzles(coach.kind().facts().name);
  const ImVec2 row = ui.list_row();
  for (int i = 0; i < static_cast<int>(tasks.size()); ++i) {
    const std::string label = std::string(page_is_solved(tasks[i].id) ? "✓ " : "   ") +
                              std::to_string(i + 1) + ". " + tasks[i].title;
    ImGui::PushID(i);
    if (ImGui::Selectable(label.c_str(), i == coach.index(), 0, row) && i != coach.index())
      request = {Request::Kind::task, coach.kind(), std::nullopt, mode, i};
    ui.note_control("Task " + std::to_string(i + 1));
    ImGui::PopID();
  }
  return request;
}

// Leaves the task for a new game of its game against the bot.
Request play_a_game(const Coach& coach) {
  Request request{Request::Kind::new_game, coach.kind(), Opponent::bot};
  request.end_task = true;
  return request;
}

// Opens another task of the same game and mode: `index` in its list.
Request task_at(const Coach& coach, int index) {
  return {Request::Kind::task, coach.kind(), std::nullopt, coach.mode(), index};
}

}  // namespace

Request task_panel(Session& session, Ui& ui, Coach& coach, ImVec2 panel_min, ImVec2 panel_max) {
  Request request;
  begin_panel("task", panel_min, panel_max);
  if (ui.touch || ui.preview != no_point || ui.view.zoomed()) request = touch_actions(session, ui, true);
  const bool lesson = coach.mode() == Coach::Mode::lesson;
  const bool problem = coach.mode() == Coach::Mode::problem;  // one task: no list, no Home
  const teach::Task& task = coach.task();
  const UiPalette& colors = ui_palette(!ui.settings.dark);
  if (ui.button("Home")) {
    request.kind = Request::Kind::home;
    request.end_task = true;
  }
  if (!problem) {
    same_line_if_fits("Play a game");
    if (ui.button("Play a game")) request = play_a_game(coach);
    ui_text_colored(to_vec4(colors.hint),
                    std::string(coach.kind().facts().title) + " · " + (lesson ? "Lesson " : "Puzzle ") +
                        std::to_string(coach.index() + 1) + " of " + std::to_string(coach.count()));
  }
  if (fonts().title) ImGui::PushFont(fonts().title);
  if (!task.title.empty()) wrapped_text(task.title);
  if (fonts().title) ImGui::PopFont();
  if (!task.rule.empty()) wrapped_text(task.rule);
  if (task.difficulty > 0)  // the motif once solved: told before, it would be the hint
    wrapped_text_colored(to_vec4(colors.hint),
                         "Difficulty " + std::to_string(task.difficulty) + " of 5" +
                             (coach.solved() && !task.motif.empty() ? " · The idea: " + task.motif : ""));
  if (fonts().strong) ImGui::PushFont(fonts().strong);
  wrapped_text(task.instruction);
  if (fonts().strong) ImGui::PopFont();
  if (!coach.feedback().empty())
    wrapped_text_colored(coach.feedback_is_hint() || coach.feedback_is_shown()
                             ? ImGui::GetStyleColorVec4(ImGuiCol_Text)
                             : to_vec4(coach.feedback_good() ? colors.good : colors.bad),
                         coach.feedback());
  ImGui::BeginDisabled(coach.solved() || coach.failed());
  if (ui.button("Hint")) coach.show_hint();
  ImGui::EndDisabled();
  ImGui::BeginDisabled(coach.solved());
  same_line_if_fits("Show me");
  if (ui.button("Show me")) coach.show_me(session);
  ImGui::EndDisabled();
  same_line_if_fits("Try again");
  if (coach.failed()) push_primary_button(!ui.settings.dark);
  if (ui.button("Try again")) request = task_at(coach, coach.index());
  if (coach.failed()) pop_primary_button();
  if (Request turn = task_turn_buttons(session, ui, coach); turn.kind != Request::Kind::none) request = turn;
  if (problem) {
    ImGui::EndChild();
    return request;
  }
  ImGui::BeginDisabled(coach.index() == 0);
  if (ui.button("Previous")) request = task_at(coach, coach.index() - 1);
  ImGui::EndDisabled();
  ImGui::SameLine();
  const bool last = coach.index() + 1 >= coach.count();
  ImGui::BeginDisabled(last);
  const bool next_is_it = coach.solved() && !last;  // the one next action; the last task has none here
  if (next_is_it) push_primary_button(!ui.settings.dark);
  const bool next = ui.button("Next");
  if (next_is_it) pop_primary_button();
  // The frame a task is solved in, the panel scrolls to show Next whole (a phone's panel ends
  // below the screen).
  static bool was_solved = false;
  if (coach.solved() && !was_solved) ImGui::SetScrollHereY(1.0f);
  was_solved = coach.solved();
  ImGui::EndDisabled();
  if (next) request = task_at(coach, coach.index() + 1);
  if (last && coach.solved()) {
    ImGui::SameLine();
    push_primary_button(!ui.settings.dark);
    const bool play = ui.button("Play a game##done", "Done: play a game");
    pop_primary_button();
    if (play) request = play_a_game(coach);
  }
  ImGui::Separator();
  if (Request pick = task_list(ui, coach); pick.kind != Request::Kind::none) request = pick;
  ImGui::EndChild();
  return request;
}

// --- a problem in an embedded frame --------------------------------------------------------------

namespace {

constexpr float bar_padding_x = 8, bar_padding_y = 6;

// Light controls on a light frame (diagram mode's), else the app's theme.
bool light_controls(const Ui& ui) {
  return framed(ui) ? *ui.settings.frame != DiagramTheme::dark : !ui.settings.dark;
}

bool touch_row(const Ui& ui) {
  return ui.touch || ui.preview != no_point || ui.view.zoomed();
}

// Rows of these buttons packed as `same_line_if_fits` packs them in `width`.
int button_rows(std::initializer_list<const char*> labels, float width) {
  const ImGuiStyle& style = ImGui::GetStyle();
  int rows = 0;
  float x = width;
  for (const char* label : labels) {
    const float w = ImGui::CalcTextSize(label, nullptr, true).x + 2 * style.FramePadding.x;
    if (rows > 0 && x + style.ItemSpacing.x + w <= width) {
      x += style.ItemSpacing.x + w;
    } else {
      ++rows;
      x = w;
    }
  }
  return rows;
}

}  // namespace

// The task's lines, one line (at least) kept for the coach's words, and the buttons' rows (as
// many as they wrap to; a touch screen's Confirm and Cancel below). Never more than half the
// frame, or what a square board leaves of a tall one (then it scrolls).
float problem_bar_height(const Session& session, const Coach& coach, const Ui& ui, float width,
                         float height) {
  const float inner = width - 2 * bar_padding_x;
  const float line = ImGui::GetTextLineHeightWithSpacing();
  if (fonts().strong) ImGui::PushFont(fonts().strong);
  int lines = wrapped_lines(coach.task().instruction, inner);
  if (fonts().strong) ImGui::PopFont();
  lines += std::max(1, coach.feedback().empty() ? 1 : wrapped_lines(coach.feedback(), inner));
  int rows = has_turn_buttons(session, coach) ? button_rows({"Show me", "Try again", "Confirm 3"}, inner)
                                              : button_rows({"Show me", "Try again"}, inner);
  if (touch_row(ui)) ++rows;
  const float wanted = 2 * bar_padding_y + lines * line + rows * ImGui::GetFrameHeightWithSpacing();
  return std::min(wanted, std::max(std::floor(height * 0.5f), height - width));
}

Request problem_bar(Session& session, Ui& ui, Coach& coach, ImVec2 bar_min, ImVec2 bar_max) {
  Request request;
  ImGui::SetCursorScreenPos(bar_min);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(bar_padding_x, bar_padding_y));
  ImGui::BeginChild("problem", ImVec2(bar_max.x - bar_min.x, bar_max.y - bar_min.y), false,
                    ImGuiWindowFlags_AlwaysUseWindowPadding);
  ImGui::PopStyleVar();
  const bool light = light_controls(ui);
  const UiPalette& colors = ui_palette(light);
  if (fonts().strong) ImGui::PushFont(fonts().strong);
  wrapped_text(coach.task().instruction);
  if (fonts().strong) ImGui::PopFont();
  if (coach.feedback().empty())
    ImGui::Dummy(ImVec2(1, ImGui::GetTextLineHeight()));  // the line the coach's words will take
  else
    wrapped_text_colored(coach.feedback_is_hint() || coach.feedback_is_shown()
                             ? ImGui::GetStyleColorVec4(ImGuiCol_Text)
                             : to_vec4(coach.feedback_good() ? colors.good : colors.bad),
                         coach.feedback());
  ImGui::BeginDisabled(coach.solved());
  if (ui.button("Show me")) coach.show_me(session);
  ImGui::EndDisabled();
  same_line_if_fits("Try again");
  if (coach.failed()) push_primary_button(light);
  if (ui.button("Try again")) request = task_at(coach, coach.index());
  if (coach.failed()) pop_primary_button();
  if (has_turn_buttons(session, coach)) same_line_if_fits("Confirm 3");
  if (Request turn = task_turn_buttons(session, ui, coach); turn.kind != Request::Kind::none) request = turn;
  if (touch_row(ui))
    if (Request touch = touch_actions(session, ui, false); touch.kind != Request::Kind::none) request = touch;
  ImGui::EndChild();
  return request;
}

}  // namespace stonegrid::web
