// A source of each GPU test program that runs the test kernels: their GPU halves are in the tests'
// own GPU backend library (tests/runtime/kernels/CMakeLists.txt), chosen before main, before any
// test asks for a GPU.
#include "cudalab/gpu_backend.h"

namespace {

[[maybe_unused]] const bool test_gpu_backend_chosen = (cudalab::use_gpu_backend(CUDALAB_TEST_GPU_BACKEND), true);

}  // namespace
