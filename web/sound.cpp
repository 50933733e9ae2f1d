// The sounds in the browser: a small Web Audio synthesiser installed on the page at start-up
// (`install_audio`), the mute setting in localStorage, and the page's "sound" event. Read
// `install_audio` for when audio starts and `audio.play` for how each sound is made; the
// desktop build keeps only the mute setting (no audio, no event).
#include "sound.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

#include <string>

namespace stonegrid::web::sound {

namespace {

int muted_state = -1;  // -1: not read from the page's storage yet

}  // namespace

#ifdef __EMSCRIPTEN__

// Installs `Module.stonegridAudio` once. Browsers allow an AudioContext to run only after a user
// gesture, and warn about one made before: the context is made (or resumed) by the first click,
// tap or key anywhere on the page — listeners in the capture phase, so they run before SDL's own —
// and the listeners go once it runs.
//
// The sounds (UX.md, "Motion and sound"): every one is a few oscillators or a filtered burst of
// a shared 0.1 s noise buffer, each under an exponential envelope (2–10 ms attack, no clicks),
// through one master gain. A "place" is a 30 ms noise burst around 1.9 kHz over a 190→120 Hz
// tone decaying in 80 ms — a stone on wood. Sounds that follow a placement ("capture", "flip",
// "turn", "end") start 50–150 ms later so the "tock" is heard first. The same sound asked for
// again within 40 ms of audio time is not repeated: the page replaying a recorded game plays
// dozens of moves in one task, at one audio time, and would sound them all at once.
EM_JS(void, install_audio, (), {
  if (typeof window == "undefined" || Module.stonegridAudio) return;
  var audio = {context : null, out : null, noise : null, last : {}};
  Module.stonegridAudio = audio;
  var gestures = [ "pointerdown", "pointerup", "mousedown", "keydown", "touchend" ];
  function stop_listening() {
    gestures.forEach(function(name) { window.removeEventListener(name, start, true); });
  }
  function start() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return stop_listening();
    if (!audio.context) {
      try {
        audio.context = new Context();
      } catch (e) {
        return stop_listening();
      }
      audio.out = audio.context.createGain();
      audio.out.gain.value = 0.6;
      audio.out.connect(audio.context.destination);
    }
    if (audio.context.state == "running") return stop_listening();
    audio.context.resume().then(
        function() {
          if (audio.context.state == "running") stop_listening();
        },
        function(){});
  }
  gestures.forEach(function(name) { window.addEventListener(name, start, true); });

  function envelope(gain, t, peak, attack, decay) {
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(peak, t + attack);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + attack + decay);
  }
  function burst(t, frequency, q, peak, decay) {
    var c = audio.context;
    if (!audio.noise) {
      audio.noise = c.createBuffer(1, Math.floor(c.sampleRate * 0.1), c.sampleRate);
      var data = audio.noise.getChannelData(0);
      for (var i = 0; i < data.length; ++i) data[i] = Math.random() * 2 - 1;
    }
    var source = c.createBufferSource();
    source.buffer = audio.noise;
    var filter = c.createBiquadFilter();
    filter.type = "bandpass";
    filter.frequency.value = frequency;
    filter.Q.value = q;
    var gain = c.createGain();
    envelope(gain, t, peak, 0.002, decay);
    source.connect(filter);
    filter.connect(gain);
    gain.connect(audio.out);
    source.start(t);
    source.stop(t + decay + 0.03);
  }
  function tone(t, frequency, peak, attack, decay, type, end_frequency) {
    var c = audio.context;
    var oscillator = c.createOscillator();
    oscillator.type = type;
    oscillator.frequency.setValueAtTime(frequency, t);
    if (end_frequency) oscillator.frequency.exponentialRampToValueAtTime(end_frequency, t + attack + decay);
    var gain = c.createGain();
    envelope(gain, t, peak, attack, decay);
    oscillator.connect(gain);
    gain.connect(audio.out);
    oscillator.start(t);
    oscillator.stop(t + attack + decay + 0.03);
  }
  audio.play = function(name) {
    var c = audio.context;
    if (!c || c.state != "running") return false;
    var t = c.currentTime + 0.005;
    if (name in audio.last && t - audio.last[name] < 0.04) return false;
    audio.last[name] = t;
    if (name == "place") {
      burst(t, 1900, 1.2, 0.5, 0.03);
      tone(t, 190, 0.35, 0.003, 0.08, "sine", 120);
    } else if (name == "capture") {
      for (var i = 0; i < 3; ++i) burst(t + 0.06 + i * 0.05, 3200, 2.5, 0.3, 0.018);
    } else if (name == "flip") {
      tone(t + 0.05, 620, 0.16, 0.003, 0.05, "triangle");
      tone(t + 0.11, 930, 0.16, 0.003, 0.06, "triangle");
    } else if (name == "turn") {
      tone(t + 0.15, 880, 0.1, 0.01, 0.16, "sine");
    } else if (name == "end") {
      tone(t + 0.1, 523.25, 0.2, 0.01, 0.25, "triangle");
      tone(t + 0.32, 783.99, 0.2, 0.01, 0.4, "triangle");
    } else if (name == "illegal") {
      tone(t, 140, 0.12, 0.005, 0.07, "triangle");
      tone(t + 0.09, 120, 0.12, 0.005, 0.09, "triangle");
    } else {
      return false;
    }
    return true;
  };
});

EM_JS(void, js_play, (const char* name_utf8, int muted), {
  var name = UTF8ToString(name_utf8);
  var audio = Module.stonegridAudio;
  if (!muted && audio) {
    try {
      audio.play(name);
    } catch (e) {
      console.warn("stonegrid: sound " + name + ": " + e);
    }
  }
  var api = window.stonegrid;
  if (api && api._sound) api._sound(name, muted != 0);
});
EM_JS(int, js_read_muted, (), {
  try {
    return window.localStorage.getItem("stonegrid.muted") == "1" ? 1 : 0;
  } catch (e) {
    return 0;
  }
});
EM_JS(void, js_write_muted, (int on), {
  try {
    window.localStorage.setItem("stonegrid.muted", on ? "1" : "0");
  } catch (e) {
  }
});

namespace {
// At start-up, before the first frame: the first gesture must find the listeners in place.
[[maybe_unused]] const bool installed = (install_audio(), true);
}  // namespace

void play(std::string_view name) {
  js_play(std::string(name).c_str(), muted() ? 1 : 0);
}

bool muted() {
  if (muted_state < 0) muted_state = js_read_muted();
  return muted_state == 1;
}

void set_muted(bool on) {
  muted_state = on ? 1 : 0;
  js_write_muted(muted_state);
}

#else  // the desktop: no audio

void play(std::string_view) {}

bool muted() {
  return muted_state == 1;
}

void set_muted(bool on) {
  muted_state = on ? 1 : 0;
}

#endif

}  // namespace stonegrid::web::sound

// --- the page's API (shell.html: stonegrid.muted(), stonegrid.setMuted(on)) ---
#ifdef __EMSCRIPTEN__
extern "C" {
EMSCRIPTEN_KEEPALIVE int stonegrid_muted() {
  return stonegrid::web::sound::muted() ? 1 : 0;
}
EMSCRIPTEN_KEEPALIVE void stonegrid_set_muted(int on) {
  stonegrid::web::sound::set_muted(on != 0);
}
}
#endif
