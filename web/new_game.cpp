// The new-game dialog, in the player's words: the game (a card's title and pitch), the board,
// who you play against ("The bot", "A friend on this device", or "Bot against bot", labelled a
// demo), the bot's strength by name, and which side you take. Loose's komi by cut and choose is
// a step the person follows: the bot names a komi and you pick a colour, or you name one and the
// bot picks. Nothing is taken from the last game's roles: the draft keeps only what was picked
// here (`NewGameDialog::draft`, panels.h).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>

#include "layout_record.h"
#include "page_api.h"
#include "panels.h"
#include "style.h"

namespace stonegrid::web {

namespace {

// What the balance lab measured for this game and size (core/bot/komi.h, docs/balance.md), in
// a player's words: "In the bot's games against itself on 7×7, komi 4 makes the game even." (the
// figures behind it are in docs/balance.md, not in the dialog). Empty when not measured.
std::string balance_sentence(GameKind kind, int size) {
  const MeasuredBalance* b = find_balance(kind, size);
  if (!b) return "";
  const std::string n = std::to_string(size);
  return " In the bot's games against itself on " + n + "×" + n + ", komi " + format_number(b->fair) +
         " makes the game even.";
}

// A hint line in the muted colour, wrapped.
void hint(const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  wrapped_text(text);
  ImGui::PopStyleColor();
}

bool coin() {
  static std::mt19937 rng{std::random_device{}()};
  return (rng() & 1) == 1;
}

}  // namespace

const char* level_name(int level) {
  static constexpr const char* names[] = {"Beginner", "Novice", "Casual", "Improver",    "Club",
                                          "Advanced", "Strong", "Expert", "Very strong", "Strongest"};
  return names[std::clamp(level, min_level, max_level) - min_level];
}

// From a home card with its game and opponent already picked.
void open_new_game(NewGameDialog& dialog, const AnyGame& game, bool from_home, std::optional<GameKind> kind,
                   std::optional<Opponent> opponent) {
  NewGameChoice& draft = dialog.draft;
  dialog.requested = true;
  dialog.open = true;
  const GameKind pick = kind.value_or(from_home ? draft.kind : game.kind());
  if (pick != draft.kind || !kind) {
    draft.kind = pick;
    draft.size = pick == game.kind() ? game.size() : default_size(pick);
    draft.komi = pick.facts().has_komi ? (pick == game.kind() ? game.komi() : default_komi(pick)) : 0;
  }
  if (opponent) draft.opponent = *opponent;
}

namespace {

// The game (radio buttons with each game's pitch) and the board size.
void draft_game_choice(Ui& ui, NewGameChoice& d) {
  for (const auto kind : game_kinds()) {
    const std::string title(kind.facts().short_title);
    if (kind.index() > 0) same_line_if_fits(title.c_str(), true);
    if (ImGui::RadioButton(title.c_str(), d.kind == kind) && d.kind != kind) {
      d.kind = kind;
      d.size = default_size(kind);
      d.komi = default_komi(kind);
    }
    ui.note_control("Game: " + std::string(game_title(kind)));
  }
  hint(std::string(d.kind.facts().pitch));
  // The combo's frame is recorded by hand: once it is open, the last item is the list.
  const std::string sizes_label = std::to_string(d.size) + "×" + std::to_string(d.size);
  const float combo_width = ui.large_targets() ? 150 : 120;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ui.note_rect("Board size", at, ImVec2(at.x + combo_width, at.y + ImGui::GetFrameHeight()));
  ImGui::SetNextItemWidth(combo_width);
  if (ImGui::BeginCombo("Board", sizes_label.c_str())) {
    const ImVec2 row = ui.list_row();
    for (int n = min_size; n <= max_size; ++n) {
      if (!d.kind.facts().size_allowed(n)) continue;
      const std::string label = std::to_string(n) + "x" + std::to_string(n);
      if (ImGui::Selectable((std::to_string(n) + "×" + std::to_string(n)).c_str(), n == d.size, 0, row))
        d.size = n;
      ui.note_control("Size: " + label);
    }
    ImGui::EndCombo();
  }
}

// Who you play against, and the bot's strength by name.
void draft_opponent_choice(Ui& ui, NewGameChoice& d) {
  int opponent = static_cast<int>(d.opponent);
  ui_text("Play against");
  ImGui::RadioButton("The bot", &opponent, 0);
  ui.note_control("Opponent: Bot");
  same_line_if_fits("A friend on this device", true);
  ImGui::RadioButton("A friend on this device", &opponent, 1);
  ui.note_control("Opponent: Friend");
  if (page_has_links()) {  // a game by link needs the page (links, storage)
    same_line_if_fits("A friend on another device", true);
    ImGui::RadioButton("A friend on another device", &opponent, static_cast<int>(Opponent::friend_away));
    ui.note_control("Opponent: Friend elsewhere");
  }
  same_line_if_fits("Bot against bot (demo)", true);
  ImGui::RadioButton("Bot against bot (demo)", &opponent, 2);
  ui.note_control("Opponent: Bot vs bot");
  d.opponent = static_cast<Opponent>(opponent);
  if (d.opponent == Opponent::friend_here || d.opponent == Opponent::friend_away) return;
  ImGui::SetNextItemWidth(ui.large_targets() ? 180 : 150);
  // The level's number in the slider, its name and speed beside it (the knob would cover them).
  ImGui::SliderInt("##level", &d.level, min_level, max_level, "Level %d", ImGuiSliderFlags_AlwaysClamp);
  ui.note_control("Bot level");
  const std::string about = std::string(level_name(d.level)) + (d.level <= 3   ? ", quick replies"
                                                                : d.level <= 6 ? ", a few seconds a move"
                                                                               : ", thinks longer");
  same_line_if_fits(about.c_str(), true);
  ImGui::AlignTextToFramePadding();
  ui_muted(about);
}

// Which side you take against the bot ("You play Black / White / Random"; Looper: player 1 / 2).
void draft_side_choice(Ui& ui, NewGameChoice& d) {
  const GameFacts& facts = d.kind.facts();
  if (d.opponent != Opponent::bot && d.opponent != Opponent::friend_away) {
    if (d.opponent == Opponent::friend_here)
      hint(std::string(facts.first_player) + " moves first; pass the device after each turn.");
    return;
  }
  int side = static_cast<int>(d.side);
  ImGui::AlignTextToFramePadding();
  ui_text("You play");
  const std::string first(facts.first_player), second(facts.second_player);
  same_line_if_fits(first.c_str(), true);
  ImGui::RadioButton(first.c_str(), &side, 0);
  ui.note_control("You play: first");
  same_line_if_fits(second.c_str(), true);
  ImGui::RadioButton(second.c_str(), &side, 1);
  ui.note_control("You play: second");
  same_line_if_fits("Random", true);
  ImGui::RadioButton("Random", &side, 2);
  ui.note_control("You play: Random");
  d.side = static_cast<Side>(side);
  hint(std::string(facts.first_player) + " moves first." +
       (facts.colors_by_take ? " Colours are decided later, by the player who takes Black." : ""));
}

// A game by link: the name the links are signed with, and how the game travels.
void draft_friend_away(Ui& ui, NewGameDialog& dialog) {
  if (!dialog.name_read) {
    dialog.name = page_your_name();
    dialog.name_read = true;
  }
  char name[41] = {};
  dialog.name.copy(name, sizeof name - 1);
  ImGui::SetNextItemWidth(ui.large_targets() ? 200 : 170);
  if (ImGui::InputTextWithHint("Your name", "optional", name, sizeof name)) dialog.name = name;
  ui.note_control("Your name");
  hint(std::string(dialog.draft.kind.facts().komi_cut_and_choose
                       ? "Start, then Send link: your friend opens it and picks a colour. "
                       : "Play your move (if you move first), then Send link. ") +
       "The link holds the whole game: your friend opens it, plays and sends a link back. No account, no "
       "server: the game lives in the links and on your devices.");
}

// A komi by cut and choose (Loose), as steps a person follows; the session decides what the
// choices make (`plan_new_game`), and the sentences say it.
void draft_cut_and_choose(Ui& ui, NewGameChoice& d) {
  const GameFacts& facts = d.kind.facts();
  auto komi_input = [&] {
    ImGui::SetNextItemWidth(ui.large_targets() ? 150 : 120);
    ImGui::InputDouble("Komi", &d.named_komi, facts.komi_step, facts.komi_step, "%g");
    ui.note_control("Komi");
    d.named_komi = facts.allowed_komi(d.named_komi);
  };
  const NewGamePlan plan = plan_new_game(d, true);
  const std::string komi = format_number(plan.settings.komi.value_or(0));
  if (d.opponent == Opponent::friend_here) {
    wrapped_text("Komi: one of you names the points White gets (" + facts.komi_rule() +
                 "), the other picks a colour.");
    komi_input();
  } else if (d.opponent == Opponent::friend_away) {
    wrapped_text("Name a komi (points added to White; " + facts.komi_rule() +
                 "); your friend picks a colour when the link opens.");
    komi_input();
  } else if (d.opponent == Opponent::bots) {
    wrapped_text("The first bot names komi " + komi + "; the other picks a colour.");
  } else {
    int who = d.you_name_komi ? 1 : 0;
    ImGui::RadioButton("The bot names the komi", &who, 0);
    ui.note_control("Komi: the bot names");
    same_line_if_fits("You name the komi", true);
    ImGui::RadioButton("You name the komi", &who, 1);
    ui.note_control("Komi: you name");
    d.you_name_komi = who == 1;
    if (!d.you_name_komi) {
      wrapped_text("The bot names komi " + komi + ". Do you take Black or White?");
      int color = d.you_take_black ? 0 : 1;
      ImGui::RadioButton("Black", &color, 0);
      ui.note_control("You take: Black");
      ImGui::SameLine();
      ImGui::RadioButton("White", &color, 1);
      ui.note_control("You take: White");
      d.you_take_black = color == 0;
    } else {
      wrapped_text("Name a komi (points added to White; " + facts.komi_rule() +
                   "); the bot then chooses a colour.");
      komi_input();
      const bool bot_black = plan_new_game(d, true).first.bot;
      wrapped_text("With komi " + format_number(d.named_komi) + " the bot takes " +
                   (bot_black ? "Black" : "White") + ", so you play " + (bot_black ? "White" : "Black") +
                   ".");
    }
  }
  hint("Black moves first and scores its stones; White scores its stones plus komi." +
       balance_sentence(d.kind, d.size));
}

// Starts the drafted game; false (with the message) when the settings are refused.
bool start_draft(Session& session, const NewGameChoice& draft) {
  std::string error;
  if (!session.new_game(plan_new_game(draft, coin()), error)) {
    session.set_message(error);
    return false;
  }
  return true;
}

}  // namespace

bool new_game_dialog(Session& session, Ui& ui, NewGameDialog& dialog) {
  if (!dialog.open) return false;
  bool open = true;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  // At least this wide, so the wrapped hints have room (an auto-sized window is as wide as its
  // widest line).
  ImGui::SetNextWindowSizeConstraints(ImVec2(std::min(500.0f, display.x - 8), 0),
                                      ImVec2(display.x - 8, display.y - 8));
  // Centred in every frame (ImGui centres a popup once): a game with more choices makes it taller.
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y * 0.5f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  if (!ImGui::BeginPopupModal("New game", &open, ImGuiWindowFlags_AlwaysAutoResize)) {
    if (!open) dialog.open = false;
    return false;
  }
  NewGameChoice& d = dialog.draft;
  // The choices scroll in a region of their own when the screen is short (a phone), so Start and
  // Cancel stay in view under them. The region is as tall as its content was in the last frame.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float footer = ImGui::GetFrameHeightWithSpacing() + 3 * style.ItemSpacing.y + 1;
  const float room = display.y - 8 - ImGui::GetFrameHeight() - 2 * style.WindowPadding.y - footer;
  const float width = std::min(500.0f, display.x - 8) - 2 * style.WindowPadding.x;
  ImGui::BeginChild("choices", ImVec2(width, std::clamp(dialog.height, 40.0f, std::max(40.0f, room))));
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + std::min(480.0f, display.x - 48));
  draft_game_choice(ui, d);
  const GameFacts& facts = d.kind.facts();
  if (facts.has_komi && !facts.komi_cut_and_choose) {
    // Beside the board size where the input, its − and + and its label fit (not on a phone).
    const float input = ui.large_targets() ? 150 : 120;
    const ImGuiStyle& style = ImGui::GetStyle();
    const float komi_width = input + 2 * (ImGui::GetFrameHeight() + style.ItemInnerSpacing.x) +
                             ImGui::CalcTextSize("Komi").x + style.ItemSpacing.x;
    if (ImGui::GetItemRectMax().x + komi_width <=
        ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x)
      ImGui::SameLine();
    ImGui::SetNextItemWidth(input);
    ImGui::InputDouble("Komi", &d.komi, facts.komi_step, 1.0, "%.1f");
    ui.note_control("Komi");
    d.komi = std::round(d.komi / facts.komi_step) * facts.komi_step;
    hint("Komi: points White gets for moving second." + balance_sentence(d.kind, d.size));
    if (const MeasuredBalance* b = find_balance(d.kind, d.size); b && b->fair != d.komi) {
      const std::string label = "Use komi " + format_number(b->fair);
      if (ui.button(label.c_str(), "Use the even komi")) d.komi = b->fair;
    }
  }
  ImGui::Separator();
  draft_opponent_choice(ui, d);
  if (facts.komi_cut_and_choose)
    draft_cut_and_choose(ui, d);
  else
    draft_side_choice(ui, d);
  if (d.opponent == Opponent::friend_away) draft_friend_away(ui, dialog);
  ImGui::PopTextWrapPos();
  dialog.height = ImGui::GetCursorPosY();
  ImGui::EndChild();
  ImGui::Separator();
  bool started = false;
  if (ui.button("Start") && start_draft(session, d)) {
    if (d.opponent == Opponent::friend_away) page_set_your_name(dialog.name);
    started = true;
    dialog.open = false;
    ImGui::CloseCurrentPopup();
  }
  ImGui::SameLine();
  if (ui.button("Cancel##new game", "New game: Cancel") || !open) {
    dialog.open = false;
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
  return started;
}

}  // namespace stonegrid::web
