// Which sounds a turn makes (sound.h). Plain C++, apart from sound.cpp's platform code, so the
// doctest suite links it without Web Audio.
#include "sound.h"

namespace stonegrid::web::sound {

std::vector<std::string_view> sounds_for(const SessionEvent& event, bool game_over, bool person_to_move) {
  std::vector<std::string_view> names;
  if (event.kind != SessionEvent::Kind::move) return names;
  if (event.move.is_place()) names.push_back("place");
  bool captured = false, flipped = false;
  for (const StoneChange& change : event.changes) {
    captured = captured || change.to == Color::empty;
    flipped = flipped || (change.to != Color::empty && change.from != Color::empty);
  }
  if (captured) names.push_back("capture");
  if (flipped) names.push_back("flip");
  if (game_over)
    names.push_back("end");
  else if (event.by_bot && person_to_move)
    names.push_back("turn");
  return names;
}

}  // namespace stonegrid::web::sound
