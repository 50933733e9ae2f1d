// The shape of the source tree, checked: the folders include only the layers below them (no
// folder cycle), and no file outside a short list spells out the built-in games, so a game
// added to the table (core/bot/game_table.cpp) reaches every loop, menu and check. Reads the
// sources from the tree (natively; the WebAssembly run under node has no files and skips).
#include <doctest/doctest.h>

#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "source_file.h"

namespace fs = std::filesystem;

namespace {

// The source tree's root, or empty when the tests run without it.
fs::path source_root() {
  for (const fs::path& at :
       {source_root_from_environment(), fs::path(__FILE__).parent_path() / "..", fs::current_path()})
    if (fs::exists(at / "core" / "README.md")) return at;
  return {};
}

// Every file under `folders` of the tree whose name ends in one of `extensions`, as paths
// relative to the root with '/' separators.
std::vector<std::string> files_under(const fs::path& root, const std::vector<std::string>& folders,
                                     const std::vector<std::string>& extensions) {
  std::vector<std::string> out;
  for (const std::string& folder : folders) {
    if (!fs::exists(root / folder)) continue;
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(root / folder)) {
      if (!e.is_regular_file()) continue;
      const std::string rel = fs::relative(e.path(), root).generic_string();
      if (rel.find("node_modules") != std::string::npos || rel.find("artifacts") != std::string::npos)
        continue;
      for (const std::string& ext : extensions)
        if (rel.size() > ext.size() && rel.compare(rel.size() - ext.size(), ext.size(), ext) == 0)
          out.push_back(rel);
    }
  }
  return out;
}

// The code of a file without its comments (// and /* */), string literals kept.
std::string without_comments(const std::string& text) {
  std::string out;
  bool in_string = false;
  char quote = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      out += c;
      if (c == '\\' && i + 1 < text.size())
        out += text[++i];
      else if (c == quote || c == '\n')
        in_string = false;
    } else if (c == '"' || c == '\'' || c == '`') {
      in_string = true;
      quote = c;
      out += c;
    } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '/' && (i == 0 || text[i - 1] != ':')) {
      while (i < text.size() && text[i] != '\n') ++i;
      out += '\n';
    } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
      const size_t end = text.find("*/", i + 2);
      for (size_t k = i; k < std::min(end == std::string::npos ? text.size() : end + 2, text.size()); ++k)
        if (text[k] == '\n') out += '\n';
      i = end == std::string::npos ? text.size() : end + 1;
    } else {
      out += c;
    }
  }
  return out;
}

// The layers, lowest first: a folder may include its own files and those of lower layers.
const std::map<std::string, int> layers = {
    {"core/rules", 0}, {"core/games", 1}, {"core/formats", 1}, {"core/bot", 2},
    {"core/tools", 3}, {"core/cli", 4},   {"session", 5},      {"web", 6},
};

std::string folder_of(const std::string& file) {
  return file.substr(0, file.rfind('/'));
}

}  // namespace

TEST_CASE("structure: each folder includes only its own and lower layers (no folder cycle)") {
  const fs::path root = source_root();
  if (root.empty()) return;
  int checked = 0;
  for (const std::string& file : files_under(root, {"core", "session", "web"}, {".h", ".cpp"})) {
    const std::string folder = folder_of(file);
    INFO(file);
    REQUIRE_MESSAGE(layers.count(folder), "a file outside the layers' folders: add its folder to the layers");
    const std::string text = *read_source_file(file);
    static const std::regex include(R"re(#include "([^"]+)")re");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), include); it != std::sregex_iterator();
         ++it) {
      const std::string name = (*it)[1];
      // Where the include is found: beside the file, under core/ (its include folder), or in
      // session/ (the front ends' include folder).
      std::string target;
      for (const std::string& at : {folder + "/" + name, "core/" + name, "session/" + name})
        if (fs::exists(root / at)) {
          target = at;
          break;
        }
      if (target.empty() || target.rfind("build/", 0) == 0) continue;  // generated, or a test's
      const std::string to = folder_of(target);
      if (!layers.count(to)) continue;  // e.g. tests/
      INFO(name);
      const std::string what = folder + " (layer " + std::to_string(layers.at(folder)) + ") includes " + to +
                               " (layer " + std::to_string(layers.at(to)) + ")";
      CHECK_MESSAGE((to == folder || layers.at(to) < layers.at(folder)), what);
      ++checked;
    }
  }
  CHECK(checked > 100);
}

TEST_CASE("structure: no hand-written list of the games outside the table") {
  const fs::path root = source_root();
  if (root.empty()) return;
  // A line of code naming three or more of the built-in games is a list of games: it should be
  // a loop over game_kinds() (or the page's stonegrid.games()), so a new game is not left out.
  const std::vector<std::regex> names = {
      std::regex(R"(GameKind::loose\b|"loose"|'loose'|\bLoose\b)"),
      std::regex(R"(GameKind::go\b|"go"|'go')"),
      std::regex(R"(GameKind::looper\b|"looper"|'looper'|\bLooper\b)"),
      std::regex(
          R"(GameKind::squaresquared\b|"squaresquared"|'squaresquared'|\bSquareSquared\b|Square Squared)"),
  };
  // The table itself, the names it gives the built-in games, the generated balance table, and
  // the invariant suite typed over the game classes (a class is not a line of the table).
  const std::set<std::string> allowed = {"core/bot/game_table.cpp", "core/rules/game_type.h",
                                         "core/bot/komi_table.cpp", "tests/test_invariants.cpp"};
  int files = 0;
  for (const std::string& file :
       files_under(root, {"core", "session", "web", "tests", "assets"}, {".h", ".cpp", ".js", ".mjs"})) {
    if (allowed.count(file)) continue;
    ++files;
    const std::string code = without_comments(*read_source_file(file));
    size_t start = 0;
    int line = 1;
    while (start < code.size()) {
      size_t end = code.find('\n', start);
      if (end == std::string::npos) end = code.size();
      const std::string text = code.substr(start, end - start);
      int named = 0;
      for (const std::regex& name : names) named += std::regex_search(text, name);
      const std::string where = file + ":" + std::to_string(line) + " names " + std::to_string(named) +
                                " games: loop over game_kinds() instead: " + text;
      CHECK_MESSAGE(named < 3, where);
      start = end + 1;
      ++line;
    }
  }
  CHECK(files > 50);
}
