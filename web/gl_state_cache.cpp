// The browser build only: a client-side copy of the GL state Dear ImGui's OpenGL3 backend
// (imgui_impl_opengl3.cpp, unmodified) backs up and restores around every frame it renders.
//
// The backend reads the viewport, the scissor box, and the blend functions and equations with
// glGetIntegerv. In Chromium each of those is a synchronous round trip to the GPU process: 8 a
// drawn frame, ~1.8 ms of waiting a frame on average on a loaded machine, one query up to 7 ms
// (docs/benchmarks.md, "Page responsiveness"); the bindings and the enable flags it also reads
// are answered in the page.
// cmake/web.cmake compiles the backend with these GL functions renamed (`-DglViewport=
// stonegrid_glViewport` and so on), so its calls come here: the setters record the value and
// pass it on, and a query of a recorded value is answered from the record. The first query of
// a value not yet set goes to WebGL and is recorded too. Nothing else may set these values
// behind the record's back: main.cpp sets the viewport and the scissor through the same
// functions (gl_state_cache.h).
#ifdef __EMSCRIPTEN__

#include "gl_state_cache.h"

#include <array>
#include <cstring>

namespace {

struct Cached {
  std::array<GLint, 4> value{};
  bool known = false;
};

// The queries the backend makes that would block, by name.
struct State {
  Cached viewport, scissor_box, blend_src_rgb, blend_dst_rgb, blend_src_alpha, blend_dst_alpha,
      blend_equation_rgb, blend_equation_alpha;
  Cached* find(GLenum name) {
    switch (name) {
      case GL_VIEWPORT:
        return &viewport;
      case GL_SCISSOR_BOX:
        return &scissor_box;
      case GL_BLEND_SRC_RGB:
        return &blend_src_rgb;
      case GL_BLEND_DST_RGB:
        return &blend_dst_rgb;
      case GL_BLEND_SRC_ALPHA:
        return &blend_src_alpha;
      case GL_BLEND_DST_ALPHA:
        return &blend_dst_alpha;
      case GL_BLEND_EQUATION_RGB:
        return &blend_equation_rgb;
      case GL_BLEND_EQUATION_ALPHA:
        return &blend_equation_alpha;
      default:
        return nullptr;
    }
  }
};

State state;

void record(Cached& cached, GLint a, GLint b = 0, GLint c = 0, GLint d = 0) {
  cached.value = {a, b, c, d};
  cached.known = true;
}

int components(GLenum name) {
  return name == GL_VIEWPORT || name == GL_SCISSOR_BOX ? 4 : 1;
}

}  // namespace

extern "C" {

void stonegrid_glGetIntegerv(GLenum name, GLint* data) {
  Cached* cached = state.find(name);
  if (!cached) {
    glGetIntegerv(name, data);
    return;
  }
  if (!cached->known) {
    glGetIntegerv(name, cached->value.data());
    cached->known = true;
  }
  std::memcpy(data, cached->value.data(), sizeof(GLint) * components(name));
}

void stonegrid_glViewport(GLint x, GLint y, GLsizei width, GLsizei height) {
  record(state.viewport, x, y, width, height);
  glViewport(x, y, width, height);
}

void stonegrid_glScissor(GLint x, GLint y, GLsizei width, GLsizei height) {
  record(state.scissor_box, x, y, width, height);
  glScissor(x, y, width, height);
}

void stonegrid_glBlendEquation(GLenum mode) {
  record(state.blend_equation_rgb, static_cast<GLint>(mode));
  record(state.blend_equation_alpha, static_cast<GLint>(mode));
  glBlendEquation(mode);
}

void stonegrid_glBlendEquationSeparate(GLenum rgb, GLenum alpha) {
  record(state.blend_equation_rgb, static_cast<GLint>(rgb));
  record(state.blend_equation_alpha, static_cast<GLint>(alpha));
  glBlendEquationSeparate(rgb, alpha);
}

void stonegrid_glBlendFunc(GLenum source, GLenum destination) {
  record(state.blend_src_rgb, static_cast<GLint>(source));
  record(state.blend_src_alpha, static_cast<GLint>(source));
  record(state.blend_dst_rgb, static_cast<GLint>(destination));
  record(state.blend_dst_alpha, static_cast<GLint>(destination));
  glBlendFunc(source, destination);
}

void stonegrid_glBlendFuncSeparate(GLenum source_rgb, GLenum destination_rgb, GLenum source_alpha,
                                   GLenum destination_alpha) {
  record(state.blend_src_rgb, static_cast<GLint>(source_rgb));
  record(state.blend_dst_rgb, static_cast<GLint>(destination_rgb));
  record(state.blend_src_alpha, static_cast<GLint>(source_alpha));
  record(state.blend_dst_alpha, static_cast<GLint>(destination_alpha));
  glBlendFuncSeparate(source_rgb, destination_rgb, source_alpha, destination_alpha);
}

}  // extern "C"

#endif  // __EMSCRIPTEN__
