// `stonegrid teach`: check lesson and puzzle files, find puzzle candidates (core/cli/teach.cpp).
#pragma once

namespace stonegrid::cli {

// argv[1] is "teach"; returns the process exit status (2 for bad usage).
int run_teach(int argc, char** argv);

// The usage lines of `teach`, for the program's help text.
extern const char* teach_usage;

}  // namespace stonegrid::cli
