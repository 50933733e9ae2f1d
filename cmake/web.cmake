# The browser build: the front end to WebGL2 (build/web/index.html, .js, .wasm), the doctest
# suite and the `stonegrid` command line as WebAssembly under node.
# Facts behind these flags: ../shared/TOOLCHAIN.md.
set(STONEGRID_WEB_OUT "${CMAKE_SOURCE_DIR}/build/web" CACHE PATH "Where the page is written")
include(${CMAKE_SOURCE_DIR}/cmake/sdl2_wasm.cmake)
sdl2_wasm_library(sdl2_wasm)

set(optimise -O3 -flto)
# The UI (ImGui and web/) is optimised for size: it is most of the page's code but little of its
# time (the bot's search, in the core, keeps -O3). Link-time optimisation keeps each function's
# level. docs/benchmarks.md, "Page size".
set(optimise_ui -Os -flto)
target_compile_options(stonegrid_core PRIVATE -O3)
# The core's code that runs once a turn or once a game, not in the search (formats, the review's
# and the lessons' bookkeeping, the run-time wrapper), is optimised for size as the UI is.
set_source_files_properties(${CMAKE_SOURCE_DIR}/core/formats/sgf.cpp ${CMAKE_SOURCE_DIR}/core/formats/diagram.cpp
  ${CMAKE_SOURCE_DIR}/core/formats/sl_diagram.cpp ${CMAKE_SOURCE_DIR}/core/formats/game_link.cpp
  ${CMAKE_SOURCE_DIR}/core/formats/qr_code.cpp
  ${CMAKE_SOURCE_DIR}/core/tools/review.cpp ${CMAKE_SOURCE_DIR}/core/tools/teach.cpp
  ${CMAKE_SOURCE_DIR}/core/rules/any_game.cpp ${CMAKE_SOURCE_DIR}/core/rules/notation.cpp
  PROPERTIES COMPILE_OPTIONS -Os)
# The page and the node command line get link-time optimisation (the command line so that
# `stonegrid bench` and matches under node run the page's code: Loose playouts ~6 % faster than
# without it); the tests do without it, which saves a whole-program link.
# The page's core carries the lessons but not the puzzles (CMakeLists.txt, teach_files_page.cpp).
set(page_core_sources ${core_sources})
list(TRANSFORM page_core_sources REPLACE "teach_files\\.cpp$" "teach_files_page.cpp")
# nor the learned Go shapes: it fetches go-shapes.txt when its bot first thinks in Go (app.cpp).
list(TRANSFORM page_core_sources REPLACE "go_shapes_text\\.cpp$" "go_shapes_text_page.cpp")
add_library(stonegrid_core_lto STATIC ${page_core_sources})
target_include_directories(stonegrid_core_lto PUBLIC core)
target_compile_options(stonegrid_core_lto PRIVATE ${warnings} ${optimise})

include(${CMAKE_SOURCE_DIR}/cmake/imgui.cmake)
# web_imgui(TARGET SDL2_TARGET): ImGui's settings for the page.
function(web_imgui target sdl2)
  target_link_libraries(${target} PUBLIC ${sdl2})
  target_compile_definitions(${target} PUBLIC IMGUI_IMPL_OPENGL_ES3)
  # The backend backs up and restores GL state around every frame; reading the viewport, the
  # scissor box and the blending state blocks on the GPU process in Chromium. These names send
  # those queries, and the setters of that state, to web/gl_state_cache.cpp, which answers them
  # from a record. The backend's source is not changed.
  target_compile_definitions(${target} PRIVATE glGetIntegerv=stonegrid_glGetIntegerv
    glViewport=stonegrid_glViewport glScissor=stonegrid_glScissor glBlendEquation=stonegrid_glBlendEquation
    glBlendEquationSeparate=stonegrid_glBlendEquationSeparate glBlendFunc=stonegrid_glBlendFunc
    glBlendFuncSeparate=stonegrid_glBlendFuncSeparate)
  target_compile_options(${target} PRIVATE ${optimise_ui})
endfunction()
web_imgui(imgui sdl2_wasm)
set(page_link_options ${optimise}
  -sUSE_WEBGL2=1 -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2 -sFILESYSTEM=0
  -sALLOW_MEMORY_GROWTH=1 -sGL_SUPPORT_AUTOMATIC_ENABLE_EXTENSIONS=0 -sGL_SUPPORT_SIMPLE_ENABLE_EXTENSIONS=0
  -sEXPORTED_RUNTIME_METHODS=cwrap,ccall,UTF8ToString,stringToUTF8,lengthBytesUTF8
  -sEXPORTED_FUNCTIONS=_main,_malloc,_free)

