// QR codes (ISO/IEC 18004) of a text, so a phone nearby can scan a game's link: our own
// encoder, with only what links need. The text goes in byte mode (the links are base64url inside
// a URL; alphanumeric mode has no lower case), at error correction level M, or L when M cannot
// hold it, in the smallest version (1–40) that fits; of the eight data masks the one with the
// lowest penalty (the spec's four rules for evaluating a mask) is used.
//
// Read `make_qr_code` and `QrCode` first; the parts below them are the spec's pieces (codeword
// capacity, Reed–Solomon, format and version information, alignment patterns, the penalty),
// declared here so the tests can check each against the spec. Terms are the spec's: a *module*
// is one square of the symbol, a *codeword* 8 bits, *version* V has 17 + 4·V modules a side.
//
// The bytes are put in as they are, with no ECI: ASCII text (every link) reads back the same in
// any reader. Sizes: a 500-character link is version 17 (85×85 modules), a 2,000-character
// one version 38 (169×169), both at level M (tests/test_qr_code.cpp). The longest text is
// 2,331 bytes at level M, 2,953 at level L (version 40).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace stonegrid {

// Error correction level: L recovers about 7 % of the codewords, M about 15 %.
enum class QrLevel { L, M };

// A QR symbol: its modules only. Drawing it needs a light *quiet zone* 4 modules wide on every
// side (the spec's quiet zone): a reader may not find a symbol drawn against other dark pixels without it.
struct QrCode {
  int version = 0;  // 1–40
  QrLevel level = QrLevel::M;
  int mask = 0;                  // the data mask pattern used, 0–7
  int size = 0;                  // modules a side: 17 + 4·version
  std::vector<uint8_t> modules;  // size·size, row by row, 1 = dark

  // Whether the module at column x, row y (0, 0 the top left) is dark; outside the symbol
  // (the quiet zone) it is light.
  bool dark(int x, int y) const {
    return x >= 0 && y >= 0 && x < size && y < size && modules[static_cast<size_t>(y * size + x)] != 0;
  }
};

// The QR code of `text` (byte mode, level M or else L, the smallest version, the best mask), or
// nullopt when the text is longer than a version 40 symbol holds at level L (2,953 bytes).
// Scoring the eight masks takes milliseconds (about 15 natively for a 2,000-character link):
// make it once per link, not once per frame.
std::optional<QrCode> make_qr_code(std::string_view text);

// The same at one level and version, with mask `mask` (0–7) or the best one (-1); nullopt when
// the text does not fit there or an argument is out of range.
std::optional<QrCode> make_qr_code(std::string_view text, QrLevel level, int version, int mask = -1);

// --- the spec's pieces -------------------------------------------------------------------------

// Data codewords of a version at a level (total codewords less the error correction ones;
// Table 9): 16 for 1-M, 19 for 1-L, 2,331 for 40-M.
int qr_data_codewords(int version, QrLevel level);
// The most bytes byte mode carries there (Table 7): data codewords less the 4-bit mode indicator
// and the 8-bit (versions 1–9) or 16-bit character count, in whole bytes.
int qr_byte_capacity(int version, QrLevel level);

// The `ec_count` error correction codewords of one block of data codewords: the remainder of
// data(x)·x^ec_count divided by the generator polynomial
// (x − alpha^0)(x − alpha^1)…(x − alpha^(ec_count−1)) over GF(256) with the prime polynomial
// x^8 + x^4 + x^3 + x^2 + 1 (Annex A).
std::vector<uint8_t> reed_solomon_remainder(std::span<const uint8_t> data, int ec_count);

// The 15 format information bits (Annex C): the level's 2 bits and the mask's 3, their BCH(15,5)
// code, XORed with 101010000010010. Bit 14 is the first bit of the sequence.
uint32_t qr_format_bits(QrLevel level, int mask);
// The 18 version information bits (Annex D) of versions 7–40: 6 bits of version and their
// BCH(18,6) code (0x07C94 for version 7).
uint32_t qr_version_bits(int version);
// The row and column coordinates of the alignment patterns' centres (Annex E), empty for
// version 1: {6, 18} for version 2, {6, 30, 58, 86, 114, 142, 170} for version 40.
std::vector<int> qr_alignment_centres(int version);

// The penalty of a symbol by the spec's four rules for evaluating a mask: runs of 5 or more modules of one
// colour in a row or column (3 + the length beyond 5), 2×2 blocks of one colour (3 each), a 1:1:3:1:1
// finder-like run with 4 light modules on either side (40 each; the quiet zone counts as light),
// and the share of dark modules (10 for each whole 5 % it is away from 50 %).
int qr_penalty(const QrCode& code);

}  // namespace stonegrid
