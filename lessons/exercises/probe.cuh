#pragma once
// Compiled in front of a student's exercise kernel, on both backends (NVRTC and the emulator):
// the kernel's pointer parameters become cudalab_probe::Ptr<T>, which reads and writes like the
// pointer it stands for, and also
//   - checks every index against the buffer's length: an access outside it is recorded (thread,
//     block, buffer, index) and not performed, so the verdict names it instead of a crash;
//   - counts each thread's reads and writes per buffer (limits such as "each thread reads `a` once");
//   - remembers which thread last wrote each element (a wrong element names its writer);
//   - on the CPU emulator only, finds data races (race_shadow.cuh): the GPU code is unchanged.
// Plain C++17 without headers: NVRTC has no standard library.
// The checker compiles a file again with CUDALAB_PROBE_NO_RACE_CHECKS when the detector's proxies
// made valid CUDA fail to compile (compile_submission.cpp).
//
// On the emulator the submission's text follows `#pragma GCC poison cudalab cudalab_probe`: it
// cannot name the probe's records in its own address space (the access counts, the race records,
// the trace a speed goal is judged on) to forge them. What the checker itself writes into or after
// that text (the __shared__ wrappers, the entry) names the probe through this macro, defined
// before the pragma, which GCC allows.
#define CUDALAB_PROBE ::cudalab_probe
namespace cudalab_probe {
// The first out-of-bounds access of a launch, filled once (kFaultFlag) in memory the checker reads
// afterwards (lessons/exercises/checker.cpp lays out the same slots).
enum FaultSlot : unsigned int {
  kFaultFlag = 0,  // 0 until the first out-of-bounds access
  kFaultBuffer,    // the kernel parameter, or the __shared__ array's number (kFaultShared)
  kFaultWrite,
  kFaultRank,
  kFaultIndexLow,  // a flat index
  kFaultIndexHigh,
  // A __shared__ array's (emulator only, shared_probe.cuh): its extents (up to 3) and its name,
  // 4 characters a slot, NUL-padded, so that the verdict names the element as the kernel wrote it.
  kFaultShared,
  kFaultDims,
  kFaultDim0,
  kFaultName = kFaultDim0 + 3,
  kFaultNameSlots = 8,
  kFaultSlots = kFaultName + kFaultNameSlots
};

// A thread's number in the launch: blocks one after another, x fastest (the checker's thread_words).
__device__ inline unsigned int rank() {
  const unsigned int block = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  const unsigned int thread = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  return block * (blockDim.x * blockDim.y * blockDim.z) + thread;
}

#ifdef CUDALAB_EMU
// A speed exercise's traced test (speed.h), on the emulator only: every access to a buffer or a
// __shared__ array, with the thread's count of accesses so far. The lanes of a warp that made
// their k-th access made it with one instruction (as long as they went the same way), so the
// checker groups accesses by (warp, k) into the warp's memory requests and counts what each asked
// of memory: 32-byte sectors, shared-memory banks. Set by the generated entry from the probe
// (compile_submission.cpp); null when the test is not traced.
namespace trace {
enum : unsigned { kWritten = 0, kCapacity = 1, kFirst = 2 };  // slots of `entries`; two words an access
enum : unsigned { kSharedSpace = 128 };  // spaces: a parameter's number, or this + a __shared__ array's
inline unsigned long long* entries = nullptr;
inline unsigned int* counts = nullptr;  // one per thread of the launch: its traced accesses so far
inline void use(unsigned long long* trace_entries, unsigned int* trace_counts) {
  __atomic_store_n(&entries, trace_entries, __ATOMIC_RELAXED);
  __atomic_store_n(&counts, trace_counts, __ATOMIC_RELAXED);
}
// `byte`: the access's offset in its buffer or array. A full record drops the rest; the checker
// then says the test was too large to trace.
inline void note(unsigned space, unsigned long long byte, bool write) {
  unsigned long long* e = __atomic_load_n(&entries, __ATOMIC_RELAXED);
  if (e == nullptr) return;
  const unsigned int me = rank();
  const unsigned long long k = counts[me]++;
  const unsigned long long at = __atomic_fetch_add(&e[kWritten], 1ull, __ATOMIC_RELAXED);
  if (at >= e[kCapacity]) return;
  e[kFirst + 2 * at] = me | (k << 32);
  e[kFirst + 2 * at + 1] = (byte & ((1ull << 40) - 1)) | (static_cast<unsigned long long>(space) << 40) |
                           (static_cast<unsigned long long>(write) << 48);
}
}  // namespace trace
#endif
}  // namespace cudalab_probe

