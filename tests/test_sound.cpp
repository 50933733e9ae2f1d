// Which sounds a turn makes (web/sound.h, `sound::sounds_for`), from real sessions: a placement,
// a Go capture, a Loose flip, a pass, resigning, the bot's reply to a person, and the events that
// make no sound (new game, undo).
#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "session.h"
#include "sound.h"

using namespace stonegrid;
using namespace stonegrid::web;

namespace {

using Names = std::vector<std::string_view>;

// A session whose events are turned into sounds as App::session_event does.
struct Listener {
  Session session;
  std::vector<Names> sounds;  // one entry per event
  Listener() {
    session.on_event = [this](const SessionEvent& e) {
      sounds.push_back(sound::sounds_for(e, session.game().state().is_over(), !session.bot_to_move()));
    };
  }
  void start(std::string_view game, int size, PlayerSetup first = {}, PlayerSetup second = {}) {
    GameSettings s;
    s.kind = *game_kind(game);
    s.size = size;
    std::string error;
    REQUIRE(session.new_game(s, first, second, error));
  }
  void play(std::initializer_list<const char*> moves) {
    for (const char* move : moves) REQUIRE(session.play_text(move));
  }
};

}  // namespace

TEST_CASE("sound: a placement taps, a capture clicks, a flip flips, a pass is silent") {
  Listener go;
  go.start("go", 5);
  CHECK(go.sounds.back() == Names{});  // the new game
  go.play({"A2"});
  CHECK(go.sounds.back() == Names{"place"});
  go.play({"A1", "B1"});  // Black takes the white corner stone
  CHECK(go.sounds.back() == Names{"place", "capture"});
  go.play({"pass"});
  CHECK(go.sounds.back() == Names{});

  Listener loose;
  loose.start("loose", 5);
  loose.play({"B1", "A1", "A2"});  // the white corner stone has no true liberty: it turns black
  CHECK(loose.sounds.back() == Names{"place", "flip"});
}

TEST_CASE("sound: the end of a game, and the bot handing the turn back to a person") {
  Listener resign;
  resign.start("go", 5);
  resign.play({"C3", "resign"});
  CHECK(resign.sounds.back() == Names{"end"});

  Listener bot;
  bot.start("go", 5, PlayerSetup{false, 1}, PlayerSetup{true, 1});
  bot.play({"C3"});
  CHECK(bot.sounds.back() == Names{"place"});  // the person's own stone: no "turn"
  double now = 0;
  for (int i = 0; i < 2000 && bot.session.game().moves().size() < 2; ++i) bot.session.think(50, now += 0.01);
  REQUIRE(bot.session.game().moves().size() == 2);
  const Names reply = bot.sounds.back();
  REQUIRE_FALSE(reply.empty());
  CHECK(reply.back() == "turn");

  // Undo makes no sound.
  const size_t events = bot.sounds.size();
  REQUIRE(bot.session.undo());
  REQUIRE(bot.sounds.size() > events);
  CHECK(bot.sounds.back() == Names{});
}