# The page's template without its comment lines (cmake/strip_comments.cmake).
set(page_shell ${CMAKE_BINARY_DIR}/shell.html)
add_custom_command(OUTPUT ${page_shell}
  COMMAND ${CMAKE_COMMAND} -DIN=${CMAKE_SOURCE_DIR}/shell.html -DOUT=${page_shell}
          -P ${CMAKE_SOURCE_DIR}/cmake/strip_comments.cmake
  DEPENDS ${CMAKE_SOURCE_DIR}/shell.html ${CMAKE_SOURCE_DIR}/cmake/strip_comments.cmake)
add_custom_target(page_shell DEPENDS ${page_shell})

add_executable(stonegrid-web ${web_sources})
add_dependencies(stonegrid-web page_shell)
target_include_directories(stonegrid-web PRIVATE ${CMAKE_SOURCE_DIR}/session)
set_target_properties(stonegrid-web PROPERTIES OUTPUT_NAME index SUFFIX ".html"
  RUNTIME_OUTPUT_DIRECTORY ${STONEGRID_WEB_OUT})
target_link_libraries(stonegrid-web PRIVATE stonegrid_core_lto imgui sdl2_wasm)
target_compile_options(stonegrid-web PRIVATE ${warnings} ${optimise_ui})
target_link_options(stonegrid-web PRIVATE ${page_link_options} -sENVIRONMENT=web -sMINIFY_HTML=0
  --shell-file ${page_shell})
set_property(TARGET stonegrid-web APPEND PROPERTY LINK_DEPENDS ${page_shell})
# The page's JavaScript (Emscripten's loader and page.js) minified by terser (scripts/minify,
# installed by scripts/setup): Closure, which Emscripten would use, does not work with Debian's
# package. index.js's own names are renamed too (--toplevel): shell.html and page.js reach it
# only through `Module` and its properties. Without terser the files stay as they are.
find_program(NODE_PROGRAM node)
set(terser_js ${CMAKE_SOURCE_DIR}/scripts/minify/node_modules/terser/bin/terser)
if(NODE_PROGRAM AND EXISTS ${terser_js})
  set(minify ${NODE_PROGRAM} ${terser_js} --ecma 2020 --compress passes=2)
  add_custom_command(TARGET stonegrid-web POST_BUILD
    COMMAND ${minify} --mangle reserved=[Module] --toplevel -o ${STONEGRID_WEB_OUT}/index.js
            ${STONEGRID_WEB_OUT}/index.js
    VERBATIM)
else()
  set(minify)
  message(WARNING "terser is missing (scripts/minify, installed by scripts/setup): the page's JavaScript is "
                  "not minified")
endif()

# The same page with threads (index-mt.js, .wasm, .worker.js), which shell.html loads where the
# page is cross-origin isolated (the service worker, assets/sw.js, adds the headers): the bot
# then searches on threads of its own, two sharing its tree at level 10 (session/session.h). A
# shared-memory link takes only objects built for atomics, so the core, ImGui, SDL2 and web/ are
# compiled again with -pthread. Two workers wait in a pool from the start: a thread made from
# the browser's main thread cannot start before it yields.
# Shared memory is reserved up to its maximum, which phones refuse at 2 GB: 1 GB. Growing shared
# memory costs the JS side a check per access of the heap; the bot's search is all in WebAssembly.
sdl2_wasm_library(sdl2_wasm_mt -pthread)
add_library(stonegrid_core_mt STATIC ${page_core_sources})
target_include_directories(stonegrid_core_mt PUBLIC core)
target_compile_options(stonegrid_core_mt PRIVATE ${warnings} ${optimise} -pthread)
add_library(imgui_mt STATIC ${imgui_sources})
target_include_directories(imgui_mt SYSTEM PUBLIC ${IMGUI_DIR} ${IMGUI_DIR}/backends)
target_compile_options(imgui_mt PRIVATE -w -pthread)
target_compile_definitions(imgui_mt PUBLIC IMGUI_ENABLE_TEST_ENGINE)
web_imgui(imgui_mt sdl2_wasm_mt)
add_executable(stonegrid-web-mt ${web_sources})
target_include_directories(stonegrid-web-mt PRIVATE ${CMAKE_SOURCE_DIR}/session)
set_target_properties(stonegrid-web-mt PROPERTIES OUTPUT_NAME index-mt SUFFIX ".js"
  RUNTIME_OUTPUT_DIRECTORY ${STONEGRID_WEB_OUT})
