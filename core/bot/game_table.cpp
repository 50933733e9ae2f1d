// The table of games: the four built-in games, one line each, plus any registered at run time.
// Each game's facts live in its own header (core/games/<game>.h); this file only lists them.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "bot/game_type_of.h"
#include "bot/policy_go.h"
#include "bot/policy_looper.h"
#include "bot/policy_loose.h"
#include "bot/policy_squaresquared.h"
#include "games/go.h"
#include "games/looper.h"
#include "games/loose.h"
#include "games/squaresquared.h"

namespace stonegrid {

namespace {

std::vector<const GameType*>& table() {
  // In the order of GameKind's built-in names.
  static std::vector<const GameType*> games = {
      &type_of<Loose>(),
      &type_of<Go>(),
      &type_of<Looper>(),
      &type_of<SquareSquared>(),
  };
  return games;
}

std::string lower(std::string_view text) {
  std::string out;
  for (char c : text) out += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return out;
}

}  // namespace

const std::vector<const GameType*>& game_types() {
  return table();
}

std::vector<GameKind> game_kinds() {
  std::vector<GameKind> kinds;
  for (size_t i = 0; i < table().size(); ++i) kinds.emplace_back(static_cast<int>(i));
  return kinds;
}

const GameType& GameKind::type() const {
  const std::vector<const GameType*>& games = table();
  if (index_ < 0 || index_ >= static_cast<int>(games.size())) {
    // Kinds come from the table (game_kinds, game_kind, register_game): any other is a bug.
    std::fprintf(stderr, "stonegrid: game kind %d is not in the table of %zu games\n", index_, games.size());
    std::abort();
  }
  return *games[index_];
}

GameKind register_game(const GameType& type) {
  for (size_t i = 0; i < table().size(); ++i)
    if (table()[i] == &type) return GameKind(static_cast<int>(i));
  table().push_back(&type);
  return GameKind(static_cast<int>(table().size() - 1));
}

std::optional<GameKind> game_kind(std::string_view name) {
  const std::string word = lower(name);
  for (GameKind kind : game_kinds()) {
    const GameFacts& f = kind.facts();
    if (word == f.name) return kind;
    std::string_view aliases = f.aliases;
    while (!aliases.empty()) {
      size_t space = aliases.find(' ');
      if (word == aliases.substr(0, space)) return kind;
      aliases = space == std::string_view::npos ? std::string_view() : aliases.substr(space + 1);
    }
  }
  return std::nullopt;
}

std::string game_names() {
  std::string out;
  for (GameKind kind : game_kinds()) out += (out.empty() ? "" : ", ") + std::string(kind.facts().name);
  return out;
}

namespace {

std::string json_string(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string json_number(double x) {
  std::string text = std::to_string(x);
  text.erase(text.find_last_not_of('0') + 1);
  if (text.back() == '.') text.pop_back();
  return text;
}

std::string facts_json(const GameFacts& f) {
  std::string out = "{\"name\":" + json_string(f.name) + ",\"title\":" + json_string(f.title) +
                    ",\"short_title\":" + json_string(f.short_title) + ",\"pitch\":" + json_string(f.pitch) +
                    ",\"designer\":" + json_string(f.designer);
  out += ",\"min_size\":" + std::to_string(f.min_size) + ",\"max_size\":" + std::to_string(f.max_size) +
         ",\"default_size\":" + std::to_string(f.default_size) +
         ",\"odd_sizes_only\":" + (f.odd_sizes_only ? "true" : "false") +
         ",\"torus\":" + (f.torus ? "true" : "false") +
         ",\"edge_scoring\":" + (f.edge_scoring ? "true" : "false");
  out += ",\"has_komi\":" + std::string(f.has_komi ? "true" : "false") +
         ",\"default_komi\":" + json_number(f.default_komi) + ",\"komi_step\":" + json_number(f.komi_step) +
         ",\"komi_cut_and_choose\":" + (f.komi_cut_and_choose ? "true" : "false") +
         ",\"can_pass\":" + (f.can_pass ? "true" : "false") +
         ",\"colours_by_take\":" + (f.colors_by_take ? "true" : "false") +
         ",\"first_player\":" + json_string(f.first_player) +
         ",\"second_player\":" + json_string(f.second_player);
  out += ",\"variants\":[";
  for (int i = 0; i < f.variant_count; ++i)
    out += std::string(i ? "," : "") + "{\"name\":" + json_string(f.variants[i].name) +
           ",\"title\":" + json_string(f.variants[i].title) + "}";
  return out + "]}";
}

}  // namespace

std::string game_facts_json() {
  std::string out = "[";
  for (const GameType* type : table()) {
    if (out.size() > 1) out += ',';
    out += facts_json(type->facts);
  }
  return out + "]";
}

}  // namespace stonegrid
