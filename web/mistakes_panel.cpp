// Learn from your mistakes beside the board (session/mistakes.h, `MistakeTrainer`): where the
// task is in the list and how many are solved, the task in one sentence, what the trainer said
// of the last move (checking, right, not enough, the hint), then Hint, Show me with the line's
// steps, Try again, the turn buttons the position needs, and Next task. The trainer decides;
// this file draws it and forwards clicks.
#include <string>

#include "fonts.h"
#include "layout_record.h"
#include "palette.h"
#include "panels.h"
#include "style.h"

namespace stonegrid::web {

namespace {

// Pass, Take, or Confirm for the points picked (Looper's ballot), when the position needs one.
Request turn_buttons(const Session& session, Ui& ui, bool live) {
  Request request;
  ImGui::BeginDisabled(!live);
  if (session.stage().most_points > 1) request = confirm_picks_button(session, ui);
  if (session.stage().take) {
    same_line_if_fits("Take");
    if (ui.button("Take")) request = Request::turn(Move::take());
  } else if (session.game().facts().can_pass) {
    same_line_if_fits("Pass");
    if (ui.button("Pass")) request = Request::turn(Move::pass());
  }
  ImGui::EndDisabled();
  return request;
}

// Show me's line, a move at a time: "Line: move 2 of 5", back and on.
void line_steps(Session& session, Ui& ui, MistakeTrainer& trainer) {
  const int moves = std::max<int>(1, static_cast<int>(trainer.task().line.size()));
  ImGui::AlignTextToFramePadding();
  ui_text("Line: move " + std::to_string(trainer.line_step()) + " of " + std::to_string(moves));
  ImGui::SameLine();
  ImGui::BeginDisabled(trainer.line_step() <= 1);
  if (ui.button("◀##line", "Line back")) trainer.show_line(session, trainer.line_step() - 1);
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(trainer.line_step() >= moves);
  if (ui.button("▶##line", "Line on")) trainer.show_line(session, trainer.line_step() + 1);
  ImGui::EndDisabled();
}

// Every task solved: said, with the way out (no Next task going round to the first again).
Request all_done(const MistakeTrainer& trainer, Ui& ui, const UiPalette& colors) {
  Request request;
  const int count = static_cast<int>(trainer.tasks().size());
  wrapped_text_colored(to_vec4(colors.good), count == 1 ? std::string("The task is solved.")
                                                        : "All " + std::to_string(count) + " tasks solved.");
  ui.note_control("Mistakes all done");
  push_primary_button(!ui.settings.dark);
  if (ui.button("Back to the game##done", "All done: back to the game")) {
    request.kind = Request::Kind::game;
    request.end_task = true;
  }
  pop_primary_button();
  same_line_if_fits("Home");
  if (ui.button("Home##done", "All done: home")) {
    request.kind = Request::Kind::home;
    request.end_task = true;
  }
  return request;
}

}  // namespace

Request mistakes_panel(Session& session, Ui& ui, MistakeTrainer& trainer, ImVec2 panel_min,
                       ImVec2 panel_max) {
  Request request;
  begin_panel("mistakes", panel_min, panel_max);
  if (ui.touch || ui.preview != no_point || ui.view.zoomed()) request = touch_actions(session, ui, true);
  const UiPalette& colors = ui_palette(!ui.settings.dark);
  if (ui.button("Back", "Back to the game")) {
    request.kind = Request::Kind::game;
    request.end_task = true;
  }
  same_line_if_fits("Home");
  if (ui.button("Home##mistakes", "Home")) {
    request.kind = Request::Kind::home;
    request.end_task = true;
  }
  const int count = static_cast<int>(trainer.tasks().size());
  if (fonts().title) ImGui::PushFont(fonts().title);
  wrapped_text("Learn from your mistakes");
  if (fonts().title) ImGui::PopFont();
  ui_text_colored(to_vec4(colors.hint), "Task " + std::to_string(trainer.index() + 1) + " of " +
                                            std::to_string(count) + " · " +
                                            std::to_string(trainer.progress().solved_of(trainer.tasks())) +
                                            " of " + std::to_string(count) + " solved");
  ui.note_control("Mistakes progress");
  if (fonts().strong) ImGui::PushFont(fonts().strong);
  wrapped_text(task_sentence(trainer.task()));
  if (fonts().strong) ImGui::PopFont();
  if (!trainer.feedback().empty()) {
    const bool neutral = trainer.checking() || trainer.line_step() > 0 || trainer.feedback_is_hint();
    wrapped_text_colored(neutral ? ImGui::GetStyleColorVec4(ImGuiCol_Text)
                                 : to_vec4(trainer.feedback_good() ? colors.good : colors.bad),
                         trainer.feedback());
    ui.note_control("Mistakes feedback");
  }
  const bool open = !trainer.answered() && trainer.line_step() == 0 && !trainer.checking();
  ImGui::BeginDisabled(!open);
  if (ui.button("Hint")) trainer.show_hint(session);
  ImGui::EndDisabled();
  same_line_if_fits("Show me");
  ImGui::BeginDisabled(trainer.checking() || trainer.answered());
  if (ui.button("Show me")) trainer.show_line(session, 1);
  ImGui::EndDisabled();
  same_line_if_fits("Try again");
  ImGui::BeginDisabled(trainer.checking());
  if (ui.button("Try again")) trainer.restart(session);
  ImGui::EndDisabled();
  if (Request turn = turn_buttons(session, ui, open); turn.kind != Request::Kind::none) request = turn;
  if (trainer.line_step() > 0) line_steps(session, ui, trainer);
  if (trainer.all_done()) {
    if (Request done = all_done(trainer, ui, colors); done.kind != Request::Kind::none) request = done;
    ImGui::EndChild();
    return request;
  }
  const bool next_is_it = trainer.answered() || trainer.line_step() > 0;
  if (next_is_it) push_primary_button(!ui.settings.dark);
  ImGui::BeginDisabled(count < 2 || trainer.checking());
  if (ui.button("Next task")) trainer.next(session);
  ImGui::EndDisabled();
  if (next_is_it) pop_primary_button();
  ImGui::EndChild();
  return request;
}

}  // namespace stonegrid::web