target_link_libraries(stonegrid-web-mt PRIVATE stonegrid_core_mt imgui_mt sdl2_wasm_mt)
target_compile_options(stonegrid-web-mt PRIVATE ${warnings} ${optimise_ui} -pthread)
target_link_options(stonegrid-web-mt PRIVATE ${page_link_options} -pthread -sENVIRONMENT=web,worker
  -sPTHREAD_POOL_SIZE=2 -sMAXIMUM_MEMORY=1GB -Wno-pthreads-mem-growth)

# The page's static files next to index.html, each copied again when it changes; the service
# worker gets a BUILD_ID from the content of the build (cmake/stamp_sw.cmake), so a changed
# build replaces the offline cache.
file(GLOB asset_files LIST_DIRECTORIES false CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/assets/*)
set(copied_assets)
set(stamp_inputs ${STONEGRID_WEB_OUT}/index.html ${STONEGRID_WEB_OUT}/index.js ${STONEGRID_WEB_OUT}/index.wasm
  ${STONEGRID_WEB_OUT}/index-mt.js ${STONEGRID_WEB_OUT}/index-mt.wasm ${STONEGRID_WEB_OUT}/index-mt.worker.js)
foreach(asset ${asset_files})
  get_filename_component(asset_name ${asset} NAME)
  if(asset_name STREQUAL "sw.js")
    continue()
  endif()
  if(asset_name MATCHES "\\.js$" AND minify)  # the page's scripts minified (above)
    add_custom_command(OUTPUT ${STONEGRID_WEB_OUT}/${asset_name}
      COMMAND ${minify} --mangle -o ${STONEGRID_WEB_OUT}/${asset_name} ${asset}
      DEPENDS ${asset} ${terser_js} VERBATIM)
  elseif(asset_name MATCHES "\\.js$")  # without their comment lines, as shell.html
    add_custom_command(OUTPUT ${STONEGRID_WEB_OUT}/${asset_name}
      COMMAND ${CMAKE_COMMAND} -DIN=${asset} -DOUT=${STONEGRID_WEB_OUT}/${asset_name}
              -P ${CMAKE_SOURCE_DIR}/cmake/strip_comments.cmake
      DEPENDS ${asset} ${CMAKE_SOURCE_DIR}/cmake/strip_comments.cmake)
  else()
    add_custom_command(OUTPUT ${STONEGRID_WEB_OUT}/${asset_name}
      COMMAND ${CMAKE_COMMAND} -E copy_if_different ${asset} ${STONEGRID_WEB_OUT}/${asset_name}
      DEPENDS ${asset})
  endif()
  list(APPEND copied_assets ${STONEGRID_WEB_OUT}/${asset_name})
  list(APPEND stamp_inputs ${asset})
endforeach()
# Each game's puzzles, fetched when first asked for (the page's core carries the lessons only).
file(GLOB puzzle_files CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/assets/puzzles/*.sgf)
foreach(puzzle ${puzzle_files})
  get_filename_component(puzzle_name ${puzzle} NAME)
  add_custom_command(OUTPUT ${STONEGRID_WEB_OUT}/puzzles/${puzzle_name}
    COMMAND ${CMAKE_COMMAND} -E copy_if_different ${puzzle} ${STONEGRID_WEB_OUT}/puzzles/${puzzle_name}
    DEPENDS ${puzzle})
  list(APPEND copied_assets ${STONEGRID_WEB_OUT}/puzzles/${puzzle_name})
  list(APPEND stamp_inputs ${puzzle})
endforeach()
# The learned Go shapes, fetched when the bot first thinks in Go (core/bot/go_shapes.cpp).
add_custom_command(OUTPUT ${STONEGRID_WEB_OUT}/go-shapes.txt
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${CMAKE_SOURCE_DIR}/core/bot/go_shapes.txt
          ${STONEGRID_WEB_OUT}/go-shapes.txt
  DEPENDS ${CMAKE_SOURCE_DIR}/core/bot/go_shapes.txt)
list(APPEND copied_assets ${STONEGRID_WEB_OUT}/go-shapes.txt)
list(APPEND stamp_inputs ${CMAKE_SOURCE_DIR}/core/bot/go_shapes.txt)
list(JOIN stamp_inputs "|" stamp_list)
add_custom_command(OUTPUT ${STONEGRID_WEB_OUT}/sw.js
  COMMAND ${CMAKE_COMMAND} -DSOURCE=${CMAKE_SOURCE_DIR}/assets/sw.js -DOUT=${STONEGRID_WEB_OUT}/sw.js
          -DFILES=${stamp_list} -P ${CMAKE_SOURCE_DIR}/cmake/stamp_sw.cmake
  DEPENDS ${CMAKE_SOURCE_DIR}/assets/sw.js ${CMAKE_SOURCE_DIR}/cmake/stamp_sw.cmake ${asset_files} ${puzzle_files}
          ${CMAKE_SOURCE_DIR}/core/bot/go_shapes.txt
          stonegrid-web
          stonegrid-web-mt
  VERBATIM)
list(APPEND copied_assets ${STONEGRID_WEB_OUT}/sw.js)
add_custom_target(stonegrid-web-assets ALL DEPENDS ${copied_assets})

# Tests and the command line under node: exceptions on for doctest's CHECK_THROWS, synchronous
# compilation so node can load the .wasm, and an explicit `node` (emcmake's emulator adds a flag
# node 20 rejects).
target_include_directories(stonegrid-tests PRIVATE ${STONEGRID_DEPS}/doctest)
target_compile_options(stonegrid-tests PRIVATE -fexceptions -O2)
target_link_options(stonegrid-tests PRIVATE -fexceptions -O2 -sWASM_ASYNC_COMPILATION=0 -sENVIRONMENT=node
  -sALLOW_MEMORY_GROWTH=1)
add_test(NAME core-wasm COMMAND node $<TARGET_FILE:stonegrid-tests>)

target_link_libraries(stonegrid PRIVATE stonegrid_core_lto)  # the page's core, see above
# with the puzzles built in, as the native command line has them (`diagram --puzzle`)
target_sources(stonegrid PRIVATE ${CMAKE_BINARY_DIR}/teach_files.cpp ${CMAKE_BINARY_DIR}/go_shapes_text.cpp)
target_compile_options(stonegrid PRIVATE -O3)
target_link_options(stonegrid PRIVATE -O3 -flto -sWASM_ASYNC_COMPILATION=0 -sENVIRONMENT=node -sNODERAWFS=1
  -sALLOW_MEMORY_GROWTH=1 -sEXIT_RUNTIME=1)

# The command line with threads under node (`node build/wasm/stonegrid-mt.js gtp --threads 2`):
# the threaded page's search, for matches and benchmarks (docs/benchmarks.md). Its worker pool
# has a worker per core, made before main runs, as a thread made while node's main thread is
# busy (a blocking search, a join) could not otherwise start.
add_executable(stonegrid-mt ${cli_sources})
target_link_libraries(stonegrid-mt PRIVATE stonegrid_core_mt)
target_sources(stonegrid-mt PRIVATE ${CMAKE_BINARY_DIR}/teach_files.cpp ${CMAKE_BINARY_DIR}/go_shapes_text.cpp)
target_compile_options(stonegrid-mt PRIVATE ${warnings} -O3 -pthread)
target_link_options(stonegrid-mt PRIVATE -O3 -flto -pthread -sWASM_ASYNC_COMPILATION=0 -sENVIRONMENT=node,worker
  -sNODERAWFS=1 -sALLOW_MEMORY_GROWTH=1 -sEXIT_RUNTIME=1 "-sPTHREAD_POOL_SIZE=require('os').cpus().length"
  -Wno-pthreads-mem-growth)
add_test(NAME cli-threads-wasm COMMAND bash ${CMAKE_SOURCE_DIR}/tests/cli_threads_wasm.sh $<TARGET_FILE:stonegrid-mt>)

# scripts/em-launcher (the compiler launcher scripts/build gives this folder) makes em++'s
# objects without em++: checked against em++ itself.
add_test(NAME em-launcher-same-objects COMMAND bash ${CMAKE_SOURCE_DIR}/tests/em_launcher.sh ${CMAKE_SOURCE_DIR}
  ${CMAKE_CXX_COMPILER} ${CMAKE_C_COMPILER})
