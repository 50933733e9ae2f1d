// Games in links (core/formats/game_link.h): every game round-trips, a 300-turn 19×19 game
// fits a messenger, and a damaged, edited, illegal or foreign link is refused with its reason.
#include <doctest/doctest.h>

#include <string>

#include "capture_go.h"
#include "formats/game_link.h"
#include "random_game.h"
#include "rules/notation.h"

using namespace stonegrid;

namespace {

GameLink link_of(const AnyGame& game, int sender = 1, std::string name = "") {
  GameLink link;
  link.record = game.record();
  link.sender = sender;
  link.name = std::move(name);
  link.id = 0xABCDEF123456ull;
  return link;
}

}  // namespace

TEST_CASE("game link: random games of every game round-trip") {
  for (GameKind kind : game_kinds())
    for (uint64_t seed = 1; seed <= 6; ++seed) {
      const int size = kind.facts().odd_sizes_only ? 5 + 2 * (seed % 3) : 5 + static_cast<int>(seed % 5);
      const AnyGame game = testing::random_game(kind, size, seed);
      INFO(kind.facts().name << " " << size << " seed " << seed);
      const std::string text = encode_game_link(link_of(game, 2, "Ann"));
      std::string error;
      const std::optional<GameLink> back = decode_game_link(text, error);
      REQUIRE_MESSAGE(back, error);
      CHECK(back->record.settings.kind == kind);
      CHECK(back->record.settings.size == size);
      CHECK(back->record.settings.komi == game.settings().komi);
      CHECK(back->record.moves == game.moves());
      CHECK(back->sender == 2);
      CHECK(back->name == "Ann");
      CHECK(back->id == 0xABCDEF123456ull);
      CHECK(text.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") ==
            std::string::npos);  // a URL carries it as it is
    }
}

TEST_CASE("game link: a 300-turn 19×19 Go game is short enough for any messenger") {
  std::string error;
  AnyGame game = *AnyGame::create("go", 19, std::nullopt, error);
  Rng rng(7);
  while (game.moves().size() < 300 && !game.state().is_over()) {
    MoveList list;
    game.state().legal_moves(list);
    Move m = list.moves[rng.below(static_cast<uint32_t>(list.count))];
    if (m.kind == Move::Kind::pass && list.count > 1) continue;  // keep the game going
    REQUIRE(game.play(m) == Illegal::none);
  }
  REQUIRE(game.moves().size() == 300);
  const std::string text = encode_game_link(link_of(game, 1, "a friend"));
  MESSAGE("a 300-turn 19x19 game's link: ", text.size(), " characters");
  CHECK(text.size() <= 600);  // the target: 2,000
  CHECK(decode_game_link(text, error));
}

TEST_CASE("game link: damaged, edited, illegal and foreign links are refused with the reason") {
  std::string error;
  AnyGame game = *AnyGame::create("go", 9, std::nullopt, error);
  for (const char* v : {"E5", "D4", "F6"}) REQUIRE(game.play(*parse_move(v, 9, error)) == Illegal::none);
  const std::string text = encode_game_link(link_of(game));

  std::string damaged = text;
  damaged[damaged.size() / 2] = damaged[damaged.size() / 2] == 'A' ? 'B' : 'A';
  CHECK_FALSE(decode_game_link(damaged, error));
  CHECK(error == "the link is damaged (its check does not match): ask for it again");
  CHECK_FALSE(decode_game_link(text.substr(0, 3), error));
  CHECK(error.find("damaged") != std::string::npos);
  CHECK_FALSE(decode_game_link("not a link!", error));
  CHECK(error == "the link is damaged (it is not a game's code)");
  CHECK_FALSE(decode_game_link(std::string(30000, 'A'), error));
  CHECK(error.find("too long") != std::string::npos);

  // A link whose check is right but whose moves break the rules (White plays on Black's E5).
  GameLink illegal = link_of(game);
  illegal.record.moves.push_back(*parse_move("E5", 9, error));
  CHECK_FALSE(decode_game_link(encode_game_link(illegal), error));
  CHECK(error == "the link's game does not follow the rules: move 4 is illegal: that point is occupied");
}

TEST_CASE("game link: how a received game stands to the one here") {
  std::string error;
  AnyGame game = *AnyGame::create("go", 9, std::nullopt, error);
  for (const char* v : {"E5", "D4"}) REQUIRE(game.play(*parse_move(v, 9, error)) == Illegal::none);
  GameRecord mine = game.record();
  GameRecord longer = mine;
  longer.moves.push_back(*parse_move("F6", 9, error));
  GameRecord shorter = mine;
  shorter.moves.pop_back();
  GameRecord other = mine;
  other.moves.back() = *parse_move("C3", 9, error);
  size_t at = 99;
  CHECK(link_fit(mine, longer, at) == LinkFit::extends);
  CHECK(link_fit(mine, mine, at) == LinkFit::same);
  CHECK(link_fit(mine, shorter, at) == LinkFit::older);
  CHECK(link_fit(mine, other, at) == LinkFit::branched);
  CHECK(at == 1);
  GameRecord bigger = mine;
  bigger.settings.size = 13;
  CHECK(link_fit(mine, bigger, at) == LinkFit::branched);
  CHECK(at == 0);
}
