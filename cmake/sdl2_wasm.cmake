# SDL2 for WebAssembly, compiled from the Debian source package that scripts/setup unpacks into
# .deps/SDL2, as part of the page's build. SDL's own CMake build would first run some 320
# configure checks, each an em++ run (6 minutes of one core here, and twice: with and without
# threads), whose answers for Emscripten do not change. The answers are written down below
# instead: SDL_config.h from SDL's own template, and the source folders of SDL 2.26.5's CMake
# build for Emscripten (a build with SDL's configure gave byte-for-byte the header of those
# answers, with and without -pthread), less the subsystems the page does without (below).
#   sdl2_wasm_library(TARGET [FLAGS...]): a static SDL2 compiled with FLAGS (e.g. -pthread);
#   SDL2_WASM_INCLUDE: the folder to include <SDL.h> from.
set(SDL2_SOURCE "${STONEGRID_DEPS}/SDL2")
if(NOT EXISTS "${SDL2_SOURCE}/include/SDL_config.h.cmake")
  message(FATAL_ERROR "SDL2 sources not found in ${SDL2_SOURCE}: run scripts/setup")
endif()

# The answers below hold for one version of SDL: the one Debian bookworm ships.
file(READ "${SDL2_SOURCE}/include/SDL_version.h" version_header)
set(sdl2_version)
foreach(part MAJOR_VERSION MINOR_VERSION PATCHLEVEL)
  string(REGEX MATCH "#define SDL_${part} +([0-9]+)" found "${version_header}")
  list(APPEND sdl2_version "${CMAKE_MATCH_1}")
endforeach()
list(JOIN sdl2_version "." sdl2_version)
if(NOT sdl2_version STREQUAL "2.26.5")
  message(FATAL_ERROR "SDL2 in ${SDL2_SOURCE} is version ${sdl2_version}; cmake/sdl2_wasm.cmake "
    "writes down SDL 2.26.5's configure answers and source folders only")
endif()

# What SDL's configure finds for Emscripten: the C library's headers and functions, and the
# drivers (Emscripten video, audio, joystick, ...; no threads, atomics or shared objects).
set(sdl2_wasm_config
  HAVE_ABS HAVE_ACOS HAVE_ACOSF HAVE_ALLOCA HAVE_ALLOCA_H HAVE_ASIN HAVE_ASINF HAVE_ATAN HAVE_ATAN2
  HAVE_ATAN2F HAVE_ATANF HAVE_ATOF HAVE_ATOI HAVE_BCOPY HAVE_BSEARCH HAVE_CALLOC HAVE_CEIL
  HAVE_CEILF HAVE_CLOCK_GETTIME HAVE_COPYSIGN HAVE_COPYSIGNF HAVE_COS HAVE_COSF HAVE_CTYPE_H
  HAVE_DLOPEN HAVE_EXP HAVE_EXPF HAVE_FABS HAVE_FABSF HAVE_FLOAT_H HAVE_FLOOR HAVE_FLOORF HAVE_FMOD
  HAVE_FMODF HAVE_FOPEN64 HAVE_FREE HAVE_FSEEKO HAVE_FSEEKO64 HAVE_GCC_ATOMICS HAVE_GETAUXVAL
  HAVE_GETENV HAVE_ICONV HAVE_ICONV_H HAVE_INDEX HAVE_INTTYPES_H HAVE_LIBC HAVE_LIMITS_H HAVE_LOG
  HAVE_LOG10 HAVE_LOG10F HAVE_LOGF HAVE_LROUND HAVE_LROUNDF HAVE_MALLOC HAVE_MALLOC_H HAVE_MATH_H
  HAVE_MEMCMP HAVE_MEMCPY HAVE_MEMMOVE HAVE_MEMORY_H HAVE_MEMSET HAVE_MPROTECT HAVE_M_PI
  HAVE_NANOSLEEP HAVE_O_CLOEXEC HAVE_POLL HAVE_POW HAVE_POWF HAVE_PUTENV HAVE_QSORT HAVE_REALLOC
  HAVE_RINDEX HAVE_ROUND HAVE_ROUNDF HAVE_SA_SIGACTION HAVE_SCALBN HAVE_SCALBNF HAVE_SETENV
  HAVE_SETJMP HAVE_SIGACTION HAVE_SIGNAL_H HAVE_SIN HAVE_SINF HAVE_SQRT HAVE_SQRTF HAVE_SSCANF
  HAVE_STDARG_H HAVE_STDDEF_H HAVE_STDINT_H HAVE_STDIO_H HAVE_STDLIB_H HAVE_STRCASECMP
  HAVE_STRCASESTR HAVE_STRCHR HAVE_STRCMP HAVE_STRINGS_H HAVE_STRING_H HAVE_STRLCAT HAVE_STRLCPY
  HAVE_STRLEN HAVE_STRNCASECMP HAVE_STRNCMP HAVE_STRRCHR HAVE_STRSTR HAVE_STRTOD HAVE_STRTOK_R
  HAVE_STRTOL HAVE_STRTOLL HAVE_STRTOUL HAVE_STRTOULL HAVE_SYSCONF HAVE_SYS_TYPES_H HAVE_TAN
  HAVE_TANF HAVE_TRUNC HAVE_TRUNCF HAVE_UNSETENV HAVE_VSNPRINTF HAVE_VSSCANF HAVE_WCHAR_H
  HAVE_WCSCASECMP HAVE_WCSCMP HAVE_WCSDUP HAVE_WCSLEN HAVE_WCSNCASECMP HAVE_WCSNCMP HAVE_WCSSTR
  HAVE__EXIT STDC_HEADERS DYNAPI_NEEDS_DLOPEN
  SDL_ATOMIC_DISABLED SDL_CPUINFO_DISABLED SDL_THREADS_DISABLED SDL_LOADSO_DISABLED
  SDL_LOADSO_DUMMY SDL_FILESYSTEM_EMSCRIPTEN SDL_TIMER_UNIX
  SDL_VIDEO_DRIVER_EMSCRIPTEN SDL_VIDEO_OPENGL_EGL SDL_VIDEO_OPENGL_ES2)
