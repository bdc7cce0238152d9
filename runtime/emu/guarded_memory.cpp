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

// Appenders for a fixed buffer (the crash handler's).
struct Writer {
  char* out;
  std::size_t size, used = 0;
  void add(const char* text) {
    while (*text != '\0' && used + 1 < size) out[used++] = *text++;
    out[used] = '\0';
  }
  void add_number(std::uint64_t value) {
    char digits[24];
    int n = 0;
    do {
      digits[n++] = static_cast<char>('0' + value % 10);
      value /= 10;
    } while (value != 0);
    char one[2] = {0, 0};
    while (n > 0) {
      one[0] = digits[--n];
      add(one);
    }
  }
  void add_triple(unsigned x, unsigned y, unsigned z) {
    add("(");
    add_number(x);
    add(",");
    add_number(y);
    add(",");
    add_number(z);
    add(")");
  }
};

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

bool describe_emulated_fault(const void* address, char* out, std::size_t size) {
  if (size == 0) return false;
  out[0] = '\0';
  const emu::ThreadContext* context = emu::tls_context;
  if (context == nullptr || context->kernel_name == nullptr) return false;
  emu::Writer text{out, size};
  text.add("kernel ");
  text.add(context->kernel_name);
  text.add(", block ");
  text.add_triple(context->block_idx.x, context->block_idx.y, context->block_idx.z);
  text.add(", thread ");
  text.add_triple(context->thread_idx.x, context->thread_idx.y, context->thread_idx.z);
  // Dynamic shared memory past what the launch asked for (dynamic_shared_guard.h)?
  const char* shared_name = nullptr;
  std::size_t shared_offset = 0, shared_requested = 0;
  if (address != nullptr && emu::find_dynamic_shared(address, &shared_name, &shared_offset, &shared_requested)) {
    text.add(": byte ");
    text.add_number(shared_offset);
    text.add(" of dynamic shared memory (extern __shared__ ");
    text.add(shared_name);
    text.add("[]), but the launch asked for ");
    text.add_number(shared_requested);
    text.add(" bytes");
    return true;
  }
  // The nearest buffer the address is past the end of, or before the start of (within a page or
  // two: farther than that, it is a wild pointer, not an overrun).
  const auto at = reinterpret_cast<std::uintptr_t>(address);
  const std::uintptr_t reach = 2 * emu::page_size();
  for (const emu::Slot& slot : emu::table) {
    const std::uintptr_t start = slot.start.load(std::memory_order_acquire);
    const std::size_t bytes = slot.bytes.load(std::memory_order_relaxed);
    if (start == 0) continue;
    if (at >= start + bytes && at < start + bytes + reach) {
      text.add(": byte ");
      text.add_number(at - start);
      text.add(" of a ");
      text.add_number(bytes);
      text.add("-byte device buffer, past its end");
      return true;
    }
    if (at < start && at + reach >= start) {
      text.add(": ");
      text.add_number(start - at);
      text.add(" bytes before the start of a ");
      text.add_number(bytes);
      text.add("-byte device buffer");
      return true;
    }
  }
  return true;
}

}  // namespace cudalab
