// Go's learned shapes (move_features.h, `ShapeTable`): reading and writing go_shapes.txt, and
// the table in use. The binaries carry the file's text (cmake/embed_shapes.cmake:
// `go_shapes_builtin`); the page's carries none and installs the file it fetches.
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>

#include "bot/move_features.h"

namespace stonegrid::bot {

// The text of core/bot/go_shapes.txt, or "" (the page's build): written by cmake/embed_shapes.cmake.
std::string_view go_shapes_builtin();

std::optional<ShapeTable> read_shapes(std::string_view text, std::string& error) {
  ShapeTable table;
  int line_number = 0;
  while (!text.empty()) {
    ++line_number;
    const size_t end = text.find('\n');
    std::string line(text.substr(0, end));
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    auto bad = [&](const std::string& why) {
      error = "line " + std::to_string(line_number) + ": " + why;
      return std::nullopt;
    };
    if (line.size() > 64) return bad("too long for a shape (a hex code and a gamma)");
    char* rest = nullptr;
    const unsigned long code = std::strtoul(line.c_str(), &rest, 16);
    if (rest == line.c_str() || *rest != ' ' || code > 0xFFFFFFFFul ||
        !is_shape_code(static_cast<uint32_t>(code)))
      return bad("'" + line + "' does not start with a shape's code (hex, a radius tag above bit 29)");
    char* after = nullptr;
    const float gamma = std::strtof(rest + 1, &after);
    if (after == rest + 1 || *after != '\0' || !std::isfinite(gamma) || gamma <= 0)
      return bad("'" + line + "' has no positive gamma after its code");
    if (!table.codes.empty() && table.codes.back() >= code)
      return bad("the codes are not in ascending order");
    table.codes.push_back(static_cast<uint32_t>(code));
    table.gammas.push_back(gamma);
  }
  table.index();
  return table;
}

std::string shapes_text(const ShapeTable& table, const std::string& comment) {
  std::string out;
  size_t start = 0;
  while (start < comment.size()) {
    const size_t end = comment.find('\n', start);
    out += "# " + comment.substr(start, end == std::string::npos ? std::string::npos : end - start) + "\n";
    if (end == std::string::npos) break;
    start = end + 1;
  }
  char buf[48];
  for (size_t i = 0; i < table.codes.size(); ++i) {
    std::snprintf(buf, sizeof buf, "%08x %.4g\n", table.codes[i], static_cast<double>(table.gammas[i]));
    out += buf;
  }
  return out;
}

namespace {

std::atomic<const ShapeTable*> installed{nullptr};
std::mutex install_lock;

}  // namespace

bool install_go_shapes(std::string_view text, std::string& error) {
  std::optional<ShapeTable> table = read_shapes(text, error);
  if (!table) return false;
  // Every table installed stays alive: a search on another thread may still read the one before.
  static std::vector<std::unique_ptr<const ShapeTable>> kept;
  std::lock_guard<std::mutex> hold(install_lock);
  kept.push_back(std::make_unique<const ShapeTable>(std::move(*table)));
  installed.store(kept.back().get(), std::memory_order_release);
  return true;
}

const ShapeTable* go_shapes() {
  static const bool builtin = [] {
    std::string error;
    if (!go_shapes_builtin().empty() && !install_go_shapes(go_shapes_builtin(), error))
      std::fprintf(stderr, "stonegrid: the built-in Go shapes: %s\n", error.c_str());
    return true;
  }();
  (void)builtin;
  return installed.load(std::memory_order_acquire);
}

}  // namespace stonegrid::bot
