#include "app.h"

namespace stonegrid::web {

bool FreeBoard::place(int column, int row) {
  if (column < 0 || row < 0 || column >= size || row >= size) return false;
  Stone& s = stones[row * size + column];
  if (s != Stone::none) return false;
  s = next;
  next = next == Stone::black ? Stone::white : Stone::black;
  last_column = column;
  last_row = row;
  ++moves;
  return true;
}

void App::frame() {
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(io.DisplaySize);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::Begin("board", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoBackground);
  ImGui::PopStyleVar();

  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(ImVec2(0, 0), io.DisplaySize, IM_COL32(38, 44, 52, 255));
  const float status_height = ImGui::GetTextLineHeightWithSpacing() * 1.6f;
  view_.fit(ImVec2(0, status_height), ImVec2(io.DisplaySize.x, io.DisplaySize.y), FreeBoard::size);
  draw_board(draw, view_);

  // The board area takes clicks as one invisible button.
  ImVec2 board_min = view_.board_min(), board_max = view_.board_max();
  ImGui::SetCursorScreenPos(board_min);
  ImGui::InvisibleButton("points", ImVec2(board_max.x - board_min.x, board_max.y - board_min.y));
  BoardPoint hovered = ImGui::IsItemHovered() ? view_.point_at(io.MousePos) : BoardPoint{};
  if (ImGui::IsItemClicked(ImGuiMouseButton_Left) && hovered.valid())
    board_.place(hovered.column, hovered.row);

  for (int c = 0; c < FreeBoard::size; ++c)
    for (int r = 0; r < FreeBoard::size; ++r) draw_stone(draw, view_, c, r, board_.at(c, r));
  if (board_.last_column >= 0)
    draw_last_move_mark(draw, view_, board_.last_column, board_.last_row,
                        board_.at(board_.last_column, board_.last_row));
  if (hovered.valid() && board_.at(hovered.column, hovered.row) == Stone::none)
    draw_stone(draw, view_, hovered.column, hovered.row, board_.next, 0.45f);

  ImGui::SetCursorScreenPos(ImVec2(12, 8));
  ImGui::Text("Stonegrid  -  %s to play  -  %d stones", board_.next == Stone::black ? "Black" : "White",
              board_.moves);
  ImGui::End();
  ++frames_;
}

}  // namespace stonegrid::web