#if defined(CUDALAB_EMU) && !defined(CUDALAB_PROBE_NO_RACE_CHECKS)
#define CUDALAB_PROBE_RACE_CHECKS 1
#include "race_shadow.cuh"
#endif
namespace cudalab_probe {

// Filled by the checker (lessons/exercises/checker.cpp) in device memory; the layout is shared.
struct Probe {
  unsigned int* reads;   // [buffer * threads + rank]
  unsigned int* writes;  // [buffer * threads + rank]
  int* writers;          // every buffer's elements, one after another: rank of the last writer, -1: none
  unsigned int* fault;   // kFault* above
  unsigned int threads;  // threads in the launch
  // The race detector's (emulator only; null on a GPU): three slots per element, laid out as
  // `writers`, and the first race (race_shadow.cuh's kRace* slots).
  unsigned long long* shadow;
  unsigned int* race;
  // A speed exercise's traced test (emulator only, else null): trace::entries and trace::counts.
  unsigned long long* trace;
  unsigned int* trace_counts;
};

// U is T or const T (no <type_traits> under NVRTC).
template <class U, class T>
struct BindsTo {};
template <class T>
struct BindsTo<T, T> {
  using type = int;
};
template <class T>
struct BindsTo<const T, T> {
  using type = int;
};
template <class U>
struct IsConst {
  static constexpr bool value = false;
};
template <class U>
struct IsConst<const U> {
  static constexpr bool value = true;
};

template <class T>
struct ReadRef {
  using ValueType = T;
  T* data;
  long long index;
  long long count;
  Probe* probe;
  int buffer;
  long long writer_base;
#ifdef CUDALAB_PROBE_RACE_CHECKS
  unsigned line;  // of the student's `[]`

  CUDALAB_PROBE_HOT void race_check(bool write) const {
    unsigned int* race = probe->race;
    if (race == nullptr || race[kRaceFlag] != 0u) return;
    race::global_access(race, probe->shadow + 3 * (writer_base + index), static_cast<unsigned>(buffer), index, line, write);
  }
#else
  __device__ void race_check(bool) const {}
#endif

  // One access by this thread, counted (and traced, where a speed exercise's test is traced).
  __device__ void tally(bool write, unsigned int me) const {
    (write ? probe->writes : probe->reads)[buffer * probe->threads + me] += 1;
#ifdef CUDALAB_EMU
    trace::note(static_cast<unsigned>(buffer), static_cast<unsigned long long>(index) * sizeof(T), write);
#endif
  }
  __device__ bool inside(bool write) const {
    if (index >= 0 && index < count) return true;
    if (atomicCAS(&probe->fault[kFaultFlag], 0u, 1u) == 0u) {
      probe->fault[kFaultBuffer] = static_cast<unsigned int>(buffer);
      probe->fault[kFaultWrite] = write ? 1u : 0u;
      probe->fault[kFaultRank] = rank();
      const unsigned long long bits = static_cast<unsigned long long>(index);
      probe->fault[kFaultIndexLow] = static_cast<unsigned int>(bits);
      probe->fault[kFaultIndexHigh] = static_cast<unsigned int>(bits >> 32);
    }
    return false;
  }
  __device__ operator T() const {
    if (owned) return own;
    if (!inside(false)) return T();
    tally(false, rank());  // only this thread touches its slots
    race_check(false);
    return data[index];
  }
  // `auto v = a[i]; v += 10;` makes v a copy of this reference, not a float: changing it takes the
  // element's value (one read) and goes on with v's own, as the float would. (A const element
  // cannot be written, so these never reach the buffer.)
  __device__ ReadRef& operator+=(T value) { return take(static_cast<T>(*this) + value); }
  __device__ ReadRef& operator-=(T value) { return take(static_cast<T>(*this) - value); }
  __device__ ReadRef& operator*=(T value) { return take(static_cast<T>(*this) * value); }
  __device__ ReadRef& operator/=(T value) { return take(static_cast<T>(*this) / value); }
  // &a[i]: a row pointer into a read-only buffer (`const float* row = &a[r * n]`). One past the
  // end is a valid pointer; the accesses through it are not checked any more.
  __device__ const T* operator&() const {
    if (index != count && !inside(false)) return nullptr;
    return data + index;
  }

