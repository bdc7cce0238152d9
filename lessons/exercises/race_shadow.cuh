#pragma once
// The race detector of exercise checks, on the CPU emulator only (probe.cuh includes it under
// CUDALAB_EMU): two threads of a launch touching one element with nothing ordering them, at least
// one of them writing, neither through an atomic, is a data race — the grader fails it even when
// the schedule happened to give the right numbers (compute-sanitizer's racecheck is the model).
//
// What orders two accesses: inside a block, a __syncthreads() between them (the engine's
// sync_point().epoch: a block runs barrier phase by phase, so the same epoch means no barrier between);
// across blocks, nothing (an exercise has no grid-wide sync). Each element has a shadow of three
// 64-bit slots: its last writer and up to two readers since, each {thread, epoch, line} packed in
// one word, so a slot read while another worker writes it is never torn (blocks run on several
// workers at once). A lost update there can only hide a race between blocks, never invent one.
//
// Accesses through `&element` (atomicAdd(&out[i], v), a plain pointer kept for later) are not
// seen: the detector cannot tell an atomic from a plain use, and must never call an atomic a race.
#include <type_traits>

#include "cudalab/emu/sync_epoch.h"

namespace cudalab_probe {

// The first race of a launch, filled once (kRaceFlag) in memory the checker reads afterwards
// (lessons/exercises/checker.cpp lays out the same slots). Ranks as probe.cuh's rank().
enum RaceSlot : unsigned int {
  kRaceFlag = 0,  // 0 until the first race
  kRaceShared,    // 1: a __shared__ array, 0: a kernel parameter (kRaceArray is its index)
  kRaceArray,
  kRaceIndexLow,  // the element, as a flat index
  kRaceIndexHigh,
  kRaceFirstRank,  // the earlier access
  kRaceFirstWrite,
  kRaceFirstLine,
  kRaceSecondRank,  // the access that found the race
  kRaceSecondWrite,
  kRaceSecondLine,
  kRaceDims,  // a __shared__ array's extents (up to 3), to name the element tile[i][j]
  kRaceDim0,
  kRaceDim1,
  kRaceDim2,
  kRaceName,  // a __shared__ array's name, 4 characters a slot, NUL-padded
  kRaceNameSlots = 8,
  kRaceSlots = kRaceName + kRaceNameSlots
};

namespace race {

// Kernels are compiled at -O1, which inlines almost nothing: every step of an element access would
// be a call. The checks every access makes (bounds, counts, is the detector on) are inlined by force.
#define CUDALAB_PROBE_HOT __attribute__((always_inline))

// Where a launch's race and fault records are; set by the generated entry (compile_submission.cpp)
// from the kernel's first checked pointer, before the thread runs: the __shared__ arrays report
// their races and out-of-bounds accesses there too.
inline unsigned int* record = nullptr;
inline unsigned int* fault_record = nullptr;
inline void use_records(unsigned int* race, unsigned int* fault) {
  __atomic_store_n(&record, race, __ATOMIC_RELAXED);
  __atomic_store_n(&fault_record, fault, __ATOMIC_RELAXED);
}

// A __shared__ array as the detector's steps need it (shared_probe.cuh's SharedInfo makes one).
struct SharedFacts {
  unsigned id;      // the array's number, as the rewrite gave it
  int rank;         // how many extents
  bool scalar;      // `__shared__ float total;`: one element, named alone
  long long total;  // elements
  long long dims[3];
  const char* name;
  unsigned name_size;
};

// The detector's own steps for one access, made when it is on and has found nothing yet: read the
// engine's sync point, check the element's shadow against it, record it there, report a race.
// Defined in race_runtime.cuh, which the build compiles once beside the precompiled prefix and every
// check links (cmake/ExercisePrefix.cmake), or which the unit includes where there is no such
// folder (compile_submission.cpp): inlined at each of a kernel's accesses, they were most of a
// check's compile time (#32). Hidden: calls within the kernel's object, never an import.
//   global_access: an element of a kernel parameter; `shadow` its three slots.
//   shared_access: an element of a __shared__ array; `serial` its thread_local shadow (the block
//                  run its slots are about, then 3 slots an element).
//   shared_out_of_bounds: an index outside a __shared__ array, recorded as the launch's fault.
#define CUDALAB_PROBE_STEP __attribute__((visibility("hidden")))
CUDALAB_PROBE_STEP void global_access(unsigned int* race, unsigned long long* shadow, unsigned buffer, long long index,
                                      unsigned line, bool write);
CUDALAB_PROBE_STEP void shared_access(unsigned int* race, const SharedFacts& facts, unsigned long long* serial,
                                      long long flat, unsigned line, bool write);
CUDALAB_PROBE_STEP void shared_out_of_bounds(const SharedFacts& facts, long long flat, bool write);

// An element index with the source line of the `[]` that made it: a default argument is
// evaluated where the call is, so __builtin_LINE() names the student's line.
template <class I>
struct IsIndex : std::bool_constant<std::is_integral_v<I> || std::is_enum_v<I>> {};

struct At {
  long long index;
  unsigned line;
  template <class I, std::enable_if_t<IsIndex<I>::value, int> = 0>
  CUDALAB_PROBE_HOT At(I i, unsigned where = __builtin_LINE()) : index(static_cast<long long>(i)), line(where) {}
  // An index read from a checked buffer or array (a[idx[i]]): the reference's value.
  template <class R, std::enable_if_t<IsIndex<typename R::ValueType>::value, int> = 0>
  CUDALAB_PROBE_HOT At(const R& ref, unsigned where = __builtin_LINE()) : index(static_cast<long long>(static_cast<typename R::ValueType>(ref))), line(where) {}
};

}  // namespace race
}  // namespace cudalab_probe

#include "shared_probe.cuh"
