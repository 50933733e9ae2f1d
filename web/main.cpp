// Platform set-up, then one `app.frame()` per tick — the shape of Dear ImGui's
// example_sdl2_opengl3/main.cpp. The browser build (Emscripten, WebGL2) hands the loop to
// `emscripten_set_main_loop`; the desktop build (SDL2 + OpenGL 3) runs it itself and accepts
// a few options for smoke tests without a display:
//   --frames N           quit after N frames
//   --click C R          click the point at column C, row R (0-based, row 0 at the bottom) of
//                        the default game (the window then opens on the game, not the home)
//   --screenshot F.ppm   write the last frame to F.ppm
//   --window WxH         the window's size (default 960x720)
//   --layout             print the last frame's layout record and what the audit finds wrong
//                        with it (layout.h), as two JSON lines
#include <SDL.h>

#include <algorithm>
#include <cfloat>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "app.h"
#include "fonts.h"
#include "gl_state_cache.h"
#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_impl_sdl.h"
#include "page_api.h"

#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#include <emscripten.h>
#include <emscripten/html5.h>
#else
#include <SDL_opengl.h>
#endif

namespace stonegrid::web {

struct Platform {
  SDL_Window* window = nullptr;
  SDL_GLContext context = nullptr;
  App app;
  bool running = true;
  float font_scale = 0;       // the device pixel ratio the font atlas was built for
  uint64_t last_picture = 0;  // `picture_hash` of the last frame
};

Platform* platform = nullptr;
App* the_app() {
  return platform ? &platform->app : nullptr;
}

#ifdef __EMSCRIPTEN__
EM_JS(void, notify_frame, (long frames), {
  if (window.stonegrid && window.stonegrid._onFrame) window.stonegrid._onFrame(frames);
});
// A phone or tablet (the primary pointer is coarse): start in touch mode, so the first tap does
// not change the layout under the finger.
EM_JS(int, coarse_pointer, (),
      { return window.matchMedia && window.matchMedia('(pointer: coarse)').matches ? 1 : 0; });
#endif

double now_ms() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// A hash of everything a frame draws: each draw list's vertices, indices and commands, the
// display size and the clear colour. The same hash: the same picture.
uint64_t picture_hash(const ImDrawData& data, ImVec4 clear) {
  uint64_t h = 0x9E3779B97F4A7C15ull;
  auto mix_word = [&h](uint64_t w) {
    h ^= w;
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 33;
  };
  auto mix = [&](const void* bytes, size_t size) {
    const auto* p = static_cast<const unsigned char*>(bytes);
    size_t i = 0;
    for (; i + 8 <= size; i += 8) {
      uint64_t w;
      std::memcpy(&w, p + i, 8);
      mix_word(w);
    }
    uint64_t tail = 0;
    if (i < size) std::memcpy(&tail, p + i, size - i);
    mix_word(tail ^ (static_cast<uint64_t>(size) << 56));
  };
  const float frame[] = {data.DisplayPos.x,
                         data.DisplayPos.y,
                         data.DisplaySize.x,
                         data.DisplaySize.y,
                         data.FramebufferScale.x,
                         clear.x,
                         clear.y,
                         clear.z,
                         clear.w};
  mix(frame, sizeof frame);
  for (int n = 0; n < data.CmdListsCount; ++n) {
    const ImDrawList& list = *data.CmdLists[n];
    mix(list.VtxBuffer.Data, static_cast<size_t>(list.VtxBuffer.Size) * sizeof(ImDrawVert));
    mix(list.IdxBuffer.Data, static_cast<size_t>(list.IdxBuffer.Size) * sizeof(ImDrawIdx));
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
      mix(&cmd.ClipRect, sizeof cmd.ClipRect);
      mix_word(reinterpret_cast<uintptr_t>(cmd.TextureId));
      mix_word(reinterpret_cast<uintptr_t>(cmd.UserCallback));
      mix_word(reinterpret_cast<uintptr_t>(cmd.UserCallbackData));
      mix_word((static_cast<uint64_t>(cmd.VtxOffset) << 40) ^ (static_cast<uint64_t>(cmd.IdxOffset) << 20) ^
               cmd.ElemCount);
    }
  }
  return h;
}

