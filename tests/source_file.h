// A file of the source tree, for tests that compare the code with a document (docs/rules.md,
// docs/balance.json): found under $STONEGRID_SOURCE (ctest sets it to the tree the build was
// configured from), else from this header's own path, else from the working directory. The
// variable comes first: a compiler cache shared between clones can hand one clone an object
// built in another, whose `__FILE__` names the other tree.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

// The text of `relative` (e.g. "docs/rules.md"), or nullopt when neither place has it (the
// WebAssembly tests under node have no files).
// The source tree's root as ctest gives it, or empty.
inline std::filesystem::path source_root_from_environment() {
  const char* root = std::getenv("STONEGRID_SOURCE");
  return root && *root ? std::filesystem::path(root) : std::filesystem::path();
}

inline std::optional<std::string> read_source_file(const std::filesystem::path& relative) {
  std::ifstream in;
  const std::filesystem::path root = source_root_from_environment();
  if (!root.empty()) in.open(root / relative, std::ios::binary);
  for (const std::filesystem::path& at :
       {std::filesystem::path(__FILE__).parent_path() / ".." / relative, relative})
    if (!in.is_open()) in.open(at, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}