  T own = T();         // the value of a copy that was changed (operator+= above)
  bool owned = false;

 private:
  __device__ ReadRef& take(T value) {
    own = value;
    owned = true;
    return *this;
  }
};

template <class T>
struct WriteRef : ReadRef<T> {
  // explicit: `out[i] = a[i]` must convert a[i] to T, not a's reference into one of out's.
  __device__ explicit WriteRef(const ReadRef<T>& at) : ReadRef<T>(at) {}
  WriteRef(const WriteRef& other) = default;
  __device__ WriteRef& operator=(T value) {
    if (this->inside(true)) {
      const unsigned int me = rank();
      this->tally(true, me);
      this->probe->writers[this->writer_base + this->index] = static_cast<int>(me);
      this->race_check(true);
      this->data[this->index] = value;
    }
    return *this;
  }
  // out[i] = out[j] assigns the value, never the reference.
  __device__ WriteRef& operator=(const WriteRef& other) { return *this = static_cast<T>(other); }
  __device__ WriteRef& operator+=(T value) { return *this = static_cast<T>(*this) + value; }
  __device__ WriteRef& operator-=(T value) { return *this = static_cast<T>(*this) - value; }
  __device__ WriteRef& operator*=(T value) { return *this = static_cast<T>(*this) * value; }
  __device__ WriteRef& operator/=(T value) { return *this = static_cast<T>(*this) / value; }
  // `float& y = out[i];` binds a reference to the element: checked, and counted as one write (a
  // read for `const float&`) when it is bound; what goes through y afterwards is not seen. A
  // template, so that where a value will do (`float v = out[i]`) the plain conversion is chosen.
  // Outside the buffer the fault is recorded and y is the first element: the verdict is decided.
  template <class U, typename BindsTo<U, T>::type = 0>
  __device__ operator U&() const {
    const bool write = !IsConst<U>::value;
    if (!this->inside(write)) return this->data[0];
    const unsigned int me = rank();
    this->tally(write, me);
    if (write) this->probe->writers[this->writer_base + this->index] = static_cast<int>(me);
    this->race_check(write);
    return this->data[this->index];
  }
  // &out[i] (for atomicAdd): counted as a write, checked, and a harmless address when outside.
  __device__ T* operator&() const {
    if (!this->inside(true)) return nullptr;
    const unsigned int me = rank();
    this->tally(true, me);
    this->probe->writers[this->writer_base + this->index] = static_cast<int>(me);
    return this->data + this->index;
  }
};

template <class T>
struct RefFor {
  using type = WriteRef<T>;
};
template <class T>
struct RefFor<const T> {
  using type = ReadRef<T>;
};
template <class T>
struct Unconst {
  using type = T;
};
template <class T>
struct Unconst<const T> {
  using type = T;
};

template <class T>
struct Ptr {
  using Value = typename Unconst<T>::type;
  Value* data;
  long long count;
  long long offset;
  Probe* probe;
  int buffer;
  int unused;
  long long writer_base;

#ifdef CUDALAB_PROBE_RACE_CHECKS
  // race::At carries the line of the student's `[]` for the race detector.
  CUDALAB_PROBE_HOT typename RefFor<T>::type operator[](race::At at) const {
    return typename RefFor<T>::type(ReadRef<Value>{data, offset + at.index, count, probe, buffer, writer_base, at.line});
  }
  typename RefFor<T>::type operator*() const { return (*this)[race::At(0, 0u)]; }  // line 0: unknown
#else
  __device__ typename RefFor<T>::type operator[](long long i) const {
    return typename RefFor<T>::type(ReadRef<Value>{data, offset + i, count, probe, buffer, writer_base});
  }
  __device__ typename RefFor<T>::type operator*() const { return (*this)[0]; }
#endif
  __device__ Ptr operator+(long long k) const {
    Ptr moved = *this;
    moved.offset += k;
    return moved;
  }
  __device__ Ptr operator-(long long k) const { return *this + (-k); }
  __device__ Ptr& operator+=(long long k) {
    offset += k;
    return *this;
  }
  __device__ Ptr& operator-=(long long k) {
    offset -= k;
    return *this;
  }
  // A copy walked along the buffer (`for (auto p = a; p < a + n; ++p)`, pointer_copies.h).
  __device__ Ptr& operator++() { return *this += 1; }
  __device__ Ptr& operator--() { return *this -= 1; }
  __device__ Ptr operator++(int) {
    Ptr old = *this;
    *this += 1;
    return old;
  }
  __device__ Ptr operator--(int) {
    Ptr old = *this;
    *this -= 1;
    return old;
  }
  __device__ long long operator-(const Ptr& other) const { return (data + offset) - (other.data + other.offset); }
  __device__ bool operator==(const Ptr& other) const { return data + offset == other.data + other.offset; }
  __device__ bool operator!=(const Ptr& other) const { return !(*this == other); }
  __device__ bool operator<(const Ptr& other) const { return data + offset < other.data + other.offset; }
  __device__ bool operator>(const Ptr& other) const { return other < *this; }
  __device__ bool operator<=(const Ptr& other) const { return !(other < *this); }
  __device__ bool operator>=(const Ptr& other) const { return !(*this < other); }
  // Where a plain pointer is needed (a helper taking float*): the checks stop there.
#ifdef CUDALAB_PROBE_RACE_CHECKS
  // A template, so that p[i] has no built-in candidate (pointer subscript) to be ambiguous with
  // the member taking race::At.
  template <class U, std::enable_if_t<std::is_same_v<std::remove_const_t<U>, Value> && (std::is_const_v<U> || !std::is_const_v<T>), int> = 0>
  operator U*() const { return data + offset; }
  // `if (p)`, `p == nullptr`, memcpy(…, p, …): what the plain pointer's conversions allowed.
  operator std::conditional_t<std::is_const_v<T>, const void*, void*>() const { return data + offset; }
#else
  __device__ operator T*() const { return data + offset; }
#endif
};

}  // namespace cudalab_probe

