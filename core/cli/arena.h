// `stonegrid arena`: matches between two players, refereed by the core (core/cli/arena.cpp).
#pragma once

namespace stonegrid::cli {

// argv[1] is "arena"; returns the process exit status (2 for bad usage).
int run_arena(int argc, char** argv);

// The usage lines of `arena`, for the program's help text.
extern const char* arena_usage;

}  // namespace stonegrid::cli
