/* Included before SDL_emscriptenmouse.c (cmake/sdl2_wasm.cmake): a cursor made from a picture
   (SDL_CreateColorCursor) gets no converted surface, so the driver makes none and SDL says the
   cursor could not be made. The page uses system cursors only, and the surface blitters the
   conversion needs stay out of it. */
#include "SDL_internal.h"
#include "SDL_surface.h"
#define SDL_ConvertSurfaceFormat(surface, format, flags) ((void)(surface), (SDL_Surface *)NULL)
