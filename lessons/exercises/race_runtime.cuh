// The race detector's steps (race_shadow.cuh declares the three that checked accesses call), with
// the checks' options: compiled once by the build beside the precompiled prefix (race_runtime.o,
// cmake/ExercisePrefix.cmake) and linked into every check's object, or, where there is no such
// folder, included by the check's unit after the prefix (compile_submission.cpp). Not a header to
// include anywhere else: it defines functions.
#ifndef CUDALAB_PROBE_RACE_RUNTIME
#define CUDALAB_PROBE_RACE_RUNTIME
#include "exercise_prefix.cuh"

#ifdef CUDALAB_PROBE_RACE_CHECKS
namespace cudalab_probe::race {

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

// A __shared__ array's extents and name into a record's slots (the race record's and the fault
// record's are laid out alike), for the verdict to name the element.
inline void describe(const SharedFacts& facts, unsigned int* dims_slot, unsigned int* name_slot, unsigned name_slots) {
  dims_slot[0] = facts.rank <= 3 && !facts.scalar ? static_cast<unsigned int>(facts.rank) : 0u;  // 0: named alone
  for (int k = 0; k < facts.rank && k < 3; ++k) dims_slot[1 + k] = static_cast<unsigned int>(facts.dims[k]);
  for (unsigned k = 0; k < facts.name_size && k < 4 * name_slots - 1; ++k)
    name_slot[k / 4] |= static_cast<unsigned int>(static_cast<unsigned char>(facts.name[k])) << (8 * (k % 4));
}

void global_access(unsigned int* race, unsigned long long* shadow, unsigned buffer, long long index, unsigned line, bool write) {
  const ::cudalab::emu::SyncPoint now = ::cudalab::emu::sync_point();
  const Access me{now.rank, now.threads_per_block, now.epoch, line, write};
  if (!me.checkable()) return;
  bool earlier_wrote = false;
  const unsigned long long earlier = check_and_record(shadow, me, &earlier_wrote);
  if (earlier != 0) report(race, false, buffer, index, earlier, earlier_wrote, me, 0);
}

void shared_access(unsigned int* race, const SharedFacts& facts, unsigned long long* serial, long long flat, unsigned line,
                   bool write) {
  const ::cudalab::emu::SyncPoint now = ::cudalab::emu::sync_point();
  const Access me{now.thread, 0, now.epoch, line, write};
  if (!me.checkable()) return;
  unsigned long long* slots = serial + 1;
  if (*serial != now.block_run) {  // another block's: it shares nothing with this one
    __builtin_memset(slots, 0, 3 * sizeof(unsigned long long) * static_cast<unsigned long long>(facts.total));
    *serial = now.block_run;
  }
  bool earlier_wrote = false;
  const unsigned long long earlier = check_and_record(slots + 3 * flat, me, &earlier_wrote);
  if (earlier != 0 && report(race, true, facts.id, flat, earlier, earlier_wrote, me, now.rank - now.thread))
    describe(facts, &race[kRaceDims], &race[kRaceName], kRaceNameSlots);
}

// On a GPU such an access would touch another array's shared memory, or fault.
void shared_out_of_bounds(const SharedFacts& facts, long long flat, bool write) {
  unsigned int* fault = __atomic_load_n(&fault_record, __ATOMIC_RELAXED);
  unsigned int expected = 0;
  if (fault == nullptr ||
      !__atomic_compare_exchange_n(&fault[kFaultFlag], &expected, 1u, false, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
    return;
  fault[kFaultShared] = 1u;
  fault[kFaultBuffer] = facts.id;
  fault[kFaultWrite] = write ? 1u : 0u;
  fault[kFaultRank] = static_cast<unsigned int>(::cudalab::emu::sync_point().rank);
  const auto bits = static_cast<unsigned long long>(flat);
  fault[kFaultIndexLow] = static_cast<unsigned int>(bits);
  fault[kFaultIndexHigh] = static_cast<unsigned int>(bits >> 32);
  describe(facts, &fault[kFaultDims], &fault[kFaultName], kFaultNameSlots);
}

}  // namespace cudalab_probe::race
#endif  // CUDALAB_PROBE_RACE_CHECKS
#endif  // CUDALAB_PROBE_RACE_RUNTIME
