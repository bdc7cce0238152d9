#pragma once
// Fiber stacks for one worker, reused from launch to launch. Allocating a guarded stack costs
// ~22 µs (mmap + mprotect) against ~30 ns for a whole fiber on a reused one (BUILD-NOTES), and a
// block with a barrier needs one stack per thread, so stacks are pooled, never freed until the
// worker ends.
#include <cstddef>
#include <vector>

#include <boost/context/stack_context.hpp>

namespace cudalab::emu {

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
  boost::context::stack_context allocate();
  void deallocate(boost::context::stack_context& stack) noexcept;

  std::size_t stacks_created() const { return all_.size(); }

 private:
  std::vector<void*> free_;  // lowest address (the guard page) of each idle stack
  std::vector<void*> all_;
};

// The StackAllocator Boost.Context copies into each fiber: a handle on its worker's pool.
struct PooledStack {
  StackPool* pool;
  boost::context::stack_context allocate() { return pool->allocate(); }
  void deallocate(boost::context::stack_context& stack) noexcept { pool->deallocate(stack); }
};

}  // namespace cudalab::emu
