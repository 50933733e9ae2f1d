# The test-only fifth game, Capture Go, on the app's screens (stonegrid-desktop-fifth, without a
# display: SDL's offscreen driver). At a phone's size and a desktop's: the home screen says "Five
# board games" (and at the desktop's, where the third row of cards is in view, has a card for
# it); a game of it takes a click on D5 (a black stone) and shows
# its title; the layout audit finds nothing wrong. The screenshots (PPM) stay in OUT to look at.
# Invoked by CTest with APP and OUT.
set(ENV{SDL_VIDEODRIVER} offscreen)
file(MAKE_DIRECTORY ${OUT})
function(run_app name)
  execute_process(COMMAND ${APP} ${ARGN} --frames 8 --layout --screenshot ${OUT}/${name}.ppm
    RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "stonegrid-desktop-fifth ${ARGN} exited with ${code}\n${out}\n${err}")
  endif()
  if(NOT out MATCHES "layout problems: \\[\\]")
    string(REGEX MATCH "layout problems: [^\n]*" problems "${out}")
    message(FATAL_ERROR "${name}: ${problems}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

foreach(window 390x844 1280x800)
  run_app(home-${window} --window ${window})
  if(window STREQUAL "1280x800" AND NOT out MATCHES "\"kind\":\"card\",\"label\":\"Capture Go\"")
    message(FATAL_ERROR "${window}: the home screen has no card for Capture Go:\n${out}")
  endif()
  if(NOT out MATCHES "\"label\":\"Five board games")
    message(FATAL_ERROR "${window}: the home screen does not count five games:\n${out}")
  endif()
  run_app(game-${window} --window ${window} --game capturego --click 3 4)
  if(NOT out MATCHES "point D5: black")
    message(FATAL_ERROR "${window}: the click did not place a black stone on D5:\n${out}")
  endif()
  if(NOT out MATCHES "layout: {\"screen\":\"game\"" OR NOT out MATCHES "Capture Go")
    message(FATAL_ERROR "${window}: no game screen of Capture Go:\n${out}")
  endif()
  message(STATUS "fifth game ${window}: home card and a game, no layout problems")
endforeach()

# A name that is not in the table is refused with a message.
execute_process(COMMAND ${APP} --game nosuchgame --frames 2
  RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
if(NOT code EQUAL 2 OR NOT err MATCHES "no game of that name")
  message(FATAL_ERROR "--game nosuchgame: exit ${code}, ${err}")
endif()
