// What `cudalab check` says of a class folder's entries that it cannot grade, in Simplified
// Chinese, as patterns (text_patterns.h conventions: "{}" per hole, the Chinese naming holes by
// position). What the worker and the emulator say about a student's kernel is made by message()
// and said from the catalog (lessons/common/strings.zh-CN.po); tests/exercises/verdict_zh_test.cpp
// holds every verdict to that.
#include "i18n/text_patterns.h"

namespace cudalab::app::i18n {

namespace {

constexpr Translation check_patterns[] = {
    // A class folder's entries that are not gradable files (app/cli/class_folder.cpp).
    {"{}: larger than the {} a kernel file may be",
     "{0}：超过了核函数文件允许的 {1}"},
    {"grew past the {} a kernel file may be while it was read",
     "读取时文件变大，超过了核函数文件允许的 {0}"},
    {"cannot be read: {}",
     "无法读取：{0}"},
};

}  // namespace

std::span<const Translation> zh_cn_check_patterns() { return check_patterns; }

}  // namespace cudalab::app::i18n
