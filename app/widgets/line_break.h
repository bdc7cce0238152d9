#pragma once
// Where a line of mixed Chinese, Latin and code text may break (issue #14). Latin text breaks at
// spaces; CJK text has no spaces, so a line may break between any two CJK characters, and between
// a CJK character and Latin text, except where the usual rules (GB/T 15834, JIS X 4051's kinsoku)
// forbid it: no line starts with closing punctuation (，。、；：！？）】》」』’” and their ASCII
// forms) and no line ends with opening punctuation (（【《「『‘“). Plain functions: no ImGui.
#include <string_view>
#include <vector>

namespace cudalab::app::widgets {

bool is_cjk(char32_t code_point);               // ideographs, kana, CJK and fullwidth punctuation
bool forbidden_at_line_start(char32_t code_point);
bool forbidden_at_line_end(char32_t code_point);

// Decodes the UTF-8 character at `text[at]`; *length receives its byte count (1 for a bad byte,
// which decodes as U+FFFD).
char32_t decode_utf8(std::string_view text, std::size_t at, std::size_t* length);

// For each byte offset 0..text.size(): true where a line may break before that byte without a
// space (between two characters, by the rules above). Spaces and newlines are breaks of their
// own that the caller handles; offsets inside a UTF-8 sequence, 0 and text.size() are false.
std::vector<bool> break_opportunities(std::string_view text);

}  // namespace cudalab::app::widgets