# What the page does without, as SDL's CMake build with these subsystems off would: it draws with
# WebGL itself (ImGui's backend), plays sound through Web Audio (web/sound.cpp) and reads no game
# controllers, so SDL's renderers, audio, joystick, haptic, sensor and power subsystems and its
# dummy and offscreen video drivers are left out (SDL's code in the page: 67 KB gzip before, the
# most of it the surface blitters that those drivers and renderers reach).
list(APPEND sdl2_wasm_config SDL_AUDIO_DISABLED SDL_JOYSTICK_DISABLED SDL_HAPTIC_DISABLED
  SDL_SENSOR_DISABLED SDL_POWER_DISABLED SDL_RENDER_DISABLED SDL_HIDAPI_DISABLED)
# The folders of src/ whose every .c file is compiled: SDL's build for Emscripten's, less the
# subsystems above (their core files stay: SDL_Init and ImGui's backend call into them).
set(sdl2_wasm_source_dirs
  . atomic audio cpuinfo dynapi events file filesystem/emscripten haptic haptic/dummy hidapi
  joystick joystick/dummy libm loadso/dummy locale locale/emscripten misc misc/emscripten power
  render sensor sensor/dummy stdlib thread thread/generic timer timer/unix video video/emscripten
  video/yuv2rgb)

# The headers: SDL's public ones and, instead of its generic SDL_config.h (which refuses a
# build that asks for a generated one), the header from its template with the answers above
# (set in a function, so they stay out of the rest of the build).
set(SDL2_WASM_INCLUDE "${CMAKE_BINARY_DIR}/sdl2-include")
function(sdl2_wasm_headers)
  file(GLOB headers "${SDL2_SOURCE}/include/*.h")
  list(REMOVE_ITEM headers "${SDL2_SOURCE}/include/SDL_config.h")
  file(COPY ${headers} DESTINATION "${SDL2_WASM_INCLUDE}")
  foreach(name ${sdl2_wasm_config})
    set(${name} 1)
  endforeach()
  set(SDL_DEFAULT_ASSERT_LEVEL_CONFIGURED 0)
  configure_file("${SDL2_SOURCE}/include/SDL_config.h.cmake" "${SDL2_WASM_INCLUDE}/SDL_config.h")
endfunction()
sdl2_wasm_headers()

set(sdl2_wasm_sources)
foreach(dir ${sdl2_wasm_source_dirs})
  file(GLOB found "${SDL2_SOURCE}/src/${dir}/*.c")
  list(APPEND sdl2_wasm_sources ${found})
endforeach()
# The Emscripten driver's software framebuffer (SDL_GetWindowSurface) and its cursors made from
# pictures are the last ways into the blitters; the page uses neither (WebGL, system cursors).
# cmake/sdl2_wasm_trim.c answers the framebuffer's three functions with SDL_Unsupported, and
# cmake/sdl2_wasm_trim.h makes the picture cursor's surface conversion fail (no cursor).
list(REMOVE_ITEM sdl2_wasm_sources "${SDL2_SOURCE}/src/video/emscripten/SDL_emscriptenframebuffer.c")
list(APPEND sdl2_wasm_sources "${CMAKE_SOURCE_DIR}/cmake/sdl2_wasm_trim.c")
set_source_files_properties("${CMAKE_SOURCE_DIR}/cmake/sdl2_wasm_trim.c" PROPERTIES
  COMPILE_OPTIONS "-I${SDL2_SOURCE}/src")
set_source_files_properties("${SDL2_SOURCE}/src/video/emscripten/SDL_emscriptenmouse.c" PROPERTIES
  COMPILE_OPTIONS "-I${SDL2_SOURCE}/src;-include;${CMAKE_SOURCE_DIR}/cmake/sdl2_wasm_trim.h")
function(sdl2_wasm_library target)
  add_library(${target} STATIC ${sdl2_wasm_sources})
  target_include_directories(${target} SYSTEM PUBLIC "${SDL2_WASM_INCLUDE}")
  target_compile_definitions(${target} PRIVATE SDL_STATIC_LIB USING_GENERATED_CONFIG_H
    SDL_BUILD_MAJOR_VERSION=2 SDL_BUILD_MINOR_VERSION=26 SDL_BUILD_MICRO_VERSION=5)  # checked above
  target_compile_options(${target} PRIVATE -Os -w -fno-strict-aliasing -fvisibility=hidden
    -idirafter "${SDL2_SOURCE}/src/video/khronos" ${ARGN})
endfunction()
