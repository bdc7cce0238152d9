// Warp-level test kernels: plain CUDA, compiled by nvcc for the GPU tests and by the host compiler
// with the emulation header for the emulator tests. Lane = threadIdx.x % 32 (1D blocks).
// Lines marked `// site: NAME` are found by the misuse tests, which check the file:line reported.

__device__ __forceinline__ unsigned lane_id() { return threadIdx.x % 32u; }
__device__ __forceinline__ unsigned global_thread() { return blockIdx.x * blockDim.x + threadIdx.x; }

// The four shuffles of an int, full mask, with one `arg` (srcLane, delta or laneMask) and `width`.
// out[4 * thread + {0, 1, 2, 3}] = idx, up, down, xor; each thread offers 1000 + its thread id.
__global__ void warp_shuffle_int(int* out, int arg, int width) {
  const int value = 1000 + static_cast<int>(global_thread());
  int* slot = out + 4 * global_thread();
  slot[0] = __shfl_sync(0xffffffffu, value, arg, width);
  slot[1] = __shfl_up_sync(0xffffffffu, value, static_cast<unsigned>(arg), width);
  slot[2] = __shfl_down_sync(0xffffffffu, value, static_cast<unsigned>(arg), width);
  slot[3] = __shfl_xor_sync(0xffffffffu, value, arg, width);
}

// __shfl_down_sync(full, v, 1) of each type, with values whose every byte matters.
__global__ void warp_shuffle_types(unsigned* u, float* f, long long* ll, unsigned long long* ull, double* d) {
  const unsigned t = global_thread();
  const unsigned lane = lane_id();
  u[t] = __shfl_down_sync(0xffffffffu, 0x80000000u | (lane << 20) | lane, 1);
  f[t] = __shfl_down_sync(0xffffffffu, -1.5f * static_cast<float>(lane) + 0.125f, 1);
  ll[t] = __shfl_down_sync(0xffffffffu, -(static_cast<long long>(lane) << 40) - 7, 1);
  ull[t] = __shfl_down_sync(0xffffffffu, (0xfedcull << 48) | (static_cast<unsigned long long>(lane) << 33) | lane, 1);
  // Exact in double (lane · 2^40 + 1/4 needs 47 bits): nvcc fuses a multiply-add into one FMA where
  // the host compiler rounds twice, so an inexact value would differ before any shuffle happened.
  d[t] = __shfl_down_sync(0xffffffffu, 1099511627776.0 * static_cast<double>(lane) + 0.25, 1);
}

// Partial masks: lanes 0-15 read lane 15 among themselves, lanes 16-31 swap with their neighbour
// among themselves, then the even lanes vote among themselves (lane % 4 == 0).
// out[3 * thread + {0, 1, 2}] = the two shuffles' result (one per half), the even lanes' ballot
// (odd lanes write 0), and __syncwarp(mask of the half) passed (1).
__global__ void warp_partial_masks(unsigned* out) {
  const unsigned lane = lane_id();
  const unsigned value = 100 + lane;
  unsigned* slot = out + 3 * global_thread();
  if (lane < 16) {
    slot[0] = __shfl_sync(0x0000ffffu, value, 15);
    __syncwarp(0x0000ffffu);
  } else {
    slot[0] = __shfl_xor_sync(0xffff0000u, value, 1);
    __syncwarp(0xffff0000u);
  }
  slot[2] = 1;
  slot[1] = 0;
  if (lane % 2 == 0) slot[1] = __ballot_sync(0x55555555u, lane % 4 == 0);
}

// Votes over the whole warp. out[5 * thread + ...] = ballot(t < n), any(t == n - 1), all(t < n),
// the popcount of the ballot, and __match_any_sync of lane / 8 (the lanes of its group of eight).
__global__ void warp_votes(unsigned* out, int n) {
  const unsigned t = global_thread();
  const bool inside = static_cast<int>(t) < n;
  unsigned* slot = out + 5 * t;
  const unsigned ballot = __ballot_sync(0xffffffffu, inside);
  slot[0] = ballot;
  slot[1] = static_cast<unsigned>(__any_sync(0xffffffffu, static_cast<int>(t) == n - 1));
  slot[2] = static_cast<unsigned>(__all_sync(0xffffffffu, inside));
  slot[3] = static_cast<unsigned>(__popc(ballot));
  slot[4] = __match_any_sync(0xffffffffu, static_cast<int>(lane_id() / 8));
}

