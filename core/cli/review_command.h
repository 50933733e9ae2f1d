// `stonegrid review`: the bot's verdict on every turn of a game (core/cli/review.cpp).
#pragma once

namespace stonegrid::cli {

// argv[1] is "review"; returns the process exit status (2 for bad usage, 1 for a file that
// cannot be read as a game).
int run_review(int argc, char** argv);

// The usage lines of `review`, for the program's help text.
extern const char* review_usage;

}  // namespace stonegrid::cli
