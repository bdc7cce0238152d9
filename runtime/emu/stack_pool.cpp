#include "emu/stack_pool.h"

#include <sys/mman.h>
#include <unistd.h>

#include <new>

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

boost::context::stack_context StackPool::allocate() {
  void* base = nullptr;
  if (!free_.empty()) {
    base = free_.back();
    free_.pop_back();
  } else {
    // MAP_NORESERVE: a thousand stacks cost address space, not memory, until a kernel touches them.
    base = mmap(nullptr, mapping_bytes(), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (base == MAP_FAILED) throw std::bad_alloc();
    if (mprotect(base, page_bytes(), PROT_NONE) != 0) {
      munmap(base, mapping_bytes());
      throw std::bad_alloc();
    }
    all_.reserve(all_.size() + 1);
    free_.reserve(all_.size() + 1);  // so that deallocate() never allocates
    all_.push_back(base);
  }
  boost::context::stack_context stack;
  stack.size = kUsableBytes;
  stack.sp = static_cast<char*>(base) + mapping_bytes();  // stacks grow down from the top
  return stack;
}

void StackPool::deallocate(boost::context::stack_context& stack) noexcept {
  free_.push_back(static_cast<char*>(stack.sp) - mapping_bytes());
}

}  // namespace cudalab::emu