// `opaque_fill_callback` (board_view.h): the command's clip rectangle cleared to the colour in
// its data. A clear writes the pixels without ImGui's shader, texture lookup and blending: in
// headless Chromium's SwiftShader the board drawn as a blended quad took 6–15 ms of each drawn
// frame (docs/benchmarks.md, "Page responsiveness"). The scissor test is on (ImGui's backend
// enables it) and the backend sets the scissor again for every command after this one.
void clear_rectangle(const ImDrawList*, const ImDrawCmd* cmd) {
  const ImDrawData* data = ImGui::GetDrawData();
  if (!data) return;
  const ImVec2 offset = data->DisplayPos, scale = data->FramebufferScale;
  // A quad covers the pixels whose centres lie inside it: round each edge to the nearest pixel.
  const auto x0 = static_cast<int>(std::lround((cmd->ClipRect.x - offset.x) * scale.x));
  const auto y0 = static_cast<int>(std::lround((cmd->ClipRect.y - offset.y) * scale.y));
  const auto x1 = static_cast<int>(std::lround((cmd->ClipRect.z - offset.x) * scale.x));
  const auto y1 = static_cast<int>(std::lround((cmd->ClipRect.w - offset.y) * scale.y));
  if (x1 <= x0 || y1 <= y0) return;
  const auto height = static_cast<int>(data->DisplaySize.y * scale.y);  // as the backend has it
  const ImVec4 color =
      ImGui::ColorConvertU32ToFloat4(static_cast<ImU32>(reinterpret_cast<uintptr_t>(cmd->UserCallbackData)));
  gl_scissor(x0, height - y1, x1 - x0, y1 - y0);
  glClearColor(color.x, color.y, color.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
}

// The font atlas is rebuilt when the device pixel ratio changes (fonts.h: the UI fonts are
// rasterised at the ratio, so text is crisp, and drawn at CSS-pixel sizes).
void update_font_scale(Platform& p) {
  int window_w = 0, drawable_w = 0, h = 0;
  SDL_GetWindowSize(p.window, &window_w, &h);
  SDL_GL_GetDrawableSize(p.window, &drawable_w, &h);
  float ratio = window_w > 0 ? static_cast<float>(drawable_w) / static_cast<float>(window_w) : 1.0f;
  float scale = font_atlas_scale(ratio);
  if (scale == p.font_scale) return;
  p.font_scale = scale;
  load_fonts(scale);
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
}

std::optional<Key> app_key(SDL_Keycode code) {
  switch (code) {
    case SDLK_LEFT:
      return Key::left;
    case SDLK_RIGHT:
      return Key::right;
    case SDLK_UP:
      return Key::up;
    case SDLK_DOWN:
      return Key::down;
    case SDLK_HOME:
      return Key::home;
    case SDLK_END:
      return Key::end;
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
      return Key::enter;
    case SDLK_SPACE:
      return Key::space;
    case SDLK_n:
      return Key::next_mistake;
    case SDLK_p:
      return Key::previous_mistake;
    case SDLK_ESCAPE:
      return Key::escape;
    default:
      return std::nullopt;
  }
}

void tick(Platform& p, int click_column = -1, int click_row = -1, bool release = false) {
  const double start = now_ms();
  SDL_Event event;
  while (SDL_PollEvent(&event)) {
    ImGui_ImplSDL2_ProcessEvent(&event);
    if (event.type == SDL_QUIT) p.running = false;
    // Touch or mouse: SDL turns a finger into mouse events marked SDL_TOUCH_MOUSEID (and sends
    // SDL_FINGER* events besides); in the browser it also stops the page's own mouse emulation.
    if (event.type == SDL_FINGERDOWN) p.app.ui().touch = true;
    if (event.type == SDL_MOUSEBUTTONDOWN) p.app.ui().touch = event.button.which == SDL_TOUCH_MOUSEID;
    if (event.type == SDL_MOUSEMOTION && event.motion.which != SDL_TOUCH_MOUSEID) p.app.ui().touch = false;
    if (event.type == SDL_MOUSEMOTION || event.type == SDL_MOUSEBUTTONDOWN)
      p.app.ui().pointer_outside = false;
    if (event.type == SDL_KEYDOWN) {
      std::optional<Key> key = app_key(event.key.keysym.sym);
      if (key) p.app.key_pressed(*key, (event.key.keysym.mod & KMOD_SHIFT) != 0);
    }
  }
  update_font_scale(p);
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  ImGuiIO& io = ImGui::GetIO();
  // Under headless browsers' virtual time the clock may not move between frames.
  io.DeltaTime = std::max(io.DeltaTime, 1.0f / 1000.0f);
  if (p.app.ui().pointer_outside) io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);  // gone: no hover
  if (click_column >= 0) {
    io.MousePos = p.app.ui().view.position(click_column, click_row);
    io.MouseDown[0] = true;
  } else if (release) {
    io.MouseDown[0] = false;
  }
  ImGui::NewFrame();
  p.app.frame();
  ImGui::Render();
  ImVec4 background = p.app.background();
  const uint64_t picture = picture_hash(*ImGui::GetDrawData(), background);
  const bool changed = picture != p.last_picture;
  p.last_picture = picture;
  // The browser shows the canvas's last picture until it is drawn again: a frame the same as
  // the last one is not drawn. Most frames are, while the bot thinks; and every drawn frame
  // costs the browser more than the frame itself (headless Chromium without a GPU reads each
  // one back from SwiftShader, 15–40 ms: docs/benchmarks.md, "Page responsiveness"). The
  // desktop swaps buffers every frame, so it draws every frame.
#ifdef __EMSCRIPTEN__
  const bool draw = changed;
#else
  const bool draw = true;
#endif
  if (draw) {
    gl_viewport(0, 0, static_cast<int>(io.DisplaySize.x * io.DisplayFramebufferScale.x),
                static_cast<int>(io.DisplaySize.y * io.DisplayFramebufferScale.y));
    glClearColor(background.x, background.y, background.z, background.w);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  }
  p.app.think(changed);
  p.app.frame_finished(now_ms() - start, changed);
#ifdef __EMSCRIPTEN__
  notify_frame(p.app.ui().frames);
#endif
}

