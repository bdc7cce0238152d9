// The emulated CUDA runtime's engine (cudalab/emu/runtime_engine.h for the program's side,
// cudalab/emulated_runtime.h for the executable's): each call of a program compiled for the
// emulator reaches the bound Device here, answers with CUDA's error numbers and is recorded.
#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>

#include "cudalab/emu/runtime_engine.h"
#include "cudalab/emulated_runtime.h"
#include "cudalab/message_format.h"

namespace cudalab::emu {

// The storage every rewritten `extern __shared__` array of a program points at (program_text.h):
// one per worker, fenced past each launch's dynamic shared bytes like a lesson's (context.h).
alignas(4096) thread_local unsigned char program_dynamic_shared[kDynamicSharedBytes];
namespace {
DynamicSharedArray program_dynamic_shared_array{"extern __shared__", []() -> void* { return program_dynamic_shared; }};
const DynamicSharedRegistration program_dynamic_shared_registration{&program_dynamic_shared_array};
}  // namespace

namespace rt {
namespace {

enum Error {
  kSuccess = 0, kInvalidValue = 1, kMemoryAllocation = 2, kInvalidConfiguration = 9, kInvalidDevicePointer = 17,
  kInvalidMemcpyDirection = 21, kNoDevice = 100, kInvalidDevice = 101, kInvalidResourceHandle = 400, kNotReady = 600,
  kIllegalAddress = 700, kLaunchOutOfResources = 701, kLaunchTimeout = 702, kAssert = 710, kLaunchFailure = 719,
  kNotSupported = 801, kUnknown = 999,
};

struct Runtime {
  std::recursive_mutex mutex;
  Device* device = nullptr;
  int last_error = 0;
  int sticky_error = 0;  // a kernel fault spoils the context: every later call answers it, as on a GPU
  int fail_launches = 0;
  std::map<std::uintptr_t, emulated_runtime::Allocation> allocations;
  std::map<std::uintptr_t, std::size_t> host_allocations;
  std::vector<std::shared_ptr<Event>> events;  // id - 1
  emulated_runtime::Record record;
};

Runtime& runtime() {
  static Runtime* r = new Runtime;  // never destroyed: a program's exit() may still call in
  return *r;
}

int error_of(const Status& status) {
  switch (status.code) {
    case StatusCode::ok: return kSuccess;
    case StatusCode::invalid_config: return kInvalidConfiguration;
    case StatusCode::invalid_argument: return kInvalidValue;
    case StatusCode::out_of_memory: return kMemoryAllocation;
    case StatusCode::no_device: return kNoDevice;
    case StatusCode::launch_failed: return kLaunchOutOfResources;
    case StatusCode::kernel_fault:
      return status.message.find("assert") != std::string::npos ? kAssert : kLaunchFailure;
    case StatusCode::divergent_barrier: return kLaunchFailure;
    case StatusCode::timeout: return kLaunchTimeout;
    case StatusCode::unsupported: return kNotSupported;
    default: return kUnknown;
  }
}

// Records a call's outcome as the last error (a success leaves the last error as it was, as CUDA's
// does) and returns it.
int answer(Runtime& r, int error, const Status& why = Status::success()) {
  if (error != kSuccess) {
    r.last_error = error;
    if (!why.ok()) r.record.last_failure = why;
    if (error == kIllegalAddress || error == kAssert || error == kLaunchFailure) r.sticky_error = error;
  }
  return error;
}
int answer(Runtime& r, const Status& status) { return answer(r, error_of(status), status); }

// The device allocation `ptr` points into, or nullptr.
const emulated_runtime::Allocation* allocation_of(Runtime& r, const void* ptr) {
  const auto address = reinterpret_cast<std::uintptr_t>(ptr);
  auto it = r.allocations.upper_bound(address);
  if (it == r.allocations.begin()) return nullptr;
  --it;
  return address < it->first + it->second.bytes ? &it->second : nullptr;
}

void flush_locked(Runtime& r) {
  if (r.device == nullptr) return;
  const std::string printed = r.device->take_printf_output();
  if (printed.empty()) return;
  std::fflush(stdout);
  std::fwrite(printed.data(), 1, printed.size(), stdout);
  std::fflush(stdout);
}

// Most calls begin here: the device bound, no sticky error.
#define CUDALAB_RT_BEGIN                              \
  Runtime& r = runtime();                             \
  std::lock_guard lock(r.mutex);                      \
  if (r.device == nullptr) return answer(r, kNoDevice); \
  if (r.sticky_error != 0) return answer(r, r.sticky_error)

}  // namespace

int malloc_device(void** ptr, std::size_t bytes, int line) {
  CUDALAB_RT_BEGIN;
  if (ptr == nullptr) return answer(r, kInvalidValue);
  *ptr = nullptr;
  if (bytes == 0) return kSuccess;
  if (Status s = r.device->allocate(bytes, ptr); !s.ok()) return answer(r, s);
  r.allocations[reinterpret_cast<std::uintptr_t>(*ptr)] = {*ptr, bytes, line};
  return kSuccess;
}

int malloc_host(void** ptr, std::size_t bytes, int line) {
  (void)line;
  CUDALAB_RT_BEGIN;
  if (ptr == nullptr) return answer(r, kInvalidValue);
  if (Status s = r.device->allocate_pinned(bytes == 0 ? 1 : bytes, ptr); !s.ok()) return answer(r, s);
  r.host_allocations[reinterpret_cast<std::uintptr_t>(*ptr)] = bytes;
  return kSuccess;
}

int free_device(void* ptr, int line) {
  (void)line;
  CUDALAB_RT_BEGIN;
  if (ptr == nullptr) return kSuccess;
  const auto it = r.allocations.find(reinterpret_cast<std::uintptr_t>(ptr));
  if (it == r.allocations.end()) return answer(r, kInvalidValue);  // not from cudaMalloc, or freed twice
  r.device->synchronize();  // cudaFree waits for the work that may use it
  r.device->release(ptr);
  r.allocations.erase(it);
  return kSuccess;
}

int free_host(void* ptr, int line) {
  (void)line;
  CUDALAB_RT_BEGIN;
  if (ptr == nullptr) return kSuccess;
  const auto it = r.host_allocations.find(reinterpret_cast<std::uintptr_t>(ptr));
  if (it == r.host_allocations.end()) return answer(r, kInvalidValue);
  r.device->synchronize();
  r.device->release_pinned(ptr);
  r.host_allocations.erase(it);
  return kSuccess;
}

int copy(void* dst, const void* src, std::size_t bytes, int kind, int stream, int line) {
  CUDALAB_RT_BEGIN;
  const emulated_runtime::Allocation* to = allocation_of(r, dst);
  const emulated_runtime::Allocation* from = allocation_of(r, src);
  if (kind == 4) kind = (to ? 1 : 0) + (from ? 2 : 0) == 3 ? 3 : to ? 1 : from ? 2 : 0;  // cudaMemcpyDefault
  emulated_runtime::Copy record{bytes, kind, line, 0, 0};
  record.device_bytes = kind == 1 ? (to ? to->bytes : 0) : kind == 2 || kind == 3 ? (from ? from->bytes : 0) : 0;
  Status status;
  if (stream >= 0) status = Device::check_stream(stream);
  if (status.ok()) switch (kind) {
      case 0:
        status = r.device->synchronize();
        if (status.ok() && bytes > 0) std::memmove(dst, src, bytes);
        break;
      case 1: status = stream >= 0 ? r.device->copy_to_device_async(dst, src, bytes, stream) : r.device->copy_to_device(dst, src, bytes); break;
      case 2: status = stream >= 0 ? r.device->copy_to_host_async(dst, src, bytes, stream) : r.device->copy_to_host(dst, src, bytes); break;
      case 3: status = r.device->copy_device_to_device(dst, src, bytes); break;
      default: record.error = answer(r, kInvalidMemcpyDirection); r.record.copies.push_back(record); return record.error;
    }
  flush_locked(r);
  record.error = status.ok() ? kSuccess : answer(r, status);
  r.record.copies.push_back(record);
  return record.error;
}

int fill(void* dst, int value, std::size_t bytes, int line) {
  (void)line;
  CUDALAB_RT_BEGIN;
  const emulated_runtime::Allocation* to = allocation_of(r, dst);
  if (to == nullptr || reinterpret_cast<const char*>(dst) + bytes > static_cast<const char*>(to->ptr) + to->bytes)
    return answer(r, kInvalidValue, Status::error(StatusCode::invalid_argument,
                                                  message("cudaMemset of {} bytes past the end of its allocation, or "
                                                          "not on device memory", bytes)));
  if (Status s = r.device->synchronize(); !s.ok()) return answer(r, s);
  std::memset(dst, value, bytes);
  return kSuccess;
}

int launch(const char* name, dim3 grid, dim3 block, std::size_t shared_bytes, int stream, std::shared_ptr<const void> args,
           void (*invoke)(const void*), int line) {
  Runtime& r = runtime();
  std::lock_guard lock(r.mutex);
  LaunchConfig config;
  config.grid = Dim3{grid.x, grid.y, grid.z};
  config.block = Dim3{block.x, block.y, block.z};
  config.dynamic_shared_bytes = shared_bytes;
  config.stream = stream;
  emulated_runtime::Launch record{name, config, line, 0};
  if (r.device == nullptr) {
    record.error = answer(r, kNoDevice);
  } else if (r.sticky_error != 0) {
    record.error = answer(r, r.sticky_error);
  } else if (r.fail_launches != 0) {
    record.error = answer(r, r.fail_launches);
  } else {
    KernelEntry entry;
    entry.name = name;
    const Status status = r.device->launch(entry, config, nullptr, EmuInvocation{std::move(args), invoke});
    record.error = status.ok() ? kSuccess : answer(r, status);
  }
  r.record.launches.push_back(record);
  return record.error;
}

int synchronize(int line) {
  (void)line;
  CUDALAB_RT_BEGIN;
  ++r.record.synchronizations;
  const Status status = r.device->synchronize();
  flush_locked(r);
  return status.ok() ? kSuccess : answer(r, status);
}

int last_error(bool reset) {
  Runtime& r = runtime();
  std::lock_guard lock(r.mutex);
  ++r.record.errors_asked;
  const int error = r.sticky_error != 0 ? r.sticky_error : r.last_error;
  if (reset) r.last_error = kSuccess;
  return error;
}

void note_error(int error) {
  Runtime& r = runtime();
  std::lock_guard lock(r.mutex);
  answer(r, error);
}

const char* error_name(int error) { return emulated_runtime::error_name(error); }
const char* error_string(int error) { return emulated_runtime::error_string(error); }

int event_create(int* id) {
  CUDALAB_RT_BEGIN;
  r.events.push_back(nullptr);
  *id = static_cast<int>(r.events.size());
  return kSuccess;
}

int event_record(int id, int stream) {
  CUDALAB_RT_BEGIN;
  if (id < 1 || id > static_cast<int>(r.events.size())) return answer(r, kInvalidResourceHandle);
  if (Status s = Device::check_stream(stream); !s.ok()) return answer(r, kInvalidResourceHandle, s);
  r.events[static_cast<std::size_t>(id - 1)] = r.device->record_event_on(stream);
  return kSuccess;
}

int event_synchronize(int id) {
  CUDALAB_RT_BEGIN;
  if (id < 1 || id > static_cast<int>(r.events.size())) return answer(r, kInvalidResourceHandle);
  const Status status = r.device->synchronize();  // one in-order queue: the event is passed when all is
  flush_locked(r);
  return status.ok() ? kSuccess : answer(r, status);
}

int event_query(int id) { return event_synchronize(id); }

int event_elapsed(float* ms, int start, int end) {
  CUDALAB_RT_BEGIN;
  const auto count = static_cast<int>(r.events.size());
  if (start < 1 || start > count || end < 1 || end > count) return answer(r, kInvalidResourceHandle);
  const auto& a = r.events[static_cast<std::size_t>(start - 1)];
  const auto& b = r.events[static_cast<std::size_t>(end - 1)];
  if (!a || !b) return answer(r, kInvalidResourceHandle);  // an event never recorded
  if (Status s = r.device->synchronize(); !s.ok()) return answer(r, s);
  *ms = static_cast<float>(r.device->elapsed_ms(*a, *b));
  return kSuccess;
}

int event_destroy(int id) {
  CUDALAB_RT_BEGIN;
  if (id < 1 || id > static_cast<int>(r.events.size())) return answer(r, kInvalidResourceHandle);
  r.events[static_cast<std::size_t>(id - 1)].reset();
  return kSuccess;
}

// The emulator runs every stream's work in one order (Device's streams): a program's streams are
// numbered round the emulator's.
int stream_create(int* id) {
  CUDALAB_RT_BEGIN;
  static int next = 0;
  *id = 1 + (next++ % kLastStream);
  return kSuccess;
}
int stream_destroy(int id) {
  (void)id;
  return kSuccess;
}
int stream_synchronize(int id) {
  (void)id;
  return synchronize(0);
}

int device_properties(DeviceProperties* out, int device) {
  CUDALAB_RT_BEGIN;
  if (device != 0) return answer(r, kInvalidDevice);
  const DeviceFacts& f = r.device->facts();
  *out = DeviceProperties{};
  std::snprintf(out->name, sizeof out->name, "%s", f.name.c_str());
  out->global_mem = f.global_mem_bytes;
  out->shared_per_block = f.shared_per_block;
  out->shared_per_block_optin = f.shared_per_block_optin;
  out->shared_per_sm = f.shared_per_sm != 0 ? f.shared_per_sm : f.shared_per_block;
  out->l2_bytes = f.l2_bytes;
  out->regs_per_block = f.regs_per_block;
  out->regs_per_sm = f.regs_per_sm;
  out->warp_size = f.warp_size;
  out->max_threads_per_block = f.max_threads_per_block;
  for (int i = 0; i < 3; ++i) {
    out->max_threads_dim[i] = static_cast<int>(f.max_block_dim[static_cast<std::size_t>(i)]);
    out->max_grid_size[i] = static_cast<int>(f.max_grid_dim[static_cast<std::size_t>(i)]);
  }
  out->major = f.cc_major;
  out->minor = f.cc_minor;
  out->sm_count = f.sm_count;
  out->max_threads_per_sm = f.max_threads_per_sm;
  out->max_blocks_per_sm = f.max_blocks_per_sm;
  out->clock_khz = f.clock_khz;
  out->mem_clock_khz = f.mem_clock_khz;
  out->mem_bus_width = f.mem_bus_width_bits;
  return kSuccess;
}

int device_count(int* count) {
  Runtime& r = runtime();
  std::lock_guard lock(r.mutex);
  *count = r.device != nullptr ? 1 : 0;
  return r.device != nullptr ? kSuccess : answer(r, kNoDevice);
}

int set_device(int device) {
  CUDALAB_RT_BEGIN;
  return device == 0 ? kSuccess : answer(r, kInvalidDevice);
}

int get_device(int* device) {
  CUDALAB_RT_BEGIN;
  *device = 0;
  return kSuccess;
}

int reset_device() {
  CUDALAB_RT_BEGIN;
  const Status status = r.device->synchronize();
  flush_locked(r);
  return status.ok() ? kSuccess : answer(r, status);
}

int max_active_blocks(int* blocks, int block_threads, std::size_t shared_bytes) {
  CUDALAB_RT_BEGIN;
  const DeviceFacts& f = r.device->facts();
  if (blocks == nullptr || block_threads <= 0) return answer(r, kInvalidValue);
  if (block_threads > f.max_threads_per_block || shared_bytes > f.shared_per_block_optin) {
    *blocks = 0;
    return kSuccess;
  }
  // By threads, by blocks, by shared memory: the smallest. (Registers: the emulator has none to count.)
  int by_threads = f.max_threads_per_sm / ((block_threads + f.warp_size - 1) / f.warp_size * f.warp_size);
  if (f.max_blocks_per_sm > 0) by_threads = std::min(by_threads, f.max_blocks_per_sm);
  const std::size_t per_sm = f.shared_per_sm != 0 ? f.shared_per_sm : f.shared_per_block;
  if (shared_bytes > 0) by_threads = std::min(by_threads, static_cast<int>(per_sm / shared_bytes));
  *blocks = by_threads;
  return kSuccess;
}

void* dynamic_shared() { return program_dynamic_shared; }

#undef CUDALAB_RT_BEGIN
}  // namespace rt
}  // namespace cudalab::emu

