#include "emu/stack_pool.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <fstream>
#include <new>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#endif

namespace cudalab::emu {

namespace {
std::size_t page_bytes() {
  static const std::size_t bytes = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return bytes;
}
std::size_t mapping_bytes() { return StackPool::kUsableBytes + page_bytes(); }

std::atomic<std::size_t> stacks_mapped{0};
}  // namespace

std::size_t fiber_stack_budget() {
  static const std::size_t budget = [] {
    std::size_t max_map_count = 65530;
    std::ifstream file("/proc/sys/vm/max_map_count");
    file >> max_map_count;
    return std::max<std::size_t>(max_map_count / 8, 1024);  // never below one full block
  }();
  return budget;
}

std::size_t fiber_stacks_mapped() { return stacks_mapped.load(std::memory_order_relaxed); }

StackPool::~StackPool() {
  for (const auto& stack : all_) munmap(stack->base, mapping_bytes());
  stacks_mapped.fetch_sub(all_.size(), std::memory_order_relaxed);
}

void StackPool::trim(std::size_t keep) noexcept {
  while (all_.size() > keep && !free_.empty()) {
    const FiberStack* stack = free_.back();
    free_.pop_back();
    munmap(stack->base, mapping_bytes());
    all_.erase(std::find_if(all_.begin(), all_.end(), [&](const auto& mapped) { return mapped.get() == stack; }));
    stacks_mapped.fetch_sub(1, std::memory_order_relaxed);
  }
}

const FiberStack* StackPool::allocate_slow() {
  if (!free_.empty()) {
    const FiberStack* stack = free_.back();
    free_.pop_back();
#if defined(__SANITIZE_ADDRESS__)
    // A fiber that ended by jumping away never returned from its first frames: their redzones
    // are still poisoned and would be false reports for the next fiber on this stack.
    ASAN_UNPOISON_MEMORY_REGION(static_cast<char*>(stack->top) - stack->size, stack->size);
#endif
    return stack;
  }
  // MAP_NORESERVE: a thousand stacks cost address space, not memory, until a kernel touches them.
  void* base = mmap(nullptr, mapping_bytes(), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (base == MAP_FAILED) throw std::bad_alloc();
  if (mprotect(base, page_bytes(), PROT_NONE) != 0) {
    munmap(base, mapping_bytes());
    throw std::bad_alloc();
  }
  // Stacks are page-aligned and a block switches among hundreds of them, so their hot tops would
  // all fall into the same cache sets. Staggering each top by a "colour" (a multiple of 256 bytes
  // below 4 KiB) spreads them over the sets.
  const std::size_t colour = ((all_.size() + 1) % 16) * 256;
  try {
    free_.reserve(all_.size() + 1);  // so that release() never allocates
    all_.push_back(std::make_unique<FiberStack>(
        FiberStack{static_cast<char*>(base) + mapping_bytes() - colour, kUsableBytes - colour, base}));
  } catch (...) {  // nothing kept: the mapping goes back
    munmap(base, mapping_bytes());
    throw std::bad_alloc();
  }
  stacks_mapped.fetch_add(1, std::memory_order_relaxed);
  return all_.back().get();
}

}  // namespace cudalab::emu
