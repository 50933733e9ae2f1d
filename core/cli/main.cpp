// `stonegrid`: the command-line front end over the core. Subcommands are added as they exist.
#include <cstdio>
#include <cstring>

namespace {

const char* usage =
    "usage: stonegrid <command> [options]\n"
    "\n"
    "commands:\n"
    "  --help      this text\n";

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0) {
    std::fputs(usage, stdout);
    return argc < 2 ? 1 : 0;
  }
  std::fprintf(stderr, "stonegrid: unknown command '%s'\n%s", argv[1], usage);
  return 2;
}