// Who is active in each branch of `threadIdx.x % k == 0`, after the threads past n returned:
// out[thread] = the if-branch's __activemask(), or the complement of the else-branch's (the two
// branches differ, so that nvcc cannot merge their __activemask() into one before the branch).
__global__ void warp_active_lanes(unsigned* out, int k, int n) {
  const unsigned t = global_thread();
  if (static_cast<int>(t) >= n) return;
  if (threadIdx.x % static_cast<unsigned>(k) == 0) {
    out[t] = __activemask();
  } else {
    out[t] = ~__activemask();
  }
}

// The idiom of a guarded tail: the lanes still running take __activemask() and vote among
// themselves with it. out[thread] = __ballot_sync(active, lane is odd), for threads below n.
__global__ void warp_vote_among_active(unsigned* out, int n) {
  if (static_cast<int>(global_thread()) >= n) return;
  const unsigned active = __activemask();
  out[global_thread()] = __ballot_sync(active, lane_id() % 2 == 1);
}

// The sm_80 warp reductions (on older GPUs the same numbers through shuffles).
// out[8 * thread + ...] = add, min and max of signed values, min and max of unsigned ones, and, or, xor.
__global__ void warp_reductions(unsigned* out) {
  const unsigned lane = lane_id();
  const int signed_value = static_cast<int>(lane * 7 % 23) - 11;
  const unsigned unsigned_value = 0x9e3779b9u * (lane + 1);
  unsigned* slot = out + 8 * global_thread();
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
  slot[0] = static_cast<unsigned>(__reduce_add_sync(0xffffffffu, signed_value));
  slot[1] = static_cast<unsigned>(__reduce_min_sync(0xffffffffu, signed_value));
  slot[2] = static_cast<unsigned>(__reduce_max_sync(0xffffffffu, signed_value));
  slot[3] = __reduce_min_sync(0xffffffffu, unsigned_value);
  slot[4] = __reduce_max_sync(0xffffffffu, unsigned_value);
  slot[5] = __reduce_and_sync(0xffffffffu, unsigned_value);
  slot[6] = __reduce_or_sync(0xffffffffu, unsigned_value);
  slot[7] = __reduce_xor_sync(0xffffffffu, unsigned_value);
#else
  int sum = signed_value, smin = signed_value, smax = signed_value;
  unsigned umin = unsigned_value, umax = unsigned_value, band = unsigned_value, bor = unsigned_value, bxor = unsigned_value;
  for (int offset = 16; offset > 0; offset /= 2) {
    sum += __shfl_xor_sync(0xffffffffu, sum, offset);
    smin = min(smin, __shfl_xor_sync(0xffffffffu, smin, offset));
    smax = max(smax, __shfl_xor_sync(0xffffffffu, smax, offset));
    umin = min(umin, __shfl_xor_sync(0xffffffffu, umin, offset));
    umax = max(umax, __shfl_xor_sync(0xffffffffu, umax, offset));
    band &= __shfl_xor_sync(0xffffffffu, band, offset);
    bor |= __shfl_xor_sync(0xffffffffu, bor, offset);
    bxor ^= __shfl_xor_sync(0xffffffffu, bxor, offset);
  }
  slot[0] = static_cast<unsigned>(sum);
  slot[1] = static_cast<unsigned>(smin);
  slot[2] = static_cast<unsigned>(smax);
  slot[3] = umin;
  slot[4] = umax;
  slot[5] = band;
  slot[6] = bor;
  slot[7] = bxor;
#endif
}

// A block whose last warp is partial: each warp sums its own lanes with a butterfly over the lanes
// it has (mask and offsets from blockDim.x, so no lane reads a lane that is absent).
// Launch with blockDim.x = 32 + a power of two (e.g. 48). out[thread] = its warp's sum.
__global__ void warp_partial_tail(int* out) {
  const unsigned warp_first = threadIdx.x - lane_id();
  const unsigned lanes = blockDim.x - warp_first < 32 ? blockDim.x - warp_first : 32;
  const unsigned mask = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1;
  int sum = static_cast<int>(threadIdx.x) + 1;
  for (unsigned offset = lanes / 2; offset > 0; offset /= 2) sum += __shfl_xor_sync(mask, sum, static_cast<int>(offset));
  out[global_thread()] = sum;
}

