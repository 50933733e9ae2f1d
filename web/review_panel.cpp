// The review in the side panel (panels.h, `review_section`): while the bot reviews the game,
// its progress and Stop; then each player's accuracy, a graph of the winning chances and, where
// the game counts points, of the lead (click or drag to go to a move), the verdict on the move
// shown with the bot's better move and its line stepped through on the board, the turning
// points, next / previous mistake (also the N and P keys, app.cpp), and Learn from your mistakes
// when the people here made some (mistakes_panel.cpp). What it says comes from
// the session (review_summary, review_curve, review_score_curve, turning_points,
// turn_verdict_sentence); this file draws it and forwards clicks.
#include <algorithm>
#include <cmath>
#include <string>

#include "layout_record.h"
#include "palette.h"
#include "panels.h"
#include "style.h"

namespace stonegrid::web {

namespace {

// The lead of `player` in points (review_score_curve) as a thinner line in the hint colour over
// the chances, 0 on the middle line, ±`scale` at the top and bottom.
void lead_line(const std::vector<double>& lead, double scale, ImVec2 min, ImVec2 max, int positions,
               const UiPalette& palette) {
  const float width = max.x - min.x, half = (max.y - min.y) / 2;
  auto x_of = [&](size_t i) {
    return min.x + width * static_cast<float>(i) / static_cast<float>(std::max(1, positions - 1));
  };
  auto y_of = [&](double points) {
    return min.y + half - static_cast<float>(std::clamp(points / scale, -1.0, 1.0)) * half;
  };
  ImDrawList* draw = ImGui::GetWindowDrawList();
  for (size_t i = 1; i < lead.size(); ++i)
    draw->AddLine(ImVec2(x_of(i - 1), y_of(lead[i - 1])), ImVec2(x_of(i), y_of(lead[i])),
                  ImGui::GetColorU32(to_vec4(palette.hint)), 1.25f);
}

// The largest lead either way, rounded up to 5 points (at least 5): the lead line's scale.
double lead_scale(const std::vector<double>& lead) {
  double most = 0;
  for (double x : lead) most = std::max(most, std::abs(x));
  return std::max(5.0, 5 * std::ceil(most / 5));
}

// The chances of `player` over the game, a point per position, and their lead in points where
// the game counts them (`lead`, empty otherwise); the position shown marked. Returns the
// position clicked or dragged to, or -1.
int chances_graph(const Reviewer& review, int player, const std::vector<double>& lead, int shown, Ui& ui) {
  const std::vector<double> curve = review_curve(review, player);
  const float width = ImGui::GetContentRegionAvail().x, height = ui.large_targets() ? 84 : 64;
  const ImVec2 min = ImGui::GetCursorScreenPos(), max(min.x + width, min.y + height);
  ImGui::InvisibleButton("review graph", ImVec2(width, height));
  ui.note_control("review graph");
  const bool pressed = ImGui::IsItemActive();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const UiPalette palette = ui_palette(!ui.settings.dark);
  draw->AddRectFilled(min, max, ImGui::GetColorU32(to_vec4(palette.frame)), 4);
  draw->AddLine(ImVec2(min.x, (min.y + max.y) / 2), ImVec2(max.x, (min.y + max.y) / 2),
                ImGui::GetColorU32(to_vec4(palette.border)));
  const int positions = review.positions();
  auto x_of = [&](int i) {
    return min.x + width * static_cast<float>(i) / static_cast<float>(std::max(1, positions - 1));
  };
  auto y_of = [&](double chances) { return max.y - static_cast<float>(chances) * height; };
  if (shown >= 0 && shown < positions)
    draw->AddLine(ImVec2(x_of(shown), min.y), ImVec2(x_of(shown), max.y),
                  ImGui::GetColorU32(to_vec4(palette.mark)), 2);
  if (!lead.empty()) lead_line(lead, lead_scale(lead), min, max, positions, palette);
  for (size_t i = 1; i < curve.size(); ++i)
    draw->AddLine(ImVec2(x_of(static_cast<int>(i - 1)), y_of(curve[i - 1])),
                  ImVec2(x_of(static_cast<int>(i)), y_of(curve[i])),
                  ImGui::GetColorU32(to_vec4(palette.text)), 2);
  // The mistakes and blunders, as dots on the turn that made them.
  for (const TurnReview& t : review.turns())
    if (t.verdict >= Verdict::mistake && t.number < static_cast<int>(curve.size()))
      draw->AddCircleFilled(ImVec2(x_of(t.number), y_of(curve[static_cast<size_t>(t.number)])),
                            t.verdict == Verdict::blunder ? 4.5f : 3.5f,
                            ImGui::GetColorU32(to_vec4(palette.bad)));
  if (!pressed) return -1;
  const float at = (ImGui::GetIO().MousePos.x - min.x) / width;
  return std::clamp(static_cast<int>(at * static_cast<float>(positions - 1) + 0.5f), 0, positions - 1);
}

// The bot's better move for the turn that led to the position shown, and its line a move at a
// time on the board (the position before that turn, the line's stones numbered).
void better_line(Session& session, Ui& ui, const Reviewer& review, int shown) {
  const bool showing = ui.line_turn > 0 && session.viewing() == ui.line_turn - 1;
  const int turn = showing ? ui.line_turn : shown;
  if (turn < 1 || turn > static_cast<int>(review.turns().size())) return;
  const TurnReview& t = review.turns()[static_cast<size_t>(turn - 1)];
  if (t.verdict == Verdict::good || t.line.empty()) return;
  if (!showing) {
    if (ui.button("Show the better line")) {
      ui.line_turn = turn;
      ui.line_step = 1;
      view_move(session, ui, turn - 1);
    }
    return;
  }
  const int moves = static_cast<int>(t.line.size());
  ui_text("Better line: move " + std::to_string(ui.line_step) + " of " + std::to_string(moves));
  ImGui::BeginDisabled(ui.line_step <= 1);
  if (ui.button("◀##line", "Line back")) --ui.line_step;
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(ui.line_step >= moves);
  if (ui.button("▶##line", "Line on")) ++ui.line_step;
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ui.button("Back to the move", "Hide the line")) {
    ui.line_turn = 0;
    view_move(session, ui, turn);
  }
}

}  // namespace

