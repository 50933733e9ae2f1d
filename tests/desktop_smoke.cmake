# Runs the desktop app without a display (SDL's offscreen driver), clicks D5 and checks that a
# black stone is there and that the frame written is not blank. Invoked by CTest.
set(ENV{SDL_VIDEODRIVER} offscreen)
execute_process(COMMAND ${APP} --frames 6 --click 3 4 --screenshot ${OUT}
  RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "stonegrid-desktop exited with ${code}\n${out}\n${err}")
endif()
if(NOT out MATCHES "point D5: black")
  message(FATAL_ERROR "the click did not place a black stone on D5: ${out}")
endif()
file(READ ${OUT} head LIMIT 64 HEX)
file(SIZE ${OUT} bytes)
if(bytes LESS 100000)
  message(FATAL_ERROR "screenshot too small (${bytes} bytes)")
endif()
# Not blank: the wood colour (220,179,92 = dcb35c) and the background must both appear.
file(READ ${OUT} pixels HEX)
string(FIND "${pixels}" "dcb35c" wood)
if(wood EQUAL -1)
  message(FATAL_ERROR "screenshot shows no board")
endif()
message(STATUS "desktop smoke: ${out}")
