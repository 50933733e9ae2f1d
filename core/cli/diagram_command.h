// `stonegrid diagram`: an SVG (or PNG) picture of a position (core/cli/diagram.cpp).
#pragma once

namespace stonegrid::cli {

// argv[1] is "diagram"; returns the process exit status (2 for bad usage).
int run_diagram(int argc, char** argv);

// The usage lines of `diagram`, for the program's help text.
extern const char* diagram_usage;

}  // namespace stonegrid::cli