namespace {

// Where the review stands: progress with Stop while it searches, each player's accuracy once it
// is done. False when Stop ended it.
bool review_progress(Session& session, Ui& ui, const Reviewer& review) {
  const std::string summary = review_summary(review);
  if (!review.finished()) {
    ImGui::AlignTextToFramePadding();
    ui_text(summary);
    ImGui::SameLine();
    if (ui.button("Stop##review", "Stop the review")) {
      session.stop_review();
      return false;
    }
    return true;
  }
  for (size_t start = 0; start < summary.size();) {  // a line a player
    const size_t end = std::min(summary.find('\n', start), summary.size());
    wrapped_text(std::string_view(summary).substr(start, end - start));
    start = end + 1;
  }
  return true;
}

// What the graph shows, in words: whose chances, and the lead's scale where there is one. Two
// people here (`both`): the graph is both sides', one up, the other down. A touch screen is
// tapped, not clicked.
void graph_caption(const Reviewer& review, int you, const std::vector<double>& lead, bool both, bool touch) {
  const std::string go_to = touch ? "Tap to go to a move" : "Click to go to a move";
  auto name = [&](int player) {
    const Color c = player_color(review.game(), player);
    return c == Color::empty ? "player " + std::to_string(player) : c == Color::black ? "Black" : "White";
  };
  const std::string whose = name(you);
  if (both) {
    const std::string other = name(3 - you);
    wrapped_text("Up: " + whose + " ahead; down: " + other + " ahead" +
                 (lead.empty() ? std::string()
                               : " (the thin line, the lead: ±" +
                                     std::to_string(static_cast<int>(lead_scale(lead))) + " points)") +
                 ". " + go_to + ".");
  } else if (lead.empty()) {
    ui_text("Chances of " + whose + " (" + (touch ? "tap" : "click") + " to go to a move)");
  } else {  // the lead's scale in words: the thin line's top and bottom
    const std::string scale = std::to_string(static_cast<int>(lead_scale(lead)));
    wrapped_text("Chances of " + whose + "; the thin line, " + whose + "'s lead (±" + scale + " points). " +
                 go_to + ".");
  }
}

// Next / previous mistake, and the turning points.
void mistake_navigation(Session& session, Ui& ui, const Reviewer& review, int shown) {
  const auto go_to = [&](int turn) {
    ui.line_turn = 0;
    view_move(session, ui, turn);
  };
  const int previous = next_mistake(review, shown, -1), next = next_mistake(review, shown, 1);
  ImGui::BeginDisabled(previous == 0);
  if (ui.button("◀ Mistake", "Previous mistake")) go_to(previous);
  ImGui::EndDisabled();
  same_line_if_fits("Mistake ▶");
  ImGui::BeginDisabled(next == 0);
  if (ui.button("Mistake ▶", "Next mistake")) go_to(next);
  ImGui::EndDisabled();
  const std::vector<int> points = turning_points(review);
  if (points.empty()) return;
  ImGui::AlignTextToFramePadding();
  ui_text("Turning points:");
  for (int number : points) {
    const std::string label = std::to_string(number) +
                              review_mark(review.turns()[static_cast<size_t>(number - 1)].verdict) +
                              "##turning";
    same_line_if_fits(label.c_str());
    if (ui.button(label.c_str())) go_to(number);
  }
  // The marks in words, for a player who has not met chess notation.
  wrapped_text_colored(to_vec4(ui_palette(!ui.settings.dark).hint), std::string(review_marks_legend));
  ui.note_control("Review marks legend");
}

}  // namespace

