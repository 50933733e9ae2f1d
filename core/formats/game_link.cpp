// Games in links: a bit writer and reader, base64url, FNV-1a, and the fields in the order the
// header lists them.
#include "formats/game_link.h"

#include <algorithm>
#include <array>

#include "rules/notation.h"

namespace stonegrid {

namespace {

constexpr int version = 1;
constexpr std::string_view alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
constexpr size_t max_link = 20000;  // characters: far above any real game, a bound for bad input

class BitWriter {
 public:
  void put(uint64_t value, int bits) {
    for (int i = 0; i < bits; ++i) {
      if (used_ % 8 == 0) bytes_.push_back(0);
      if ((value >> i) & 1) bytes_.back() = static_cast<uint8_t>(bytes_.back() | (1u << (used_ % 8)));
      ++used_;
    }
  }
  std::string& bytes() { return bytes_; }

 private:
  std::string bytes_;
  size_t used_ = 0;
};

class BitReader {
 public:
  explicit BitReader(std::string_view bytes) : bytes_(bytes) {}
  // False once a read ran past the end (the value read is then 0).
  bool ok() const { return ok_; }
  uint64_t get(int bits) {
    uint64_t value = 0;
    for (int i = 0; i < bits; ++i) {
      if (used_ / 8 >= bytes_.size()) {
        ok_ = false;
        return 0;
      }
      if ((static_cast<uint8_t>(bytes_[used_ / 8]) >> (used_ % 8)) & 1) value |= uint64_t{1} << i;
      ++used_;
    }
    return value;
  }

