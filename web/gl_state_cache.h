// The browser build's GL state record (gl_state_cache.cpp): the GL functions ImGui's OpenGL3
// backend is compiled to call instead of the blocking state queries and the setters of the
// state it queries (cmake/web.cmake). Our own code sets the viewport and the scissor through
// `gl_viewport` and `gl_scissor`, so the record stays true. The desktop build uses plain GL.
#pragma once

#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>

extern "C" {
void stonegrid_glGetIntegerv(GLenum name, GLint* data);
void stonegrid_glViewport(GLint x, GLint y, GLsizei width, GLsizei height);
void stonegrid_glScissor(GLint x, GLint y, GLsizei width, GLsizei height);
void stonegrid_glBlendEquation(GLenum mode);
void stonegrid_glBlendEquationSeparate(GLenum rgb, GLenum alpha);
void stonegrid_glBlendFunc(GLenum source, GLenum destination);
void stonegrid_glBlendFuncSeparate(GLenum source_rgb, GLenum destination_rgb, GLenum source_alpha,
                                   GLenum destination_alpha);
}

namespace stonegrid::web {
inline void gl_viewport(GLint x, GLint y, GLsizei width, GLsizei height) {
  stonegrid_glViewport(x, y, width, height);
}
inline void gl_scissor(GLint x, GLint y, GLsizei width, GLsizei height) {
  stonegrid_glScissor(x, y, width, height);
}
// Sets every recorded value to a new context's (the drawing buffer's size; blending ONE, ZERO,
// FUNC_ADD), so the record is whole from the start and the first frame asks WebGL nothing:
// each first query would wait for the GPU process, which is then still compiling the shaders
// and taking the font texture (~60 ms of the first frame on 2026-11-25).
inline void gl_state_prime(GLsizei width, GLsizei height) {
  stonegrid_glViewport(0, 0, width, height);
  stonegrid_glScissor(0, 0, width, height);
  stonegrid_glBlendEquation(GL_FUNC_ADD);
  stonegrid_glBlendFunc(GL_ONE, GL_ZERO);
}
}  // namespace stonegrid::web

#else
#include <SDL_opengl.h>

namespace stonegrid::web {
inline void gl_viewport(GLint x, GLint y, GLsizei width, GLsizei height) {
  glViewport(x, y, width, height);
}
inline void gl_scissor(GLint x, GLint y, GLsizei width, GLsizei height) {
  glScissor(x, y, width, height);
}
inline void gl_state_prime(GLsizei, GLsizei) {}
}  // namespace stonegrid::web
#endif