#ifndef CUDALAB_EMU
// printf(fmt, a[i]) on a GPU: NVRTC passes the probe's reference into printf's varargs as it is,
// bits and all, and the kernel printed 0.000000. This overload takes part only when an argument is
// such a reference, and calls printf again with the values (read as any read is), which then
// resolves to the device's own printf. (The emulator's printf does the same: cuda_emu context.h.)
namespace cudalab_probe {
template <class T>
struct IsRef {
  static constexpr bool value = false;
};
template <class T>
struct IsRef<ReadRef<T>> {
  static constexpr bool value = true;
};
template <class T>
struct IsRef<WriteRef<T>> {
  static constexpr bool value = true;
};
template <bool Condition>
struct OnlyIf {};
template <>
struct OnlyIf<true> {
  using type = int;
};
template <class T>
__device__ const T& printf_value(const T& value) { return value; }
template <class T>
__device__ T printf_value(const ReadRef<T>& element) { return element; }
template <class T>
__device__ T printf_value(const WriteRef<T>& element) { return element; }
}  // namespace cudalab_probe

template <class... Args, typename cudalab_probe::OnlyIf<(cudalab_probe::IsRef<Args>::value || ...)>::type = 0>
__device__ int printf(const char* format, const Args&... args) {
  return printf(format, cudalab_probe::printf_value(args)...);
}
#endif