Request review_section(Session& session, Ui& ui) {
  Request request;
  const Reviewer* review = session.review();
  if (!review) {
    // A finished game (played here, opened from Recent games or from a file) can be reviewed
    // from here too, not only from its result card; a game under way cannot (no hints).
    const AnyGame& game = session.game();
    if (!ui.readonly && !game.moves().empty() && game.state().is_over()) {
      if (ui.button("Review the game")) session.start_review();
      ImGui::Separator();
    }
    return request;
  }
  const int you = session.you() ? session.you() : 1;
  ImGui::PushID("review");
  if (!review_progress(session, ui, *review)) {
    ImGui::PopID();
    return request;
  }
  const std::vector<double> lead = review_score_curve(*review, you);
  graph_caption(*review, you, lead, session.you() == 0, ui.touch);
  const int total = static_cast<int>(review->game().moves().size());
  const int shown = session.viewing() < 0 ? total : session.viewing();
  if (const int to = chances_graph(*review, you, lead, shown, ui); to >= 0 && to != shown) {
    ui.line_turn = 0;
    view_move(session, ui, to);
  }
  const std::string verdict = turn_verdict_sentence(*review, ui.line_turn > 0 ? ui.line_turn : shown);
  if (!verdict.empty()) wrapped_text(verdict);
  better_line(session, ui, *review, shown);
  mistake_navigation(session, ui, *review, shown);
  // The people's mistakes as tasks: find the better move yourself.
  if (const int tasks = mistake_count(*review, people_of(session));
      review->finished() && !ui.readonly && tasks > 0) {
    push_primary_button(!ui.settings.dark);
    if (ui.button("Learn from your mistakes")) request.kind = Request::Kind::mistakes;
    pop_primary_button();
    wrapped_text_colored(to_vec4(ui_palette(!ui.settings.dark).hint), mistakes_offer(tasks));
    ui.note_control("Mistakes offer");
  }
  ImGui::PopID();
  ImGui::Separator();
  return request;
}

}  // namespace stonegrid::web
