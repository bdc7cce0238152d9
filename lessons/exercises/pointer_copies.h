#pragma once
// For the checks on the emulator: a kernel's pointer parameters are the probe's checked pointers
// (probe.cuh), but `const float* p = a + i;` copies one into a plain pointer, and the accesses
// through p were neither bounds-checked nor counted (an idle thread's read past the end passed).
// Such a declaration — one pointer, initialised from a parameter (or an earlier such copy) as
// `a`, `a + k`, `a - k` or `&a[k]` — becomes `auto p = a + k;`: the checked pointer itself. For a
// plain pointer the same `auto` is the same pointer, so nothing else changes meaning. Lines stay.
// Emulator only (a GPU's pass is checked again there); a file the rewrite stops compiling is
// compiled without it (compile_submission.cpp).
#include <string>
#include <string_view>
#include <vector>

namespace cudalab::lessons::exercises {

// `pointers`: the kernel's pointer parameters by name; `avoid`: names that are not pointers where
// they are used (the wrapped __shared__ arrays: `auto p = tile;` would copy the array).
std::string instrument_pointer_copies(std::string_view source, const std::vector<std::string>& pointers,
                                      const std::vector<std::string>& avoid);

}  // namespace cudalab::lessons::exercises
