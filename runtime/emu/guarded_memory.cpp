#include "emu/guarded_memory.h"

#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <mutex>

#include "cudalab/emu/context.h"
#include "emu/dynamic_shared_guard.h"
#include "cudalab/emu_fault.h"

namespace cudalab::emu {
namespace {

std::size_t page_size() {
  static const std::size_t size = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  return size;
}

std::size_t pages_for(std::size_t bytes) { return (bytes + page_size() - 1) / page_size(); }

// The live allocations, for the crash handler: a slot holds {start, bytes}; start 0 = free. Written
// under `table_mutex`, read by the handler without it (a torn read at worst names no buffer).
constexpr std::size_t kTableSlots = 16384;
struct Slot {
  std::atomic<std::uintptr_t> start{0};
  std::atomic<std::size_t> bytes{0};
};
Slot table[kTableSlots];
std::mutex table_mutex;

void note(void* memory, std::size_t bytes) {
  std::lock_guard lock(table_mutex);
  for (Slot& slot : table) {
    if (slot.start.load(std::memory_order_relaxed) == 0) {
      slot.bytes.store(bytes, std::memory_order_relaxed);
      slot.start.store(reinterpret_cast<std::uintptr_t>(memory), std::memory_order_release);
      return;
    }
  }  // full: this buffer goes unnamed in a crash report, nothing worse
}

void forget(void* memory) {
  std::lock_guard lock(table_mutex);
  for (Slot& slot : table) {
    if (slot.start.load(std::memory_order_relaxed) == reinterpret_cast<std::uintptr_t>(memory)) {
      slot.start.store(0, std::memory_order_release);
      return;
    }
  }
}

}  // namespace

void* guarded_allocate(std::size_t bytes) {
  const std::size_t data_pages = pages_for(bytes);
  const std::size_t total = (data_pages + 2) * page_size();
  // MAP_NORESERVE: untouched pages cost nothing, as with malloc.
  void* mapping = ::mmap(nullptr, total, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (mapping == MAP_FAILED) return nullptr;
  auto* data = static_cast<char*>(mapping) + page_size();
  if (::mprotect(data, data_pages * page_size(), PROT_READ | PROT_WRITE) != 0) {
    ::munmap(mapping, total);
    return nullptr;
  }
  void* memory = data + data_pages * page_size() - bytes;
  note(memory, bytes);
  return memory;
}

void guarded_release(void* memory, std::size_t bytes) noexcept {
  if (memory == nullptr) return;
  forget(memory);
  const std::size_t data_pages = pages_for(bytes);
  char* end = static_cast<char*>(memory) + bytes;  // a page boundary: the guard page after
  char* mapping = end - (data_pages + 1) * page_size();
  ::munmap(mapping, (data_pages + 2) * page_size());
}

}  // namespace cudalab::emu

namespace cudalab {

bool find_emulated_fault(const void* address, EmulatedFault* out) {
  const emu::ThreadContext* context = emu::tls_context;
  if (context == nullptr || context->kernel_name == nullptr) return false;
  *out = EmulatedFault{};
  out->kernel = context->kernel_name;
  out->block[0] = context->block_idx.x, out->block[1] = context->block_idx.y, out->block[2] = context->block_idx.z;
  out->thread[0] = context->thread_idx.x, out->thread[1] = context->thread_idx.y, out->thread[2] = context->thread_idx.z;
  if (address == nullptr) return true;
  // Dynamic shared memory past what the launch asked for (dynamic_shared_guard.h)?
  if (emu::find_dynamic_shared(address, &out->shared_name, &out->offset, &out->bytes)) {
    out->near = EmulatedFault::Near::dynamic_shared;
    return true;
  }
  // The nearest buffer the address is past the end of, or before the start of.
  const auto at = reinterpret_cast<std::uintptr_t>(address);
  const std::uintptr_t reach = 2 * emu::page_size();
  for (const emu::Slot& slot : emu::table) {
    const std::uintptr_t start = slot.start.load(std::memory_order_acquire);
    const std::size_t bytes = slot.bytes.load(std::memory_order_relaxed);
    if (start == 0) continue;
    if (at >= start + bytes && at < start + bytes + reach) {
      out->near = EmulatedFault::Near::past_end;
      out->offset = at - start;
      out->bytes = bytes;
      return true;
    }
    if (at < start && at + reach >= start) {
      out->near = EmulatedFault::Near::before_start;
      out->offset = start - at;
      out->bytes = bytes;
      return true;
    }
  }
  return true;
}

}  // namespace cudalab
