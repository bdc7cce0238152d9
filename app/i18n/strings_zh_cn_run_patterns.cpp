// The bounded compatibility path for runs recorded before messages (assets/recordings/): the few
// texts such a run carries in English that no catalog word matches whole (a timing label with its
// size), as patterns (text_patterns.h), "{}" per hole, the Chinese naming holes by position. Today's
// runs carry their words as messages (runtime/include/cudalab/run.h) and are said by a lookup;
// tests/app/run_text_zh_test.cpp fails when one of today's runs needs a pattern, and on a pattern
// no recording uses.
#include "i18n/text_patterns.h"

namespace cudalab::app::i18n {

namespace {

constexpr Translation view_patterns[] = {
    {"{} KiB ({} KiB opt-in)",
     "{0} KiB（选择启用后 {1} KiB）"},
    {"{} · sm_{} · real GPU",
     "{0} · sm_{1} · 真实 GPU"},
    {"device → pageable, {}",
     "设备 → 可分页内存，{0}"},
    {"device → pinned, {}",
     "设备 → 锁页内存，{0}"},
    {"pageable → device, {}",
     "可分页内存 → 设备，{0}"},
    {"pinned → device, {}",
     "锁页内存 → 设备，{0}"},
};

}  // namespace

std::span<const Translation> zh_cn_view_patterns() { return view_patterns; }

}  // namespace cudalab::app::i18n