 private:
  std::string_view bytes_;
  size_t used_ = 0;
  bool ok_ = true;
};

uint32_t fnv1a(std::string_view bytes) {
  uint32_t h = 2166136261u;
  for (char c : bytes) h = (h ^ static_cast<uint8_t>(c)) * 16777619u;
  return h;
}

std::string base64url(std::string_view bytes) {
  std::string out;
  uint32_t buffer = 0;
  int bits = 0;
  for (char c : bytes) {
    buffer = (buffer << 8) | static_cast<uint8_t>(c);
    bits += 8;
    while (bits >= 6) {
      out += alphabet[(buffer >> (bits - 6)) & 63];
      bits -= 6;
    }
  }
  if (bits > 0) out += alphabet[(buffer << (6 - bits)) & 63];
  return out;
}

std::optional<std::string> from_base64url(std::string_view text) {
  std::string out;
  uint32_t buffer = 0;
  int bits = 0;
  for (char c : text) {
    const size_t v = alphabet.find(c);
    if (v == std::string_view::npos) return std::nullopt;
    buffer = (buffer << 6) | static_cast<uint32_t>(v);
    bits += 6;
    if (bits >= 8) {
      out += static_cast<char>((buffer >> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return out;
}

// Bits for a point code on an N×N board: the points, pass, take, resign, 2- and 3-stone ballots.
int code_bits(int size) {
  int bits = 1;
  while ((1 << bits) < size * size + 5) ++bits;
  return bits;
}

// `text` cut to at most `most` bytes, not inside a UTF-8 character.
std::string cut(std::string_view text, size_t most) {
  if (text.size() <= most) return std::string(text);
  size_t end = most;
  while (end > 0 && (static_cast<uint8_t>(text[end]) & 0xC0) == 0x80) --end;
  return std::string(text.substr(0, end));
}

}  // namespace

std::string encode_game_link(const GameLink& link) {
  const GameSettings& s = link.record.settings;
  const std::string game = cut(s.kind.facts().name, 31);
  const std::string name = cut(link.name, 63);
  const int n = s.size;
  const int points = n * n, bits = code_bits(n);
  BitWriter w;
  w.put(version, 4);
  w.put(game.size(), 5);
  for (char c : game) w.put(static_cast<uint8_t>(c), 8);
  w.put(static_cast<uint64_t>(n), 5);
  w.put(static_cast<uint64_t>(std::clamp(s.komi.value_or(0) * 2 + 2048, 0.0, 4095.0)), 12);
  w.put(static_cast<uint64_t>(s.variant), 2);
  w.put(static_cast<uint64_t>(s.komi_named_by), 2);
  w.put(link.sender == 2 ? 1 : 0, 1);
  w.put(name.size(), 6);
  for (char c : name) w.put(static_cast<uint8_t>(c), 8);
  w.put(link.id & 0xFFFFFFFFFFFFull, 48);
  w.put(std::min<size_t>(link.record.setup.size(), 1023), 10);
  for (size_t i = 0; i < link.record.setup.size() && i < 1023; ++i) {
    w.put(static_cast<uint64_t>(link.record.setup[i].first), bits);
    w.put(link.record.setup[i].second == Color::white ? 1 : 0, 1);
  }
  w.put(std::min<size_t>(link.record.moves.size(), 65535), 16);
  for (size_t i = 0; i < link.record.moves.size() && i < 65535; ++i) {
    const Move& m = link.record.moves[i];
    if (m.kind == Move::Kind::pass) {
      w.put(static_cast<uint64_t>(points), bits);
    } else if (m.kind == Move::Kind::take) {
      w.put(static_cast<uint64_t>(points + 1), bits);
    } else if (m.kind == Move::Kind::resign) {
      w.put(static_cast<uint64_t>(points + 2), bits);
    } else if (m.count == 1) {
      w.put(static_cast<uint64_t>(m.point()), bits);
    } else {
      w.put(static_cast<uint64_t>(points + 1 + m.count), bits);  // 2 stones: N·N+3, 3: N·N+4
      for (int k = 0; k < m.count; ++k) w.put(static_cast<uint64_t>(m.points[k]), bits);
    }
  }
  std::string& bytes = w.bytes();
  const uint32_t check = fnv1a(bytes);
  for (int k = 0; k < 4; ++k) bytes += static_cast<char>((check >> (8 * k)) & 255);
  return base64url(bytes);
}

namespace {

// The link's bytes without their check, or nullopt with `error` when the text is no game's code
// or the check does not match.
std::optional<std::string> checked_payload(std::string_view text, std::string& error) {
  if (text.size() > max_link) {
    error = "the link is too long to be a game (" + std::to_string(text.size()) + " characters)";
    return std::nullopt;
  }
  std::optional<std::string> bytes = from_base64url(text);
  if (!bytes || bytes->size() < 5) {
    error = "the link is damaged (it is not a game's code)";
    return std::nullopt;
  }
  const size_t size = bytes->size() - 4;
  uint32_t check = 0;
  for (int k = 0; k < 4; ++k)
    check |= static_cast<uint32_t>(static_cast<uint8_t>((*bytes)[size + k])) << (8 * k);
  bytes->resize(size);
  if (check != fnv1a(*bytes)) {
    error = "the link is damaged (its check does not match): ask for it again";
    return std::nullopt;
  }
  return bytes;
}

// The fields before the set-up: version, game, settings, sender, name, id.
bool read_header(BitReader& r, GameLink& link, std::string& error) {
  if (r.get(4) != version) {
    error = "the link is from another version of Stonegrid";
    return false;
  }
  std::string game(r.get(5), ' ');
  for (char& c : game) c = static_cast<char>(r.get(8));
  GameSettings& s = link.record.settings;
  s.size = static_cast<int>(r.get(5));
  s.komi = (static_cast<double>(r.get(12)) - 2048) / 2;
  s.variant = static_cast<int>(r.get(2));
  const uint64_t named = r.get(2);
  s.komi_named_by = named == 1 ? Color::black : named == 2 ? Color::white : Color::empty;
  link.sender = r.get(1) == 1 ? 2 : 1;
  link.name.assign(r.get(6), ' ');
  for (char& c : link.name) c = static_cast<char>(r.get(8));
  link.id = r.get(48);
  const std::optional<GameKind> kind = game_kind(game);
  if (!r.ok()) {
    error = "the link is cut short";
    return false;
  }
  if (!kind) {
    for (char& c : game)
      if (c < ' ' || c > '~') c = '?';
    error = "the link is for an unknown game '" + game + "'";
    return false;
  }
  s.kind = *kind;
  std::string why;
  if (!AnyGame::create(s, why)) {
    error = "the link's game cannot be set up: " + why;
    return false;
  }
  return true;
}

// One turn from its code (the header's table), reading a ballot's points after it; nullopt for
// a code that is no turn.
std::optional<Move> read_turn(BitReader& r, uint64_t code, int points, int bits) {
  const uint64_t board = static_cast<uint64_t>(points);
  if (code < board) return Move::place(static_cast<Point>(code));
  if (code == board) return Move::pass();
  if (code == board + 1) return Move::take();
  if (code == board + 2) return Move::resign();
  if (code > board + 4) return std::nullopt;
  const int count = static_cast<int>(code - board - 1);  // a ballot of 2 or 3 stones
  std::array<Point, 3> p{no_point, no_point, no_point};
  for (int k = 0; k < count; ++k) p[k] = static_cast<Point>(r.get(bits));
  return Move::places(p[0], p[1], p[2]);
}

// The set-up stones and the turns.
bool read_record(BitReader& r, GameLink& link, std::string& error) {
  const int n = link.record.settings.size, points = n * n, bits = code_bits(n);
  const uint64_t setups = r.get(10);
  for (uint64_t i = 0; i < setups && r.ok(); ++i) {
    const Point p = static_cast<Point>(r.get(bits));
    const Color c = r.get(1) ? Color::white : Color::black;
    if (p >= points) {
      error = "the link's set-up names a point off the board";
      return false;
    }
    link.record.setup.emplace_back(p, c);
  }
  const uint64_t turns = r.get(16);
  for (uint64_t i = 0; i < turns && r.ok(); ++i) {
    const std::optional<Move> m = read_turn(r, r.get(bits), points, bits);
    if (!m) {
      error = "the link's move " + std::to_string(i + 1) + " is not a move";
      return false;
    }
    link.record.moves.push_back(*m);
  }
  if (!r.ok()) {
    error = "the link is cut short";
    return false;
  }
  return true;
}

}  // namespace

std::optional<GameLink> decode_game_link(std::string_view text, std::string& error) {
  const std::optional<std::string> payload = checked_payload(text, error);
  if (!payload) return std::nullopt;
  BitReader r(*payload);
  GameLink link;
  if (!read_header(r, link, error) || !read_record(r, link, error)) return std::nullopt;
  std::string why;
  const std::optional<AnyGame> replayed = AnyGame::replay(link.record, why);
  if (!replayed) {
    error = "the link's game does not follow the rules: " + why;
    return std::nullopt;
  }
  link.record.settings = replayed->settings();  // as the game fills them in (a game without komi)
  return link;
}

LinkFit link_fit(const GameRecord& mine, const GameRecord& theirs, size_t& at) {
  const GameSettings &a = mine.settings, &b = theirs.settings;
  at = 0;
  if (!(a.kind == b.kind) || a.size != b.size || a.komi != b.komi || a.variant != b.variant ||
      mine.setup != theirs.setup)
    return LinkFit::branched;  // not the same game from its start
  const size_t common = std::min(mine.moves.size(), theirs.moves.size());
  at = 0;
  while (at < common && mine.moves[at] == theirs.moves[at]) ++at;
  if (at < common) return LinkFit::branched;
  if (theirs.moves.size() > mine.moves.size()) return LinkFit::extends;
  return theirs.moves.size() == mine.moves.size() ? LinkFit::same : LinkFit::older;
}

}  // namespace stonegrid
