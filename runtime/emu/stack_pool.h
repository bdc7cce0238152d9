#pragma once
// Fiber stacks for one worker, reused from launch to launch. Allocating a guarded stack costs
// ~22 µs (mmap + mprotect) against ~30 ns for a whole fiber on a reused one (BUILD-NOTES), and a
// block with a barrier needs one stack per thread, so stacks are pooled, never freed until the
// worker ends.
#include <cstddef>
#include <vector>

namespace cudalab::emu {

struct FiberStack {
  void* top = nullptr;    // highest address: stacks grow down from here
  std::size_t size = 0;   // usable bytes below `top`
};

class StackPool {
 public:
  // 64 KiB: device printf needs ~3.4 KB and kernels keep their locals small; the guard page below
  // each stack turns an overflow into a crash at the overflow, not a silent corruption.
  static constexpr std::size_t kUsableBytes = 64 * 1024;

  StackPool() = default;
  StackPool(const StackPool&) = delete;
  StackPool& operator=(const StackPool&) = delete;
  ~StackPool();

  // Throws std::bad_alloc when the system refuses a new mapping.
  FiberStack allocate();
  void release(FiberStack stack) noexcept;

  std::size_t stacks_created() const { return all_.size(); }

 private:
  std::vector<FiberStack> free_;
  std::vector<void*> all_;  // every mapping's lowest address (its guard page)
};

}  // namespace cudalab::emu