#ifndef __EMSCRIPTEN__
bool write_screenshot(const char* path, int width, int height) {
  std::vector<unsigned char> pixels(static_cast<size_t>(width) * height * 3);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
  FILE* file = std::fopen(path, "wb");
  if (!file) return false;
  std::fprintf(file, "P6\n%d %d\n255\n", width, height);
  for (int y = height - 1; y >= 0; --y)
    std::fwrite(&pixels[static_cast<size_t>(y) * width * 3], 1, static_cast<size_t>(width) * 3, file);
  return std::fclose(file) == 0;
}
#endif

}  // namespace stonegrid::web

namespace stonegrid::web {

// The desktop's options for smoke tests without a display.
struct Options {
  long max_frames = -1;
  int click_column = -1, click_row = -1;
  const char* screenshot = nullptr;
  int width = 960, height = 720;
  bool layout = false;
  const char* game = nullptr;  // a game of the table by name, started two-handed on the board
};

bool parse_options(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--frames") && i + 1 < argc) {
      o.max_frames = std::atol(argv[++i]);
    } else if (!std::strcmp(argv[i], "--click") && i + 2 < argc) {
      o.click_column = std::atoi(argv[++i]);
      o.click_row = std::atoi(argv[++i]);
    } else if (!std::strcmp(argv[i], "--screenshot") && i + 1 < argc) {
      o.screenshot = argv[++i];
    } else if (!std::strcmp(argv[i], "--window") && i + 1 < argc &&
               std::sscanf(argv[i + 1], "%dx%d", &o.width, &o.height) == 2 && o.width > 0 && o.height > 0) {
      ++i;
    } else if (!std::strcmp(argv[i], "--layout")) {
      o.layout = true;
    } else if (!std::strcmp(argv[i], "--game") && i + 1 < argc) {
      o.game = argv[++i];
    } else {
      std::fprintf(stderr,
                   "usage: stonegrid-desktop [--frames N] [--click COLUMN ROW] [--screenshot FILE.ppm] "
                   "[--window WxH] [--layout] [--game NAME]\n");
      return false;
    }
  }
  return true;
}

// SDL, a window with a GL context (GLES 3.0 in the browser, GL 3.0 on the desktop) and ImGui.
bool open_window(Platform& p, int width, int height) {
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    std::fprintf(stderr, "stonegrid: SDL_Init failed: %s\n", SDL_GetError());
    return false;
  }
#ifdef __EMSCRIPTEN__
  const char* glsl_version = "#version 300 es";
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
  // A canvas with alpha (WebGL's default premultipliedAlpha, which ImGui's blending writes: over
  // a clear of alpha 0 its colours come out premultiplied), so a diagram's transparent frame
  // shows the host page through.
  SDL_GL_SetAttribute(SDL_GL_ALPHA_SIZE, 8);
