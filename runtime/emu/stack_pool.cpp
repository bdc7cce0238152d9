#include "emu/stack_pool.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
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
}  // namespace

StackPool::~StackPool() {
  for (void* base : all_) munmap(base, mapping_bytes());
}

FiberStack StackPool::allocate() {
  if (!free_.empty()) {
    const FiberStack stack = free_.back();
    free_.pop_back();
#if defined(__SANITIZE_ADDRESS__)
    // A fiber that ended by jumping away never returned from its first frames: their redzones
    // are still poisoned and would be false reports for the next fiber on this stack.
    ASAN_UNPOISON_MEMORY_REGION(static_cast<char*>(stack.top) - stack.size, stack.size);
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
  all_.push_back(base);
  free_.reserve(all_.size());  // so that release() never allocates
  // Stacks are page-aligned and a block switches among hundreds of them, so their hot tops would
  // all fall into the same cache sets. Staggering each top by a "colour" (a multiple of 256 bytes
  // below 4 KiB) spreads them over the sets.
  const std::size_t colour = (all_.size() % 16) * 256;
  return FiberStack{static_cast<char*>(base) + mapping_bytes() - colour, kUsableBytes - colour};
}

void StackPool::release(FiberStack stack) noexcept { free_.push_back(stack); }

}  // namespace cudalab::emu
