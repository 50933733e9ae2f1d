# Sanitizer and fuzzing builds, both off by default (included before the targets are defined,
# so the flags reach every target of ours).
#   -DSTONEGRID_SANITIZE=ON  ASan + UBSan, any undefined behaviour fatal (scripts/test: build/asan)
#   -DSTONEGRID_FUZZ=ON      clang only: libFuzzer targets fuzz-<name> from tests/fuzz/<name>.cpp,
#                            everything built with ASan + UBSan (scripts/fuzz: build/fuzz)
option(STONEGRID_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(STONEGRID_FUZZ "Build the libFuzzer targets of tests/fuzz (needs clang)" OFF)

# -g1: line tables and function names, all a sanitizer's stack shows (a third faster than -g)
set(sanitizers -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g1)
if(STONEGRID_SANITIZE)
  add_compile_options(${sanitizers})
  add_link_options(-fsanitize=address,undefined)
endif()

if(STONEGRID_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "STONEGRID_FUZZ needs clang (libFuzzer): configure with CXX=clang++, or run scripts/fuzz")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link ${sanitizers})
  add_link_options(-fsanitize=address,undefined)
  set(fuzz_targets sgf_read sgf_roundtrip gtp_line move_text page_settings sl_diagram)
  add_custom_target(fuzzers)
  foreach(name ${fuzz_targets})
    add_executable(fuzz-${name} tests/fuzz/${name}.cpp)
    target_link_libraries(fuzz-${name} PRIVATE stonegrid_core)  # defined below, resolved later
    target_compile_options(fuzz-${name} PRIVATE ${warnings})
    target_link_options(fuzz-${name} PRIVATE -fsanitize=fuzzer)
    add_dependencies(fuzzers fuzz-${name})
  endforeach()
endif()
