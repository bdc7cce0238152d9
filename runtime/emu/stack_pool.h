#pragma once
// Fiber stacks for one worker, reused from launch to launch. Allocating a guarded stack costs
// ~22 µs (mmap + mprotect) against ~30 ns for a whole fiber on a reused one (measured with Boost 1.74), and a
// block with a barrier needs one stack per thread, so stacks are pooled, never freed until the
// worker ends.
#include <cstddef>
#include <memory>
#include <vector>

namespace cudalab::emu {

struct FiberStack {
  void* top = nullptr;    // highest address: stacks grow down from here
  std::size_t size = 0;   // usable bytes below `top`
  void* base = nullptr;   // the mapping (its guard page first)
};

// Each guarded stack is two memory mappings, and a process may hold only vm.max_map_count of
// them (65 530 by default): 31 workers × 1024-thread blocks used to run out. The emulator keeps
// all pools together under this many stacks (an eighth of the limit: half of it for the stacks
// of a launch, at most as much again kept in pools between launches).
std::size_t fiber_stack_budget();
// Stacks mapped now, all pools together.
std::size_t fiber_stacks_mapped();

class StackPool {
 public:
  // 64 KiB: device printf needs ~3.4 KB and kernels keep their locals small; the guard page below
  // each stack turns an overflow into a crash at the overflow, not a silent corruption.
  static constexpr std::size_t kUsableBytes = 64 * 1024;

  StackPool() = default;
  StackPool(const StackPool&) = delete;
  StackPool& operator=(const StackPool&) = delete;
  ~StackPool();

  // Throws std::bad_alloc when the system refuses a new mapping. The record stays where it is
  // until trim() unmaps its stack, so the block runner passes stacks around as one pointer.
  // Inline: a block of a kernel with barriers takes and gives back one stack per thread.
  const FiberStack* allocate() {
#if !defined(__SANITIZE_ADDRESS__)
    if (!free_.empty()) [[likely]] {
      const FiberStack* stack = free_.back();
      free_.pop_back();
      return stack;
    }
#endif
    return allocate_slow();
  }
  void release(const FiberStack* stack) noexcept { free_.push_back(stack); }  // never allocates

  std::size_t stacks_created() const { return all_.size(); }
  // Unmaps free stacks until at most `keep` remain mapped (between launches, all are free).
  void trim(std::size_t keep) noexcept;

 private:
  const FiberStack* allocate_slow();  // a new mapping (or, under AddressSanitizer, every stack)

  std::vector<const FiberStack*> free_;
  std::vector<std::unique_ptr<FiberStack>> all_;  // every mapped stack
};

}  // namespace cudalab::emu
