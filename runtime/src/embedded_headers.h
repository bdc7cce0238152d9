#pragma once
// The emulation headers (runtime/include/cudalab/emu/*.h) as text, by their include path
// ("cudalab/emu/cuda_emu.h"): the emulator's JIT writes them beside each compiled kernel, so a
// compiled exercise never depends on where (or whether) the headers were installed.
#include <string_view>
#include <utility>
#include <vector>

namespace cudalab::emu {
const std::vector<std::pair<std::string_view, std::string_view>>& embedded_emulation_headers();
}
