#include "i18n/text_patterns.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <tuple>
#include <mutex>
#include <unordered_map>

#include "text/say.h"

namespace cudalab::app::i18n {

namespace {

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

bool has_letter(std::string_view text) { return std::any_of(text.begin(), text.end(), is_letter); }

std::string_view first_word(std::string_view text) { return text.substr(0, text.find(' ')); }

// A hole holds a whole phrase: its brackets balance ("thread (2, 1)", never "2, 1) of block (0";
// "add<<<2, 4>>>", never "add<<<2"),
// and it stays on one line (several lines are translated line by line).
bool is_whole_phrase(std::string_view hole) {
  int round = 0, square = 0, launch = 0;  // launch: <<< … >>>, a kernel's launch configuration
  for (std::size_t at = hole.find("<<<"); at != std::string_view::npos; at = hole.find("<<<", at + 3)) ++launch;
  for (std::size_t at = hole.find(">>>"); at != std::string_view::npos; at = hole.find(">>>", at + 3)) --launch;
  if (launch != 0) return false;
  for (char c : hole) {
    if (c == '\n') return false;
    round += c == '(' ? 1 : c == ')' ? -1 : 0;
    square += c == '[' ? 1 : c == ']' ? -1 : 0;
    if (round < 0 || square < 0) return false;
  }
  return round == 0 && square == 0;
}

}  // namespace

PatternTable::PatternTable(std::span<const Translation> entries) {
  for (const Translation& entry : entries) {
    Compiled pattern;
    pattern.english = entry.english;
    // English: literals split at "{}" (the lessons' fmt strings; "{:g}" and the like are holes too).
    std::string_view rest = entry.english;
    bool bad = false;
    for (;;) {
      const std::size_t open = rest.find('{');
      if (open == std::string_view::npos) {
        pattern.literals.push_back(rest);
        break;
      }
      const std::size_t close = rest.find('}', open);
      if (close == std::string_view::npos) {
        bad = true;
        break;
      }
      pattern.literals.push_back(rest.substr(0, open));
      rest = rest.substr(close + 1);
    }
    const std::size_t holes = pattern.literals.size() - 1;
    std::string problem;
    if (bad) problem = "an unclosed {";
    if (holes == 0) problem = "no hole: belongs in the exact table";
    for (std::size_t i = 1; i + 1 < pattern.literals.size(); ++i) {
      if (pattern.literals[i].empty()) problem = "two holes side by side";
    }
    for (std::size_t i = 0; i < holes; ++i) {
      // "thread{}" → "thread" or "threads": a hole right after a letter may be an empty plural.
      const std::string_view before = pattern.literals[i], after = pattern.literals[i + 1];
      pattern.may_be_empty.push_back(!before.empty() && is_letter(before.back()) && (after.empty() || !is_letter(after.front())));
    }
    pattern.verbatim.assign(holes, false);
    // Chinese: "{0}" "{1}" name holes by position; a bare "{}" takes the next one.
    std::string_view zh = entry.chinese;
    std::size_t next_hole = 0;
    while (problem.empty()) {
      const std::size_t open = zh.find('{');
      if (open == std::string_view::npos) {
        if (!zh.empty()) pattern.chinese.push_back({zh, -1});
        break;
      }
      const std::size_t close = zh.find('}', open);
      if (close == std::string_view::npos) {
        problem = "an unclosed { in the Chinese";
        break;
      }
      if (open > 0) pattern.chinese.push_back({zh.substr(0, open), -1});
      std::string_view number = zh.substr(open + 1, close - open - 1);
      // "{1=}": the hole as it came, never translated (a compiler's message, what a kernel printed).
      const bool verbatim = number.ends_with('=');
      if (verbatim) number.remove_suffix(1);
      std::size_t hole = next_hole;
      if (!number.empty()) {
        hole = 0;
        for (char c : number) {
          if (!std::isdigit(static_cast<unsigned char>(c))) problem = "a Chinese hole that is not {n}";
          hole = hole * 10 + static_cast<std::size_t>(c - '0');
        }
      }
      if (hole >= holes) problem = "a Chinese hole past the English holes";
      next_hole = hole + 1;
      pattern.chinese.push_back({{}, static_cast<int>(hole)});
      if (verbatim && hole < holes) pattern.verbatim[hole] = true;
      zh = zh.substr(close + 1);
    }
    if (!problem.empty()) {
      problems_.push_back(std::string(entry.english) + ": " + problem);
      continue;
    }
    for (std::string_view literal : pattern.literals) pattern.literal_size += literal.size();
    patterns_.push_back(std::move(pattern));
  }
  for (std::size_t i = 0; i < patterns_.size(); ++i) {
    const std::string_view lead = patterns_[i].literals.front();
    if (lead.find(' ') != std::string_view::npos) by_first_word_.emplace_back(first_word(lead), i);
    else unindexed_.push_back(i);
  }
  std::sort(by_first_word_.begin(), by_first_word_.end());
}

bool PatternTable::matches(const Compiled& pattern, std::string_view text, std::vector<std::string_view>* holes) {
  const auto& literals = pattern.literals;
  if (!text.starts_with(literals.front()) || !text.ends_with(literals.back())) return false;
  if (text.size() < pattern.literal_size) return false;
  const std::size_t count = literals.size() - 1;
  std::vector<std::size_t> starts(count), ends(count);
  // Depth-first over the holes: each takes the shortest text after which the rest still matches.
  // A verbatim hole (a compiler's message) is taken as it comes: "expected ‘(’ before ‘i’" is no
  // whole phrase, and need not be.
  auto phrase = [&](std::size_t hole, std::string_view piece) { return pattern.verbatim[hole] || is_whole_phrase(piece); };
  auto place = [&](auto&& self, std::size_t hole, std::size_t from) -> bool {
    const std::size_t least = from + (pattern.may_be_empty[hole] ? 0 : 1);
    if (hole + 1 == count) {
      const std::size_t end = text.size() - literals.back().size();
      if (end < least || !phrase(hole, text.substr(from, end - from))) return false;
      starts[hole] = from;
      ends[hole] = end;
      return true;
    }
    const std::string_view next = literals[hole + 1];
    for (std::size_t at = text.find(next, least); at != std::string_view::npos; at = text.find(next, at + 1)) {
      if (!phrase(hole, text.substr(from, at - from))) continue;
      starts[hole] = from;
      ends[hole] = at;
      if (self(self, hole + 1, at + next.size())) return true;
    }
    return false;
  };
  if (!place(place, 0, literals.front().size())) return false;
  if (holes) {
    holes->clear();
    for (std::size_t i = 0; i < count; ++i) holes->push_back(text.substr(starts[i], ends[i] - starts[i]));
  }
  return true;
}

std::vector<const PatternTable::Compiled*> PatternTable::candidates(std::string_view text) const {
  std::vector<const Compiled*> found;
  auto consider = [&](const Compiled& pattern) {
    if (matches(pattern, text, nullptr)) found.push_back(&pattern);
  };
  const std::string_view word = first_word(text);
  for (auto it = std::lower_bound(by_first_word_.begin(), by_first_word_.end(), std::make_pair(word, std::size_t{0}));
       it != by_first_word_.end() && it->first == word; ++it) {
    consider(patterns_[it->second]);
  }
  for (std::size_t i : unindexed_) consider(patterns_[i]);
  std::stable_sort(found.begin(), found.end(),
                   [](const Compiled* a, const Compiled* b) { return a->literal_size > b->literal_size; });
  return found;
}

namespace {

// One translation's memory: every hole is a piece of the text, and the same piece at the same depth
// is asked for again and again (twice per candidate pattern, by every pattern that contains it).
// Without it a 190-character compiler line took over 100 s (issue #26); with it each piece is
// translated once, and past `budget` pieces the rest stay as they are.
struct TranslationWork {
  std::map<std::tuple<const char*, std::size_t, int>, std::string> done;  // (piece, depth) → Chinese
  std::size_t evaluated = 0;
};

std::string translate_in(std::string_view english, const PatternTable& patterns, std::set<std::string_view>* used,
                         int depth, TranslationWork& work) {
  if (!has_letter(english)) return std::string(english);
  const auto key = std::make_tuple(english.data(), english.size(), depth);
  if (const auto found = work.done.find(key); found != work.done.end()) return found->second;
  const std::string whole(english);
  const char* exact = tr_zh(whole.c_str());
  if (exact != whole.c_str()) return exact;
  if (++work.evaluated > max_translation_pieces) return whole;
  std::string out = whole;
  if (depth < 8) {
    auto fill = [&](std::string_view hole) { return translate_in(hole, patterns, used, depth + 1, work); };
    // First the best pattern whose holes all came out without English words; failing that, the
    // best one that is not generic ("{} of {}", "{} ({})"): a compiler's message after "line {}: "
    // may stay English, but half a sentence in Chinese around an English clause reads worse.
    auto clean = [](bool, const std::vector<std::string>& holes) {
      return std::all_of(holes.begin(), holes.end(), [](const std::string& hole) { return english_words_left(hole).empty(); });
    };
    auto specific = [](bool generic, const std::vector<std::string>&) { return !generic; };
    if (std::optional<std::string> found = patterns.match(english, fill, clean, used)) {
      out = *found;
    } else if (std::optional<std::string> found = patterns.match(english, fill, specific, used)) {
      out = *found;
    } else if (const std::size_t newline = english.find('\n'); newline != std::string_view::npos) {
      // Several lines (a tooltip): each on its own.
      out = translate_in(english.substr(0, newline), patterns, used, depth, work) + "\n" +
            translate_in(english.substr(newline + 1), patterns, used, depth, work);
    }
  } else if (const std::size_t newline = english.find('\n'); newline != std::string_view::npos) {
    out = translate_in(english.substr(0, newline), patterns, used, depth, work) + "\n" +
          translate_in(english.substr(newline + 1), patterns, used, depth, work);
  }
  work.done.emplace(key, out);
  return out;
}

const PatternTable& zh_cn_pattern_table() {
  static const PatternTable table(zh_cn_patterns());
  return table;
}

}  // namespace

namespace {
thread_local std::size_t last_work = 0;

// A lesson's say() in Chinese gives a text argument that a Run carried (a timing source, a
// recorded label) to this, the same tables and patterns the app shows such text with. Installed
// when this file is linked, i.e. wherever the app's i18n is: lessons/ cannot see app/.
const bool run_words_installed = (lessons::text::set_argument_words(&tr_text_zh), true);
}  // namespace

std::size_t last_translation_pieces() { return last_work; }

namespace {
// What is shown without the tables: a text the shown Run carries as a message (lessons/text/say.h:
// KnownMessages), said; text said in Chinese already, and names, code, units and numbers alone
// ("n = 20", "11.4 GiB"), as they are. Patterns run over those could only mangle them.
std::optional<std::string> shown_without_tables(std::string_view english) {
  if (const lessons::Message* known = lessons::text::known_message(english)) {
    const lessons::SpeakIn chinese(lessons::Language::zh_cn);
    return lessons::said(*known);
  }
  if (lessons::text::said_in_chinese(english) || english_words_left(english).empty()) return std::string(english);
  return std::nullopt;
}
}  // namespace

std::string translate_text(std::string_view english, Language language, std::set<std::string_view>* used) {
  if (language == Language::en) return std::string(english);
  if (std::optional<std::string> shown = shown_without_tables(english)) return *std::move(shown);
  TranslationWork work;
  std::string out = translate_in(english, zh_cn_pattern_table(), used, 0, work);
  last_work = work.evaluated;
  return out;
}

std::string tr_text(const std::string& english) {
  return current_language() == Language::en ? english : tr_text_zh(english);
}

std::string tr_text_zh(std::string_view english_view) {
  std::string english(english_view);
  if (!has_letter(english)) return english;
  if (std::optional<std::string> shown = shown_without_tables(english)) return *std::move(shown);
  static std::mutex mutex;
  static std::unordered_map<std::string, std::string> cache;
  {
    std::lock_guard lock(mutex);
    if (auto it = cache.find(english); it != cache.end()) return it->second;
  }
  TranslationWork work;
  std::string out = translate_in(english, zh_cn_pattern_table(), nullptr, 0, work);
  std::lock_guard lock(mutex);
  if (cache.size() > 50000) cache.clear();  // tooltips of a huge grid: keep memory bounded
  cache.emplace(english, out);
  return out;
}

namespace {

// Words that stay English in Chinese text: units, CUDA and C++ names that are written in
// lower case, and the file and tool names a student types.
bool is_kept_word(std::string_view word) {
  static const std::set<std::string_view> kept = {
      "ms", "µs", "us", "ns", "s", "B", "KiB", "MiB", "GiB", "KB", "MB", "GB", "TB", "kB", "GHz", "MHz", "kHz", "x",
      "float", "float2", "float4", "int", "double", "char", "void", "unsigned", "const", "long", "size_t", "bool",
      "printf", "assert", "malloc", "free", "memcpy", "nvcc", "nvrtc", "cuBLAS", "cublas", "sgemm", "cudalab",
      "g++", "clang", "gcc", "emu", "gpu", "auto", "hang", "trap", "true", "false", "nullptr", "return", "if", "for",
      "while", "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "i", "j", "k", "n", "m", "a", "b", "c",
      "y", "z", "row", "col", "tile", "idx", "tid", "sum", "out", "in", "data", "buf", "smem", "sm", "vs", "Ki", "Mi",
      "radius", "gmem", "regs", "memmove", "memcpy", "size", "rows", "cols", "width", "height", "wgmma",
      // Product and project names stay as they are (GLOSSARY.zh-CN.md).
      "Turing", "Volta", "Ampere", "Hopper", "Ada", "Blackwell", "Numba", "Processor", "ptxas", "Lab",
      // NVIDIA's tools keep their names too (GLOSSARY.zh-CN.md: compute-sanitizer and its tools).
      "compute-sanitizer", "racecheck", "memcheck", "synccheck", "initcheck",
  };
  return kept.contains(word);
}

}  // namespace

std::vector<std::string> english_words_left(std::string_view text) {
  std::vector<std::string> left;
  bool in_code = false;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '`' || c == '"') {  // code spans, and what a kernel printed ("hello from thread 0")
      in_code = !in_code;
      ++i;
      continue;
    }
    if (!is_letter(c)) {
      ++i;
      continue;
    }
    // A token: letters, digits and the characters names are made of.
    std::size_t end = i;
    while (end < text.size() &&
           (std::isalnum(static_cast<unsigned char>(text[end])) || std::string_view("_.:<>*&#+-'").find(text[end]) != std::string_view::npos)) {
      ++end;
    }
    std::string_view token = text.substr(i, end - i);
    // Glued to a name or a number before it: sm_86, 0xffffffff, RTX 30xx, %smid.
    const bool follows_name = i > 0 && (std::string_view("_.:<>*&#/[@%-").find(text[i - 1]) != std::string_view::npos ||
                                        std::isdigit(static_cast<unsigned char>(text[i - 1])));
    i = end;
    while (!token.empty() && std::string_view(".:-'").find(token.back()) != std::string_view::npos) token.remove_suffix(1);
    if (in_code || follows_name || token.empty()) continue;
    const bool name_like = token.find_first_of("0123456789_.:<>*&#+") != std::string_view::npos ||
                           std::any_of(token.begin() + 1, token.end(), [](char ch) { return ch >= 'A' && ch <= 'Z'; }) ||
                           (end < text.size() && text[end] == '(') || (end < text.size() && text[end] == '[');
    if (name_like || is_kept_word(token)) continue;
    if (token.size() == 1) continue;  // matrices A, B, C; indices i, t, k
    left.emplace_back(token);
  }
  return left;
}

}  // namespace cudalab::app::i18n
