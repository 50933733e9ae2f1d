// `stonegrid qr`: `make_qr_code` (core/formats/qr_code.h) of a text from the command line or a
// file, drawn on stdout as text or written as a PGM image, with the 4-module quiet zone. The
// ctest `qr-decode` (tests/qr_decode.sh) reads its images back with zbarimg.
#include "cli/qr_command.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <string>

#include "formats/qr_code.h"

namespace stonegrid::cli {

const char* qr_usage =
    "  qr [TEXT | --file FILE] [--pgm FILE.pgm] [--scale N] [--info]\n"
    "              a QR code of TEXT, or of FILE's bytes as they are (FILE may be -): byte mode,\n"
    "              level M (L when M cannot hold it), the smallest version, the best mask. Drawn\n"
    "              on stdout as text, two characters a module, or --pgm: a PGM image of N pixels\n"
    "              a module (default 4); both with the 4-module quiet zone. --info: version,\n"
    "              level, mask and modules a side on stderr. At most 2953 bytes.\n";

namespace {

constexpr int quiet_zone = 4;  // modules of light margin a reader needs around the symbol

int fail(const std::string& message, int status = 1) {
  std::fprintf(stderr, "stonegrid qr: %s\n", message.c_str());
  if (status == 2) std::fprintf(stderr, "usage:\n%s", qr_usage);
  return status;
}

struct Request {
  std::optional<std::string> text;
  std::string file;  // --file ("-" for stdin)
  std::string pgm;   // --pgm
  int scale = 4;
  bool info = false;
};

// The options into `r`; an error message, or empty.
std::string parse(int argc, char** argv, Request& r) {
  for (int i = 2; i < argc; ++i) {
    const std::string option = argv[i];
    const bool takes_value = option == "--file" || option == "--pgm" || option == "--scale";
    if (takes_value && i + 1 >= argc) return "option " + option + " needs a value";
    if (option == "--file") {
      r.file = argv[++i];
    } else if (option == "--pgm") {
      r.pgm = argv[++i];
    } else if (option == "--scale") {
      const std::string value = argv[++i];
      if (value.empty() || value.size() > 2 || value.find_first_not_of("0123456789") != std::string::npos ||
          std::stoi(value) < 1 || std::stoi(value) > 40)
        return "--scale needs an integer from 1 to 40";
      r.scale = std::stoi(value);
    } else if (option == "--info") {
      r.info = true;
    } else if (option.rfind("--", 0) == 0 || r.text) {
      return "unknown option or second text '" + option + "'";
    } else {
      r.text = option;
    }
  }
  if (r.text.has_value() == !r.file.empty()) return "give either a TEXT or --file FILE";
  return "";
}

bool read_text(const std::string& file, std::string& text) {
  if (file == "-") {
    text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    return true;
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) return false;
  text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return true;
}

// A binary PGM (P5): 0 for dark, 255 for light.
bool write_pgm(const QrCode& code, int scale, const std::string& path) {
  const int modules = code.size + 2 * quiet_zone;
  const int pixels = modules * scale;
  std::ofstream out(path, std::ios::binary);
  out << "P5\n" << pixels << " " << pixels << "\n255\n";
  std::string line(static_cast<size_t>(pixels), '\0');
  for (int y = 0; y < modules; ++y) {
    for (int x = 0; x < pixels; ++x)
      line[static_cast<size_t>(x)] = code.dark(x / scale - quiet_zone, y - quiet_zone) ? '\0' : '\xff';
    for (int k = 0; k < scale; ++k) out.write(line.data(), static_cast<std::streamsize>(line.size()));
  }
  return static_cast<bool>(out);
}

void print_text(const QrCode& code) {
  for (int y = -quiet_zone; y < code.size + quiet_zone; ++y) {
    std::string line;
    for (int x = -quiet_zone; x < code.size + quiet_zone; ++x) line += code.dark(x, y) ? "##" : "  ";
    std::printf("%s\n", line.c_str());
  }
}

}  // namespace

int run_qr(int argc, char** argv) {
  Request r;
  if (std::string error = parse(argc, argv, r); !error.empty()) return fail(error, 2);
  std::string text = r.text.value_or("");
  if (!r.file.empty() && !read_text(r.file, text)) return fail("cannot read '" + r.file + "'");
  const std::optional<QrCode> code = make_qr_code(text);
  if (!code)
    return fail("the text is " + std::to_string(text.size()) + " bytes; a QR code holds at most " +
                std::to_string(qr_byte_capacity(40, QrLevel::L)) + " (version 40, level L)");
  if (r.info)
    std::fprintf(stderr, "version %d, level %c, mask %d, %d modules a side\n", code->version,
                 code->level == QrLevel::L ? 'L' : 'M', code->mask, code->size);
  if (r.pgm.empty()) {
    print_text(*code);
  } else if (!write_pgm(*code, r.scale, r.pgm)) {
    return fail("cannot write '" + r.pgm + "'");
  }
  return 0;
}

}  // namespace stonegrid::cli
