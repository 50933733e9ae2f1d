# The UI font: Inter Regular and SemiBold (Debian's fonts-inter, SIL OFL 1.1) cut with fontTools
# (python3-fonttools) to the characters the UI uses, plus a few symbols from DejaVu Sans, into a
# generated C++ source of byte arrays that both front ends compile (web/fonts.cpp loads them).
# Compiled in rather than --preload-file'd: the page keeps -sFILESYSTEM=0 and one request less
# (docs/benchmarks.md, "Page size and start-up"). Without the packages the generated file has
# empty fonts and the UI falls back to ImGui's built-in ProggyClean: the build never breaks.
# Included by cmake/imgui.cmake; adds the generated file to `web_sources`.
set(font_data_cpp ${CMAKE_BINARY_DIR}/generated/fonts_data.cpp)
set(font_script ${CMAKE_SOURCE_DIR}/cmake/subset_fonts.py)
find_file(INTER_REGULAR Inter-Regular.otf PATHS /usr/share/fonts/opentype/inter NO_DEFAULT_PATH
          NO_CMAKE_FIND_ROOT_PATH)
find_file(INTER_SEMIBOLD Inter-SemiBold.otf PATHS /usr/share/fonts/opentype/inter NO_DEFAULT_PATH
          NO_CMAKE_FIND_ROOT_PATH)
find_file(DEJAVU_SANS DejaVuSans.ttf PATHS /usr/share/fonts/truetype/dejavu NO_DEFAULT_PATH NO_CMAKE_FIND_ROOT_PATH)
# Debian's fontTools is a module of Debian's python3 (a python3 earlier on the PATH, e.g. pyenv's,
# may not have it). NO_CMAKE_FIND_ROOT_PATH: Emscripten's toolchain file roots every search in its
# sysroot, and these are files of the build machine.
find_program(FONT_PYTHON python3 PATHS /usr/bin NO_DEFAULT_PATH NO_CMAKE_FIND_ROOT_PATH)
if(FONT_PYTHON)
  execute_process(COMMAND ${FONT_PYTHON} -c "import fontTools" RESULT_VARIABLE no_fonttools OUTPUT_QUIET ERROR_QUIET)
else()
  set(no_fonttools 1)
endif()

if(INTER_REGULAR AND INTER_SEMIBOLD AND NOT no_fonttools)
  set(symbols_option)
  if(DEJAVU_SANS)
    set(symbols_option --symbols ${DEJAVU_SANS})
  endif()
  add_custom_command(OUTPUT ${font_data_cpp}
    COMMAND ${FONT_PYTHON} ${font_script} build --regular ${INTER_REGULAR} --semibold ${INTER_SEMIBOLD}
            ${symbols_option} --out ${font_data_cpp}
    DEPENDS ${font_script} ${INTER_REGULAR} ${INTER_SEMIBOLD} ${DEJAVU_SANS}
    COMMENT "Subsetting the UI font (Inter)"
    VERBATIM)
else()
  message(WARNING "The UI font is missing (fonts-inter: '${INTER_REGULAR}', python3-fonttools in "
                  "'${FONT_PYTHON}'): the UI uses ImGui's built-in font. scripts/setup installs both.")
  string(CONCAT stub "// Written by cmake/fonts.cmake: fonts-inter or python3-fonttools was missing.\n"
                     "#include \"imgui.h\"\nnamespace stonegrid::web::font_data {\n")
  foreach(name inter_regular inter_semibold symbols)
    string(APPEND stub "extern const unsigned char ${name}[];\nconst unsigned char ${name}[] = {0};\n"
                       "extern const int ${name}_size;\nconst int ${name}_size = 0;\n")
  endforeach()
  string(APPEND stub "extern const ImWchar text_ranges[];\nconst ImWchar text_ranges[] = {0x20, 0xFF, 0};\n"
                     "extern const ImWchar symbol_ranges[];\nconst ImWchar symbol_ranges[] = {0x20, 0x20, 0};\n}\n")
  file(CONFIGURE OUTPUT ${font_data_cpp} CONTENT "${stub}" @ONLY)  # rewritten only when it changes
endif()
list(APPEND web_sources ${font_data_cpp})

# A character the sources use but the font lacks is drawn as '?': the test lists any.
if(NOT EMSCRIPTEN AND FONT_PYTHON)
  add_test(NAME font-characters COMMAND ${FONT_PYTHON} ${font_script} check ${CMAKE_SOURCE_DIR}/web
           ${CMAKE_SOURCE_DIR}/core)
endif()
