#pragma once
// What the fuzz targets share: a check that stops the run with a message (libFuzzer then saves
// the input that broke it), and the strict UTF-8 test that text bound for the screen must pass.
#include <cstdio>
#include <cstdlib>
#include <string_view>

// Not assert(): it must hold in every build type, and say which promise broke.
#define FUZZ_CHECK(condition)                                                                   \
  do {                                                                                          \
    if (!(condition)) {                                                                         \
      std::fprintf(stderr, "fuzz check failed at %s:%d: %s\n", __FILE__, __LINE__, #condition); \
      std::abort();                                                                             \
    }                                                                                           \
  } while (0)

namespace cudalab::fuzz {

// RFC 3629 UTF-8: no overlong forms, no surrogates, nothing past U+10FFFF. Written apart from
// the code under test on purpose, so that the two do not share a mistake.
inline bool is_strict_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char lead = static_cast<unsigned char>(text[i]);
    unsigned code_point = 0;
    std::size_t length = 0;
    if (lead < 0x80) {
      code_point = lead;
      length = 1;
    } else if ((lead & 0xE0) == 0xC0) {
      code_point = lead & 0x1Fu;
      length = 2;
    } else if ((lead & 0xF0) == 0xE0) {
      code_point = lead & 0x0Fu;
      length = 3;
    } else if ((lead & 0xF8) == 0xF0) {
      code_point = lead & 0x07u;
      length = 4;
    } else
      return false;
    if (i + length > text.size()) return false;
    for (std::size_t k = 1; k < length; ++k) {
      const unsigned char next = static_cast<unsigned char>(text[i + k]);
      if ((next & 0xC0) != 0x80) return false;
      code_point = (code_point << 6) | (next & 0x3Fu);
    }
    const unsigned shortest = length == 1 ? 0 : length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000;
    if (code_point < shortest || code_point > 0x10FFFF || (code_point >= 0xD800 && code_point <= 0xDFFF)) return false;
    i += length;
  }
  return true;
}

}  // namespace cudalab::fuzz
