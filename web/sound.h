// The UI's sounds: short clicks and tones made at run time with Web Audio (no sound files), and
// nothing on the desktop build. Names: "place" (a stone lands: a soft "tock"), "capture" (stones
// removed: quick clicks), "flip" (Loose: chains change colour: two rising clicks), "turn" (the bot
// has moved and a person is to play: a soft ping), "end" (the game is over: two notes), "illegal"
// (a turn refused: a low buzz).
//
// Browsers start audio only after a user gesture: the audio context is made at the page's first
// click, tap or key, and a sound played before that is not heard. Sound is on by default; the
// mute setting is remembered in localStorage ('stonegrid.muted' = "1" or "0").
//
// Every `play`, muted or not, tells the page: `stonegrid.on("sound", fn)` listeners get
// {name, muted}, `muted` true when nothing was heard because of the mute (docs/embedding.md).
#pragma once

#include <string_view>
#include <vector>

#include "session.h"

namespace stonegrid::web::sound {

void play(std::string_view name);
bool muted();
void set_muted(bool on);

// The sounds one session event makes, in order (plain C++, tested in tests/test_sound.cpp): a
// placement "place", then "capture" for removed stones or "flip" for changed ones; then "end"
// when the game is over, else "turn" when the bot made the move and a person plays next. A pass
// makes no sound but these; new games, undos and loads none.
std::vector<std::string_view> sounds_for(const SessionEvent& event, bool game_over, bool person_to_move);

}  // namespace stonegrid::web::sound