// Sum of each block's slice of `in` (blockDim.x a multiple of 32, at most 1024): shuffles within
// each warp, the warps' sums through shared memory, then shuffles in warp 0.
__global__ void warp_shuffle_sum(const int* in, int* block_sums, int n) {
  __shared__ int warp_sums[32];
  const unsigned t = global_thread();
  int sum = static_cast<int>(t) < n ? in[t] : 0;
  for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffffu, sum, static_cast<unsigned>(offset));
  if (lane_id() == 0) warp_sums[threadIdx.x / 32] = sum;
  __syncthreads();
  if (threadIdx.x < 32) {
    sum = threadIdx.x < blockDim.x / 32 ? warp_sums[threadIdx.x] : 0;
    for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffffu, sum, static_cast<unsigned>(offset));
    if (threadIdx.x == 0) block_sums[blockIdx.x] = sum;
  }
}

// How many of in[0..n) exceed `threshold`: one ballot per warp, its popcount added by lane 0.
__global__ void ballot_count(const int* in, int* count, int n, int threshold) {
  const unsigned t = global_thread();
  const bool above = static_cast<int>(t) < n && in[t] > threshold;
  const unsigned votes = __ballot_sync(0xffffffffu, above);
  if (lane_id() == 0) atomicAdd(count, __popc(votes));
}

// Lanes exchange values through shared memory, ordered by __syncwarp() alone (no block barrier):
// out[thread] = the value its neighbour (lane ^ 1) wrote, then the value lane 31 - lane wrote.
__global__ void warp_syncwarp_exchange(int* out) {
  __shared__ int values[1024];
  const unsigned warp_first = threadIdx.x - lane_id();
  values[threadIdx.x] = 7 * static_cast<int>(global_thread()) + 1;
  __syncwarp();
  int seen = values[warp_first + (lane_id() ^ 1u)];
  __syncwarp();  // every lane has read before any lane writes again
  values[threadIdx.x] = seen;
  __syncwarp();
  out[global_thread()] = seen + 1000000 * values[warp_first + 31 - lane_id()];
}

// A 2D block (8 x 8): warps are built from linear ids, x fastest, so warp 0 is rows 0-3.
// out[linear thread] = __ballot_sync(full, threadIdx.y is odd).
__global__ void warp_ballot_2d(unsigned* out) {
  const unsigned linear = threadIdx.x + threadIdx.y * blockDim.x;
  out[linear] = __ballot_sync(0xffffffffu, threadIdx.y % 2 == 1);
}

// --- misuse: undefined behaviour in CUDA; the emulator reports it. Never launch on a GPU. -------

// In block `bad_block`, lanes 16-31 of each warp return before a full-mask shuffle.
__global__ void warp_lane_returns(int* out, int bad_block) {
  if (static_cast<int>(blockIdx.x) == bad_block && lane_id() >= 16) return;
  out[global_thread()] = __shfl_down_sync(0xffffffffu, static_cast<int>(threadIdx.x), 1);  // site: lane_returns
}

// In block `bad_block`, the two halves of warp 1 call full-mask shuffles at different lines.
__global__ void warp_split_sites(int* out, int bad_block) {
  int value = static_cast<int>(threadIdx.x);
  if (static_cast<int>(blockIdx.x) == bad_block && threadIdx.x / 32 == 1 && lane_id() < 16) {
    value = __shfl_sync(0xffffffffu, value, 0);  // site: split_low
  } else {
    value = __shfl_sync(0xffffffffu, value, 0);  // site: split_high
  }
  out[global_thread()] = value;
}

// In block `bad_block`, lanes 0-7 of warp 0 wait at __syncwarp() while the rest of the block
// waits at __syncthreads().
__global__ void warp_sync_and_barrier(int* out, int bad_block) {
  if (static_cast<int>(blockIdx.x) == bad_block && threadIdx.x < 8) {
    __syncwarp();  // site: mixed_syncwarp
  } else {
    __syncthreads();  // site: mixed_barrier
  }
  out[global_thread()] = 1;
}

// In block `bad_block`, lane 3 of warp 0 votes with a mask that leaves itself out.
__global__ void warp_mask_without_caller(int* out, int bad_block) {
  const bool bad = static_cast<int>(blockIdx.x) == bad_block && threadIdx.x == 3;
  out[global_thread()] = static_cast<int>(__ballot_sync(bad ? 0xfffffff7u : 0xffffffffu, 1));  // site: without_caller
}

// A full-mask __syncwarp() in a block whose last warp is partial (launch with 48 threads).
__global__ void warp_full_mask_in_partial_warp(int* out, int unused) {
  (void)unused;
  __syncwarp();  // site: partial_full_mask
  out[global_thread()] = 1;
}
