// A file of the source tree, for tests that compare the code with a document (docs/rules.md,
// docs/balance.json): found from this header's own path (ctest runs in the build folder) or
// from the working directory.
#pragma once

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

// The text of `relative` (e.g. "docs/rules.md"), or nullopt when neither place has it (the
// WebAssembly tests under node have no files).
inline std::optional<std::string> read_source_file(const std::filesystem::path& relative) {
  std::ifstream in;
  for (const std::filesystem::path& at :
       {std::filesystem::path(__FILE__).parent_path() / ".." / relative, relative})
    if (!in.is_open()) in.open(at, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}
