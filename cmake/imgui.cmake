# Dear ImGui from the Debian source package unpacked by scripts/setup (never committed).
set(IMGUI_DIR "${STONEGRID_DEPS}/imgui")
if(NOT EXISTS "${IMGUI_DIR}/imgui.cpp")
  message(FATAL_ERROR "Dear ImGui sources not found in ${IMGUI_DIR}: run scripts/setup")
endif()
set(imgui_sources
  ${IMGUI_DIR}/imgui.cpp ${IMGUI_DIR}/imgui_draw.cpp ${IMGUI_DIR}/imgui_tables.cpp
  ${IMGUI_DIR}/imgui_widgets.cpp ${IMGUI_DIR}/backends/imgui_impl_sdl.cpp
  ${IMGUI_DIR}/backends/imgui_impl_opengl3.cpp)
add_library(imgui STATIC ${imgui_sources})
target_include_directories(imgui SYSTEM PUBLIC ${IMGUI_DIR} ${IMGUI_DIR}/backends)
target_compile_options(imgui PRIVATE -w)
# ImGui reports each control it lays out to web/layout_record.cpp (the layout record the
# page's tests audit). It changes ImGuiContext, so every user of the library sees it.
target_compile_definitions(imgui PUBLIC IMGUI_ENABLE_TEST_ENGINE)
# Our own sources go through the front end target; ImGui's are not ours to warn about.
file(GLOB web_sources CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/web/*.cpp ${CMAKE_SOURCE_DIR}/session/*.cpp)
include(${CMAKE_SOURCE_DIR}/cmake/fonts.cmake)
