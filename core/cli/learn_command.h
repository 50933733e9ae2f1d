// `stonegrid learn-priors`: fits the learned move priors (core/bot/learn_priors.h) to Go games
// and writes them as C++ source (core/cli/learn.cpp).
#pragma once

namespace stonegrid::cli {

// argv[1] is "learn-priors"; returns the process exit status (2 for bad usage).
int run_learn(int argc, char** argv);

// The usage lines of `learn-priors`, for the program's help text.
extern const char* learn_usage;

}  // namespace stonegrid::cli
