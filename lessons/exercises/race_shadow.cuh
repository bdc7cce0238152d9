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
// be a call. The detector's steps are inlined by force (its reports are rare and stay calls).
#define CUDALAB_PROBE_HOT __attribute__((always_inline))

// One access, packed: thread id + 1 (28 bits; 0 = empty slot), epoch (20 bits), line (16 bits).
constexpr unsigned long long kMaxId = (1ull << 28) - 2;
constexpr unsigned kMaxEpoch = (1u << 20) - 1;

struct Access {
  unsigned long long id;          // a global rank (parameters) or a thread of the block (__shared__)
  unsigned long long per_block;   // threads per block, to tell blocks apart by id; 0: one block
  unsigned epoch;
  unsigned line;
  bool write;
  // Beyond what a slot holds: not checked rather than checked wrong.
  CUDALAB_PROBE_HOT bool checkable() const { return id <= kMaxId && epoch < kMaxEpoch; }
  CUDALAB_PROBE_HOT unsigned long long packed() const {
    return ((id + 1) << 36) | (static_cast<unsigned long long>(epoch) << 16) | (line > 0xFFFFu ? 0xFFFFu : line);
  }
};

CUDALAB_PROBE_HOT inline unsigned long long id_of(unsigned long long slot) { return (slot >> 36) - 1; }
CUDALAB_PROBE_HOT inline unsigned epoch_of(unsigned long long slot) { return static_cast<unsigned>(slot >> 16) & kMaxEpoch; }
CUDALAB_PROBE_HOT inline unsigned line_of(unsigned long long slot) { return static_cast<unsigned>(slot & 0xFFFFu); }

CUDALAB_PROBE_HOT inline bool same_block(unsigned long long slot, const Access& me) {
  return me.per_block == 0 || id_of(slot) / me.per_block == me.id / me.per_block;
}
// Nothing orders the recorded access before `me`: another block, or this block's same epoch.
CUDALAB_PROBE_HOT inline bool unordered(unsigned long long slot, const Access& me) {
  if (slot == 0 || id_of(slot) == me.id) return false;
  return !same_block(slot, me) || epoch_of(slot) == me.epoch;
}
// A barrier of the block separates it from `me` (and from whatever this block does later).
CUDALAB_PROBE_HOT inline bool superseded(unsigned long long slot, const Access& me) {
  return slot == 0 || id_of(slot) == me.id || (same_block(slot, me) && epoch_of(slot) < me.epoch);
}

CUDALAB_PROBE_HOT inline unsigned long long load(const unsigned long long* slot) { return __atomic_load_n(slot, __ATOMIC_RELAXED); }
CUDALAB_PROBE_HOT inline void store(unsigned long long* slot, unsigned long long value) { __atomic_store_n(slot, value, __ATOMIC_RELAXED); }

// Checks `me` against an element's three slots and records it there. Returns the earlier access
// it races with (0: none); *earlier_wrote says whether that one wrote.
CUDALAB_PROBE_HOT inline unsigned long long check_and_record(unsigned long long* shadow, const Access& me, bool* earlier_wrote) {
  const unsigned long long writer = load(&shadow[0]);
  *earlier_wrote = true;
  if (unordered(writer, me)) return writer;
  const unsigned long long reader = load(&shadow[1]), other_reader = load(&shadow[2]);
  if (me.write) {
    *earlier_wrote = false;
    if (unordered(reader, me)) return reader;
    if (unordered(other_reader, me)) return other_reader;
    // Every later access that would race with a reader kept so far races with this write too.
    store(&shadow[0], me.packed());
    store(&shadow[1], 0);
    store(&shadow[2], 0);
  } else if (superseded(reader, me)) {
    store(&shadow[1], me.packed());
  } else if (superseded(other_reader, me)) {
    store(&shadow[2], me.packed());
  } else if (!same_block(reader, me) || !same_block(other_reader, me)) {
    // Full: keep readers of two different blocks, so that a later write in either block still
    // meets a reader of another one.
  } else {
    store(&shadow[2], me.packed());
  }
  return 0;
}

// Where a launch's race and fault records are; set by the generated entry (compile_submission.cpp)
// from the kernel's first checked pointer, before the thread runs: the __shared__ arrays report
// their races and out-of-bounds accesses there too.
inline unsigned int* record = nullptr;
inline unsigned int* fault_record = nullptr;
inline void use_records(unsigned int* race, unsigned int* fault) {
  __atomic_store_n(&record, race, __ATOMIC_RELAXED);
  __atomic_store_n(&fault_record, fault, __ATOMIC_RELAXED);
}

// Keeps the first race of the launch (true: this was it); `block_base` turns a __shared__ id into
// a global rank.
inline bool report(unsigned int* race, bool shared, unsigned array, long long index, unsigned long long earlier,
                   bool earlier_wrote, const Access& me, unsigned long long block_base) {
  if (race == nullptr || __atomic_load_n(&race[kRaceFlag], __ATOMIC_RELAXED) != 0u) return false;
  unsigned int expected = 0;
  if (!__atomic_compare_exchange_n(&race[kRaceFlag], &expected, 1u, false, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) return false;
  race[kRaceShared] = shared ? 1u : 0u;
  race[kRaceArray] = array;
  const auto bits = static_cast<unsigned long long>(index);
  race[kRaceIndexLow] = static_cast<unsigned int>(bits);
  race[kRaceIndexHigh] = static_cast<unsigned int>(bits >> 32);
  race[kRaceFirstRank] = static_cast<unsigned int>(block_base + id_of(earlier));
  race[kRaceFirstWrite] = earlier_wrote ? 1u : 0u;
  race[kRaceFirstLine] = line_of(earlier);
  race[kRaceSecondRank] = static_cast<unsigned int>(block_base + me.id);
  race[kRaceSecondWrite] = me.write ? 1u : 0u;
  race[kRaceSecondLine] = me.line > 0xFFFFu ? 0xFFFFu : me.line;
  return true;
}

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
