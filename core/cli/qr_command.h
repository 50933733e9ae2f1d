// `stonegrid qr`: a QR code of a text, as text or a PGM image (core/cli/qr.cpp).
#pragma once

namespace stonegrid::cli {

// argv[1] is "qr"; returns the process exit status (2 for bad usage, 1 for a text too long or
// a file that cannot be read or written).
int run_qr(int argc, char** argv);

// The usage lines of `qr`, for the program's help text.
extern const char* qr_usage;

}  // namespace stonegrid::cli
