// A lesson or puzzle beside the board: where it is in the game's list, the rule in one sentence,
// the task, what the coach said of the last turn (the hint, the reason, or "well done"), then
// Hint, Show me, Try again, the turn buttons the task needs (Pass, the ballot's Confirm and
// Take), Previous and Next, and the list with the solved ones ticked (remembered by the page).
#include <algorithm>
#include <string>

#include "app.h"
#include "fonts.h"
#include "page_api.h"
#include "palette.h"
#include "style.h"

namespace stonegrid::web {

bool App::start_task(Coach::Mode mode, GameKind kind, int index) {
  if (index < 0) {  // the first one not solved yet (all solved: the first)
    const auto& tasks =
        mode == Coach::Mode::lesson ? teach::lessons(kind.facts().name) : teach::puzzles(kind.facts().name);
    index = 0;
    for (int i = 0; i < static_cast<int>(tasks.size()); ++i)
      if (!page_is_solved(tasks[i].id)) {
        index = i;
        break;
      }
  }
  // The game under way is put aside (once, not again for the next task) and comes back when the
  // lessons end: practice never replaces it.
  const bool first_task = !before_task_;
  if (first_task) before_task_ = session_.snapshot();
  starting_task_ = true;
  const bool started = coach_.begin(session_, mode, kind, index);
  starting_task_ = false;
  if (!started) {
    if (first_task) before_task_.reset();
    set_message("No " + std::string(mode == Coach::Mode::lesson ? "lessons" : "puzzles") + " for " +
                std::string(kind.facts().title) + " yet");
    return false;
  }
  screen_ = Screen::task;
  help_.open = false;
  return true;
}

void App::end_task() {
  coach_.end();
  if (!before_task_) return;
  Session::Snapshot before = std::move(*before_task_);
  before_task_.reset();
  session_.restore(std::move(before));
}

// The turns a task may need besides placements.
void App::task_turn_buttons() {
  const bool live = !game().state().is_over() && !coach_.solved();
  ImGui::BeginDisabled(!live);
  if (game().state().phase() == Phase::ballot) {
    confirm_ballot_button();
    same_line_if_fits("Take");
    if (ui_.button("Take")) play(Move::take());
  } else if (game().facts().can_pass) {
    if (ui_.button("Pass")) play(Move::pass());
  }
  ImGui::EndDisabled();
}

// The game's lessons (or puzzles) in order, ticked when solved; a click opens one.
void App::task_list() {
  const Coach::Mode mode = coach_.mode();
  const auto& tasks = mode == Coach::Mode::lesson ? teach::lessons(coach_.kind().facts().name)
                                                  : teach::puzzles(coach_.kind().facts().name);
  const ImVec2 row = ui_.list_row();
  for (int i = 0; i < static_cast<int>(tasks.size()); ++i) {
    const std::string label = std::string(page_is_solved(tasks[i].id) ? "✓ " : "   ") +
                              std::to_string(i + 1) + ". " + tasks[i].title;
    ImGui::PushID(i);
    if (ImGui::Selectable(label.c_str(), i == coach_.index(), 0, row) && i != coach_.index())
      start_task(mode, coach_.kind(), i);
    ui_.note_control("Task " + std::to_string(i + 1));
    ImGui::PopID();
  }
}

void App::task_panel(ImVec2 panel_min, ImVec2 panel_max) {
  if (!coach_.active()) return show_game();
  ImGui::SetCursorScreenPos(panel_min);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(12, 10));
  ImGui::BeginChild("task", ImVec2(panel_max.x - panel_min.x, panel_max.y - panel_min.y), false,
                    ImGuiWindowFlags_AlwaysUseWindowPadding);
  ImGui::PopStyleVar();
  if (ui_.touch || ui_.preview != no_point || ui_.view.zoomed()) touch_actions(true);
  const bool lesson = coach_.mode() == Coach::Mode::lesson;
  const teach::Task& task = coach_.task();
  const UiPalette& colors = ui_palette(!ui_.settings.dark);
  if (ui_.button("Home")) show_home();
  same_line_if_fits("Play a game");
  if (ui_.button("Play a game")) {
    const GameKind kind = coach_.kind();
    show_game();
    open_new_game(kind, Opponent::bot);
  }
  ui_text_colored(to_vec4(colors.hint),
                  std::string(coach_.kind().facts().title) + " · " + (lesson ? "Lesson " : "Puzzle ") +
                      std::to_string(coach_.index() + 1) + " of " + std::to_string(coach_.count()));
  if (fonts().title) ImGui::PushFont(fonts().title);
  wrapped_text(task.title);
  if (fonts().title) ImGui::PopFont();
  if (!task.rule.empty()) wrapped_text(task.rule);
  if (fonts().strong) ImGui::PushFont(fonts().strong);
  wrapped_text(task.instruction);
  if (fonts().strong) ImGui::PopFont();
  if (!coach_.feedback().empty())
    wrapped_text_colored(coach_.feedback_is_hint()
                             ? ImGui::GetStyleColorVec4(ImGuiCol_Text)
                             : to_vec4(coach_.feedback_good() ? colors.good : colors.bad),
                         coach_.feedback());
  ImGui::BeginDisabled(coach_.solved());
  if (ui_.button("Hint")) coach_.show_hint();
  same_line_if_fits("Show me");
  if (ui_.button("Show me")) coach_.show_me(session_);
  ImGui::EndDisabled();
  same_line_if_fits("Try again");
  if (ui_.button("Try again")) start_task(coach_.mode(), coach_.kind(), coach_.index());
  task_turn_buttons();
  ImGui::BeginDisabled(coach_.index() == 0);
  if (ui_.button("Previous")) start_task(coach_.mode(), coach_.kind(), coach_.index() - 1);
  ImGui::EndDisabled();
  ImGui::SameLine();
  const bool last = coach_.index() + 1 >= coach_.count();
  ImGui::BeginDisabled(last);
  const bool next_is_it = coach_.solved() && !last;  // the one next action; the last task has none here
  if (next_is_it) push_primary_button(!ui_.settings.dark);
  const bool next = ui_.button("Next");
  if (next_is_it) pop_primary_button();
  ImGui::EndDisabled();
  if (next) start_task(coach_.mode(), coach_.kind(), coach_.index() + 1);
  if (last && coach_.solved()) {
    ImGui::SameLine();
    push_primary_button(!ui_.settings.dark);
    const bool play = ui_.button("Play a game##done", "Done: play a game");
    pop_primary_button();
    if (play) {
      const GameKind kind = coach_.kind();
      show_game();
      open_new_game(kind, Opponent::bot);
    }
  }
  ImGui::Separator();
  task_list();
  ImGui::EndChild();
}

}  // namespace stonegrid::web
