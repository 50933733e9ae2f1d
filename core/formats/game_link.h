// A whole game in a few hundred characters, for a link a player sends a friend (games by link,
// with no server): the settings, any set-up stones, every turn, which player sent it, an
// optional name, and the game's identity, packed into bits and written in base64url (the
// characters a URL carries as they are), with a checksum so a damaged or edited link is
// refused rather than misread.
//
// Layout (all fields little-endian bit fields, `B` = bits for a point code, ceil(log2(N·N + 3))):
//   version 4 | game name length 5 | name bytes | size 5 | komi·2 + 2048 12 | variant 2 |
//   komi named by 2 | sender 1 (0: player 1) | name length 6 | name bytes | id 48 |
//   set-up count 10 | (point B, colour 1)… | turns 16 | each turn: code B, where code < N·N
//   is a one-stone placement, N·N pass, N·N+1 take, N·N+2 resign; a Looper ballot turn of 2
//   or 3 stones is code N·N+3.. (see game_link.cpp), then its points |
//   then a 32-bit FNV-1a checksum of the bytes before it.
// A 300-turn 19×19 game is 488 characters (tests/test_game_link.cpp measures it).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "rules/any_game.h"

namespace stonegrid {

struct GameLink {
  GameRecord record;
  int sender = 1;    // the player who sent the link (the receiver plays the other side)
  std::string name;  // the sender's name, as they gave it (at most 63 bytes), or empty
  uint64_t id = 0;   // the game's identity (48 bits): links of one game share it
};

// The link's text (base64url, no padding).
std::string encode_game_link(const GameLink& link);
// The link read back and its game replayed, or nullopt with `error` in a player's words:
// "the link is damaged (its check does not match): ask for it again", "the link is for an unknown game
// 'chess'", "the link's game does not follow the rules: move 12 is illegal: that point is occupied".
std::optional<GameLink> decode_game_link(std::string_view text, std::string& error);

// How a received game stands to the one this device has of the same identity.
enum class LinkFit {
  extends,   // the link has every move here and more: play on from it
  same,      // the same moves: nothing new
  older,     // the link has fewer moves, all of them here: nothing to do
  branched,  // the two disagree from some move on: neither is taken
};
// `at`: for `branched`, the first turn (0-based) where they differ.
LinkFit link_fit(const GameRecord& mine, const GameRecord& theirs, size_t& at);

}  // namespace stonegrid
