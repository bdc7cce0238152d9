#pragma once
// CUDA's atomic functions on the emulator, with CUDA's overload set: explicit overloads (not one
// template) so that `atomicAdd(&unsigned_counter, 1)` converts the 1 exactly as nvcc does.
// Memory order is relaxed, as CUDA's atomics are; fences are __threadfence().
//
// Written with the compiler's __atomic builtins, not <atomic>: in C++20 libstdc++'s <atomic> brings
// <string>, <system_error> and more (atomic waits), and every exercise check compiles this header
// (#32): its precompiled form was half the size, its templates instantiated again at the end of
// each check, about 100 ms of every check's compile. The operations are std::atomic_ref's, relaxed.
#include <type_traits>

namespace cudalab::emu {

template <class T>
inline T atomic_read(T* address) {
  T value;
  __atomic_load(address, &value, __ATOMIC_RELAXED);
  return value;
}
template <class T>
inline T atomic_exch(T* address, T value) {
  T old;
  __atomic_exchange(address, &value, &old, __ATOMIC_RELAXED);
  return old;
}
template <class T>
inline T atomic_cas(T* address, T compare, T value) {
  __atomic_compare_exchange(address, &compare, &value, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  return compare;  // the old value, as CUDA's atomicCAS returns
}
// Read-modify-write with any update rule, returning the old value (min, max, inc, dec...).
template <class T, class Update>
inline T atomic_update(T* address, Update update) {
  T old = atomic_read(address);
  T next = update(old);
  while (!__atomic_compare_exchange(address, &old, &next, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) next = update(old);
  return old;
}
// Integers in one instruction; float and double by a compare-and-swap loop (as atomic_ref's).
template <class T>
inline T atomic_add(T* address, T value) {
  if constexpr (std::is_integral_v<T>) {
    return __atomic_fetch_add(address, value, __ATOMIC_RELAXED);
  } else {
    return atomic_update(address, [value](T old) { return old + value; });
  }
}
template <class T>
inline T atomic_min(T* address, T value) {
  return atomic_update(address, [value](T old) { return value < old ? value : old; });
}
template <class T>
inline T atomic_max(T* address, T value) {
  return atomic_update(address, [value](T old) { return value > old ? value : old; });
}

template <class... T>
struct always_false {
  static constexpr bool value = false;
};

}  // namespace cudalab::emu

#define CUDALAB_EMU_ATOMIC(name, impl, type) \
  inline type name(type* address, type value) { return ::cudalab::emu::impl(address, value); }

CUDALAB_EMU_ATOMIC(atomicAdd, atomic_add, int)
CUDALAB_EMU_ATOMIC(atomicAdd, atomic_add, unsigned int)
CUDALAB_EMU_ATOMIC(atomicAdd, atomic_add, unsigned long long)
CUDALAB_EMU_ATOMIC(atomicAdd, atomic_add, float)
CUDALAB_EMU_ATOMIC(atomicAdd, atomic_add, double)

inline int atomicSub(int* address, int value) { return ::cudalab::emu::atomic_add(address, -value); }
inline unsigned int atomicSub(unsigned int* address, unsigned int value) {
  return ::cudalab::emu::atomic_add(address, 0u - value);  // wraps like CUDA's
}

CUDALAB_EMU_ATOMIC(atomicExch, atomic_exch, int)
CUDALAB_EMU_ATOMIC(atomicExch, atomic_exch, unsigned int)
CUDALAB_EMU_ATOMIC(atomicExch, atomic_exch, unsigned long long)
CUDALAB_EMU_ATOMIC(atomicExch, atomic_exch, float)

CUDALAB_EMU_ATOMIC(atomicMin, atomic_min, int)
CUDALAB_EMU_ATOMIC(atomicMin, atomic_min, unsigned int)
CUDALAB_EMU_ATOMIC(atomicMin, atomic_min, long long)
CUDALAB_EMU_ATOMIC(atomicMin, atomic_min, unsigned long long)
CUDALAB_EMU_ATOMIC(atomicMax, atomic_max, int)
CUDALAB_EMU_ATOMIC(atomicMax, atomic_max, unsigned int)
CUDALAB_EMU_ATOMIC(atomicMax, atomic_max, long long)
CUDALAB_EMU_ATOMIC(atomicMax, atomic_max, unsigned long long)
#undef CUDALAB_EMU_ATOMIC

#define CUDALAB_EMU_ATOMIC_BITS(name, op, type)                                                  \
  inline type name(type* address, type value) {                                                 \
    return ::cudalab::emu::atomic_update(address, [value](type old) { return static_cast<type>(old op value); }); \
  }
CUDALAB_EMU_ATOMIC_BITS(atomicAnd, &, int)
CUDALAB_EMU_ATOMIC_BITS(atomicAnd, &, unsigned int)
CUDALAB_EMU_ATOMIC_BITS(atomicAnd, &, unsigned long long)
CUDALAB_EMU_ATOMIC_BITS(atomicOr, |, int)
CUDALAB_EMU_ATOMIC_BITS(atomicOr, |, unsigned int)
CUDALAB_EMU_ATOMIC_BITS(atomicOr, |, unsigned long long)
CUDALAB_EMU_ATOMIC_BITS(atomicXor, ^, int)
CUDALAB_EMU_ATOMIC_BITS(atomicXor, ^, unsigned int)
CUDALAB_EMU_ATOMIC_BITS(atomicXor, ^, unsigned long long)
#undef CUDALAB_EMU_ATOMIC_BITS

inline int atomicCAS(int* address, int compare, int value) { return ::cudalab::emu::atomic_cas(address, compare, value); }
inline unsigned int atomicCAS(unsigned int* address, unsigned int compare, unsigned int value) {
  return ::cudalab::emu::atomic_cas(address, compare, value);
}
inline unsigned long long atomicCAS(unsigned long long* address, unsigned long long compare, unsigned long long value) {
  return ::cudalab::emu::atomic_cas(address, compare, value);
}
inline unsigned short atomicCAS(unsigned short* address, unsigned short compare, unsigned short value) {
  return ::cudalab::emu::atomic_cas(address, compare, value);
}

// ((old >= limit) ? 0 : old + 1) and ((old == 0 || old > limit) ? limit : old - 1), as in CUDA.
inline unsigned int atomicInc(unsigned int* address, unsigned int limit) {
  return ::cudalab::emu::atomic_update(address, [limit](unsigned int old) { return old >= limit ? 0u : old + 1u; });
}
inline unsigned int atomicDec(unsigned int* address, unsigned int limit) {
  return ::cudalab::emu::atomic_update(address,
                                       [limit](unsigned int old) { return (old == 0 || old > limit) ? limit : old - 1u; });
}

// CUDA has no atomicMin/atomicMax on floating point: a kernel that compiles here must compile
// with nvcc too. The usual way is an atomicCAS loop on __float_as_int (the test kernels show one).
template <class Unused = void>
float atomicMin(float*, float) {
  static_assert(::cudalab::emu::always_false<Unused>::value,
                "CUDA has no atomicMin for float: use an atomicCAS loop on __float_as_int (nvcc would refuse this too)");
  return 0;
}
template <class Unused = void>
float atomicMax(float*, float) {
  static_assert(::cudalab::emu::always_false<Unused>::value,
                "CUDA has no atomicMax for float: use an atomicCAS loop on __float_as_int (nvcc would refuse this too)");
  return 0;
}
