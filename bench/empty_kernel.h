#pragma once
// The emulator-only empty kernel of the benchmark (empty_kernel_emu.cpp).
#include "cudalab/kernel.h"

namespace cudalab::bench {
extern const Kernel<void()> empty_kernel;
}
