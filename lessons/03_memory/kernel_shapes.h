#pragma once
// What chapter 3's host code and its kernel file (kernels.cuh) must agree on: the sizes the
// kernels are written for and the kinds of the trace records they write.
namespace cudalab::lessons::memory {

// Registers and local memory: the per-thread array of `values_with_*_index`.
inline constexpr int kValuesPerThread = 32;

enum MemoryTraceKind : unsigned {
  kTileSlotLoaded = 1,  // blur_through_shared: a thread copied in[element] into tile[slot] (payload 0, 1)
  kBlockRan = 2,        // read_neighbour_slot: thread 0 of a block says where it ran
};

}  // namespace cudalab::lessons::memory
