# The desktop window: the same front end as the page, on SDL2 + OpenGL 3.
# Built only when SDL2 development files and the ImGui sources are present.
find_program(SDL2_CONFIG sdl2-config)
if(NOT SDL2_CONFIG OR NOT EXISTS "${STONEGRID_DEPS}/imgui/imgui.cpp")
  message(STATUS "stonegrid-desktop skipped: needs libsdl2-dev and scripts/setup")
  return()
endif()
find_package(OpenGL REQUIRED)
execute_process(COMMAND ${SDL2_CONFIG} --cflags OUTPUT_VARIABLE sdl2_cflags OUTPUT_STRIP_TRAILING_WHITESPACE)
execute_process(COMMAND ${SDL2_CONFIG} --libs OUTPUT_VARIABLE sdl2_libs OUTPUT_STRIP_TRAILING_WHITESPACE)
separate_arguments(sdl2_cflags UNIX_COMMAND "${sdl2_cflags}")
separate_arguments(sdl2_libs UNIX_COMMAND "${sdl2_libs}")

include(${CMAKE_SOURCE_DIR}/cmake/imgui.cmake)
target_compile_options(imgui PUBLIC ${sdl2_cflags})

# The app's objects, for the app and for the app with a fifth, test-only game (below).
add_library(stonegrid_desktop_objects OBJECT ${web_sources})
target_include_directories(stonegrid_desktop_objects PUBLIC ${CMAKE_SOURCE_DIR}/session)
target_link_libraries(stonegrid_desktop_objects PUBLIC stonegrid_core imgui)
target_compile_options(stonegrid_desktop_objects PRIVATE ${warnings})
add_executable(stonegrid-desktop)
target_link_libraries(stonegrid-desktop PRIVATE stonegrid_desktop_objects ${sdl2_libs} OpenGL::GL ${CMAKE_DL_LIBS})
# The same app with the test-only Capture Go registered (tests/capture_go_app.cpp): a game added
# to the table shows on every screen without a line of web/ changed.
add_executable(stonegrid-desktop-fifth tests/capture_go.cpp tests/capture_go_app.cpp)
target_include_directories(stonegrid-desktop-fifth PRIVATE ${CMAKE_SOURCE_DIR}/tests)
target_link_libraries(stonegrid-desktop-fifth PRIVATE stonegrid_desktop_objects ${sdl2_libs} OpenGL::GL
                      ${CMAKE_DL_LIBS})
target_compile_options(stonegrid-desktop-fifth PRIVATE ${warnings})

# A smoke test without a display: a click through ImGui places a stone, and a frame is drawn.
add_test(NAME desktop-smoke
  COMMAND ${CMAKE_COMMAND} -DAPP=$<TARGET_FILE:stonegrid-desktop> -DOUT=${CMAKE_BINARY_DIR}/desktop-smoke.ppm
          -P ${CMAKE_SOURCE_DIR}/tests/desktop_smoke.cmake)
# The layout audit natively: the app's layout record at a phone's and a desktop's size.
add_test(NAME desktop-layout
  COMMAND ${CMAKE_COMMAND} -DAPP=$<TARGET_FILE:stonegrid-desktop> -P ${CMAKE_SOURCE_DIR}/tests/desktop_layout.cmake)
# The fifth game on the screens: its home card, and a game of it played by a click, at a phone's
# and a desktop's size, with the layout audit; the screenshots stay in fifth-game/.
add_test(NAME fifth-game-screens
  COMMAND ${CMAKE_COMMAND} -DAPP=$<TARGET_FILE:stonegrid-desktop-fifth> -DOUT=${CMAKE_BINARY_DIR}/fifth-game
          -P ${CMAKE_SOURCE_DIR}/tests/fifth_game.cmake)
