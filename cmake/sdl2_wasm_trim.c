/* The Emscripten video driver's software framebuffer, left out of the page's SDL
   (cmake/sdl2_wasm.cmake): the page draws with WebGL and never asks for a window surface.
   SDL_GetWindowSurface then fails with "That operation is not supported". */
#include "SDL_internal.h"
#include "video/SDL_sysvideo.h"
#include "video/emscripten/SDL_emscriptenframebuffer.h"

int Emscripten_CreateWindowFramebuffer(_THIS, SDL_Window *window, Uint32 *format, void **pixels, int *pitch)
{
    (void)_this, (void)window, (void)format, (void)pixels, (void)pitch;
    return SDL_Unsupported();
}

int Emscripten_UpdateWindowFramebuffer(_THIS, SDL_Window *window, const SDL_Rect *rects, int numrects)
{
    (void)_this, (void)window, (void)rects, (void)numrects;
    return SDL_Unsupported();
}

void Emscripten_DestroyWindowFramebuffer(_THIS, SDL_Window *window)
{
    (void)_this, (void)window;
}
