#pragma once
// English text that a Run carries (formatted in the worker, or recorded on a GPU machine and shipped
// as data: statuses, timing labels, verdicts) shown in the current language at display time. What
// the lessons build in the app speaks the language itself (lessons/text/say.h); this is the path
// for text that was formatted before the language was known.
//
// A pattern is the lesson's own fmt string, `{}` holes and all ("{} threads ran in {} blocks");
// its Chinese names the holes by position ("{1} 个线程块里运行了 {0} 个线程") so word order can
// change, and may leave a hole out (a plural "s"). tr_text() tries the exact table (tr()) first,
// then the patterns: literal parts anchored, holes the shortest text that lets the rest match. A
// hole's own text is translated the same way (a verdict kind inside a headline), numbers and
// CUDA names pass through as they are; a hole the Chinese writes "{1=}" is shown as it came (a
// compiler's message: patterns over it would make half-Chinese nonsense of the student's own
// #error text). Results are cached: the app draws 60 times a second.
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "i18n/language.h"

namespace cudalab::app::i18n {

// Every zh-CN pattern, for tr_text(), the glyph collection and the tests: the lessons' catalog
// entries with holes (lessons/text/catalog.h), the few English texts of runs recorded before
// messages (strings_zh_cn_run_patterns.cpp), and the app's own message texts
// (strings_zh_cn_patterns.cpp). Today's runs and verdicts are said by message, never matched.
std::span<const Translation> zh_cn_patterns();
std::span<const Translation> zh_cn_view_patterns();
std::span<const Translation> zh_cn_message_patterns();

// A compiled set of patterns. Malformed entries (an empty literal between two holes, a Chinese
// hole number past the English holes) are refused: problems() lists them.
class PatternTable {
 public:
  explicit PatternTable(std::span<const Translation> entries);
  // The translation of `text` by the best pattern that matches (the one with the most literal
  // text) whose filled holes `accept` takes, holes filled with `fill(hole)`; or nothing. `accept`
  // gets whether the pattern is generic (little literal text: "{} of {}", "{} ({})") and the
  // filled holes. `used` (optional) collects the pattern taken.
  template <class Fill, class Accept>
  std::optional<std::string> match(std::string_view text, Fill&& fill, Accept&& accept,
                                   std::set<std::string_view>* used = nullptr) const {
    std::vector<std::string_view> holes;
    for (const Compiled* pattern : candidates(text)) {
      matches(*pattern, text, &holes);
      std::vector<std::string> filled, judged;  // judged: the translated holes only
      for (std::size_t i = 0; i < holes.size(); ++i) {
        filled.push_back(pattern->verbatim[i] ? std::string(holes[i]) : fill(holes[i]));
        if (!pattern->verbatim[i]) judged.push_back(filled.back());
      }
      if (!accept(pattern->literal_size < kGenericLiteralSize, judged)) continue;
      if (used) used->insert(pattern->english);
      std::string out;
      for (const Piece& piece : pattern->chinese) out += piece.hole < 0 ? std::string(piece.text) : filled[static_cast<std::size_t>(piece.hole)];
      return out;
    }
    return std::nullopt;
  }
  template <class Fill>
  std::optional<std::string> match(std::string_view text, Fill&& fill) const {
    return match(text, fill, [](bool, const std::vector<std::string>&) { return true; });
  }
  const std::vector<std::string>& problems() const { return problems_; }
  std::size_t size() const { return patterns_.size(); }

 private:
  struct Piece {
    std::string_view text;
    int hole = -1;  // ≥ 0: the English hole it shows
  };
  struct Compiled {
    std::string_view english;
    std::vector<std::string_view> literals;  // holes + 1 of them; the first and last may be empty
    std::vector<bool> may_be_empty;          // per hole: a plural suffix right after a word
    std::vector<bool> verbatim;              // per hole: shown as it came ("{1=}" in the Chinese)
    std::vector<Piece> chinese;
    std::size_t literal_size = 0;
  };
  static constexpr std::size_t kGenericLiteralSize = 7;
  // The patterns that match `text`, the most literal text first.
  std::vector<const Compiled*> candidates(std::string_view text) const;
  static bool matches(const Compiled& pattern, std::string_view text, std::vector<std::string_view>* holes);

  std::vector<Compiled> patterns_;
  std::vector<std::string> problems_;
  // Patterns by the first word of their leading literal (up to its first space) when it has a
  // space; the rest (a leading literal without a space, or a leading hole) are tried one by one.
  std::vector<std::pair<std::string_view, std::size_t>> by_first_word_;  // sorted
  std::vector<std::size_t> unindexed_;
};

// `english` in `language`: the exact table, then the patterns (holes translated in turn), then
// line by line for text of several lines; unchanged when nothing matches. `used` (optional)
// collects the patterns that matched. Uncached: for tests.
std::string translate_text(std::string_view english, Language language, std::set<std::string_view>* used = nullptr);
// translate_text in the current language, cached. Safe from any thread.
std::string tr_text(const std::string& english);
std::string tr_text_zh(std::string_view english);  // in Chinese whatever the current language, cached
// Each piece of a text (the whole, a hole, a hole's hole…) is translated once per call, and at
// most this many per call: past it the pieces stay English. Work grows with the text, never
// exponentially, whatever a compiler or a kernel wrote into it.
constexpr std::size_t max_translation_pieces = 4000;
// How many pieces the calling thread's last translate_text evaluated (for the tests' bound).
std::size_t last_translation_pieces();

// Words in `translated` that are still English and not a name (CUDA identifiers, code, units,
// numbers): what the coverage tests report. Empty when the text reads as Chinese.
std::vector<std::string> english_words_left(std::string_view translated);

}  // namespace cudalab::app::i18n