namespace cudalab::emulated_runtime {

using emu::rt::runtime;

void bind(Device* device) {
  auto& r = runtime();
  std::lock_guard lock(r.mutex);
  r.device = device;
  r.last_error = r.sticky_error = r.fail_launches = 0;
  r.allocations.clear();
  r.host_allocations.clear();
  r.events.clear();
  r.record = Record{};
}

void clear() {
  auto& r = runtime();
  std::lock_guard lock(r.mutex);
  r.record = Record{};
}

Record record() {
  auto& r = runtime();
  std::lock_guard lock(r.mutex);
  Record out = r.record;
  for (const auto& [address, allocation] : r.allocations) out.live.push_back(allocation);
  return out;
}

void release_leftovers() {
  auto& r = runtime();
  std::lock_guard lock(r.mutex);
  if (r.device == nullptr) return;
  r.device->synchronize();
  for (const auto& [address, allocation] : r.allocations) r.device->release(const_cast<void*>(allocation.ptr));
  for (const auto& [address, bytes] : r.host_allocations) r.device->release_pinned(reinterpret_cast<void*>(address));
  r.allocations.clear();
  r.host_allocations.clear();
  r.last_error = r.sticky_error = 0;
}

void fail_launches(int error) {
  auto& r = runtime();
  std::lock_guard lock(r.mutex);
  r.fail_launches = error;
}

void flush_printf() {
  auto& r = runtime();
  std::lock_guard lock(r.mutex);
  emu::rt::flush_locked(r);
}

}  // namespace cudalab::emulated_runtime