#else
  const char* glsl_version = "#version 130";
#endif
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  auto flags =
      static_cast<SDL_WindowFlags>(SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  p.window =
      SDL_CreateWindow("Stonegrid", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height, flags);
  if (!p.window) {
    std::fprintf(stderr, "stonegrid: cannot open a window: %s\n", SDL_GetError());
    return false;
  }
  p.context = SDL_GL_CreateContext(p.window);
  if (!p.context) {
    std::fprintf(stderr, "stonegrid: cannot create an OpenGL context: %s\n", SDL_GetError());
    return false;
  }
  SDL_GL_MakeCurrent(p.window, p.context);
  SDL_GL_SetSwapInterval(1);
  int drawable_width = 0, drawable_height = 0;
  SDL_GL_GetDrawableSize(p.window, &drawable_width, &drawable_height);
  gl_state_prime(drawable_width, drawable_height);
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  ImGui::StyleColorsDark();
  ImGui_ImplSDL2_InitForOpenGL(p.window, p.context);
  ImGui_ImplOpenGL3_Init(glsl_version);
  opaque_fill_callback = clear_rectangle;
  return true;
}

#ifndef __EMSCRIPTEN__
// The desktop loop, with the smoke-test options; prints the clicked point's stone. Returns the
// exit code: 2 when `--game` names no game of the table.
int run_desktop(Platform& p, const Options& o) {
  int code = 0;
  if (o.game) {  // a game of the table, two-handed at its default size and komi
    std::string error;
    const std::optional<stonegrid::GameKind> kind = stonegrid::game_kind(o.game);
    stonegrid::GameSettings settings;
    if (kind) {
      settings.kind = *kind;
      settings.size = kind->facts().default_size;
      settings.komi = kind->facts().default_komi;
    }
    if (!kind || !p.app.session().new_game(settings, {}, {}, error)) {
      std::fprintf(stderr, "stonegrid-desktop: %s\n", kind ? error.c_str() : "no game of that name");
      p.running = false;
      code = 2;
    }
  }
  if (o.click_column >= 0 || o.game) p.app.show_game();  // a click is aimed at the board, not the home screen
  for (long frame = 0; p.running && (o.max_frames < 0 || frame < o.max_frames); ++frame) {
    // A requested click presses on frame 2 (the board is laid out by then) and releases on 3.
    if (frame == 2 && o.click_column >= 0)
      tick(p, o.click_column, o.click_row);
    else
      tick(p, -1, -1, frame == 3);
    if (o.screenshot && frame + 1 == o.max_frames) {
      int w = 0, h = 0;
      SDL_GL_GetDrawableSize(p.window, &w, &h);
      if (!write_screenshot(o.screenshot, w, h))
        std::fprintf(stderr, "stonegrid: cannot write %s\n", o.screenshot);
    }
    SDL_GL_SwapWindow(p.window);
  }
  if (o.click_column >= 0) {
    const stonegrid::AnyGame& game = p.app.session().game();
    stonegrid::Color c = game.state().at(game.state().geometry().at(o.click_column, o.click_row));
    std::printf("point %c%d: %s\n", column_letter(o.click_column), o.click_row + 1,
                std::string(stonegrid::color_name(c)).c_str());
  }
  if (o.layout) {
    const Layout& layout = layout_recorder().last();
    std::printf("layout: %s\nlayout problems: %s\n", layout_json(layout).c_str(),
                layout_problems_json(audit_layout(layout)).c_str());
  }
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
  SDL_GL_DeleteContext(p.context);
  SDL_DestroyWindow(p.window);
  SDL_Quit();
  return code;
}
#endif

}  // namespace stonegrid::web

int main(int argc, char** argv) {
  using namespace stonegrid::web;
  Options options;
  if (!parse_options(argc, argv, options)) return 2;
  static Platform p;
  platform = &p;  // the one registration the page's exported functions read (the_app)
  if (!open_window(p, options.width, options.height)) return 1;
#ifdef __EMSCRIPTEN__
  (void)options;  // the desktop's smoke-test options mean nothing in a page
  p.app.ui().touch = coarse_pointer() != 0;
  emscripten_set_main_loop([] { tick(*platform); }, 0, false);
#else
  return run_desktop(p, options);
#endif
  return 0;
}
