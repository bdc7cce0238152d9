#include "emu/dynamic_shared_guard.h"

#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>

#include "cudalab/emu/context.h"

namespace cudalab::emu {
namespace {

// Registered at start-up (static initialisers), read by every worker: a lock-free list.
std::atomic<DynamicSharedArray*> registered{nullptr};
// What this worker's copies are fenced at now (each array's copy has the same fence).
thread_local std::size_t fenced_at = kDynamicSharedBytes;
thread_local std::size_t requested_now = kDynamicSharedBytes;  // by the launch this worker runs

std::size_t page_size() {
  static const std::size_t size = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  return size;
}

}  // namespace

void register_dynamic_shared(DynamicSharedArray* array) {
  array->next = registered.load(std::memory_order_relaxed);
  while (!registered.compare_exchange_weak(array->next, array, std::memory_order_release, std::memory_order_relaxed)) {
  }
}

void fence_dynamic_shared(std::size_t requested_bytes) noexcept {
  requested_now = requested_bytes;
  const std::size_t page = page_size();
  std::size_t open = (requested_bytes + page - 1) / page * page;
  if (open > kDynamicSharedBytes) open = kDynamicSharedBytes;
  if (open == fenced_at || kDynamicSharedBytes % page != 0) return;
  for (DynamicSharedArray* array = registered.load(std::memory_order_acquire); array != nullptr; array = array->next) {
    auto* base = static_cast<char*>(array->this_thread_copy());
    if (reinterpret_cast<std::uintptr_t>(base) % page != 0) continue;  // not page-aligned: cannot fence
    if (open > 0) (void)::mprotect(base, open, PROT_READ | PROT_WRITE);
    if (open < kDynamicSharedBytes) (void)::mprotect(base + open, kDynamicSharedBytes - open, PROT_NONE);
  }
  fenced_at = open;
}

bool find_dynamic_shared(const void* address, const char** name, std::size_t* offset, std::size_t* requested) {
  const auto at = reinterpret_cast<std::uintptr_t>(address);
  for (DynamicSharedArray* array = registered.load(std::memory_order_acquire); array != nullptr; array = array->next) {
    const auto base = reinterpret_cast<std::uintptr_t>(array->this_thread_copy());
    if (at >= base && at < base + kDynamicSharedBytes) {
      *name = array->name;
      *offset = at - base;
      *requested = requested_now;
      return true;
    }
  }
  return false;
}

}  // namespace cudalab::emu
