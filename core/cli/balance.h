// `stonegrid balance`: the balance lab's command line (core/tools/balance_lab.h has the logic,
// docs/balance.md the method and the figures).
#pragma once

namespace stonegrid::cli {

// argv[1] is "balance"; returns the process exit status (2 for bad usage).
int run_balance(int argc, char** argv);

// The usage lines of `balance`, for the program's help text.
extern const char* balance_usage;

}  // namespace stonegrid::cli
