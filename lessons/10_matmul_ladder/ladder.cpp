#include "ladder.h"

#include <algorithm>

#include <fmt/format.h>

#include "cudalab/buffer.h"
#include "text/say.h"

namespace cudalab::lessons::ladder {
namespace {

#define CUDALAB_LADDER_ROW(unit, name, rung, bm, bn, bk, tm, tn, wm, wn, wn_iter, stages, ...) \
  LadderKernel{#name, rung, bm, bn, bk, tm, tn, wm, wn, wn_iter, stages, &unit::name},
#define CUDALAB_LADDER_WGMMA_ROW(unit, name, bm, bn, stages, rounded, ...) \
  LadderKernel{#name, Rung::tf32_wgmma, bm, bn, 32, 64, bn, 64, bn, 0, stages, nullptr, &unit::name, rounded},
#define CUDALAB_LADDER_PIPELINE_ROW(unit, name, bm, bn, bk, tm, tn, wm, wn, stages, a_transposed, ...)              \
  LadderKernel{#name, Rung::double_buffer, bm, bn, bk, tm, tn, wm, wn, tn / 4, stages, &unit::name, nullptr, false, \
               true, a_transposed},
const LadderKernel kKernels[] = {CUDALAB_LADDER_KERNELS(CUDALAB_LADDER_ROW)
                                     CUDALAB_LADDER_FP32_PIPELINE_KERNELS(CUDALAB_LADDER_PIPELINE_ROW)
                                     CUDALAB_LADDER_TF32_WGMMA_KERNELS(CUDALAB_LADDER_WGMMA_ROW)};
#undef CUDALAB_LADDER_PIPELINE_ROW
#undef CUDALAB_LADDER_ROW
#undef CUDALAB_LADDER_WGMMA_ROW

// Matrices are indexed with int: row * cols + col must stay below 2³¹.
constexpr long long kLargestElements = 2147483647LL;

// A buffer of at least `count` floats in `buffer`, reusing what it holds.
Status ensure_room(Device& device, std::size_t count, Buffer<float>* buffer) {
  if (buffer->data() != nullptr && buffer->size() >= count) return Status::success();
  *buffer = Buffer<float>();  // the old one goes first: both at once may not fit
  return Buffer<float>::create(device, count, buffer);
}

// The grid that covers C with BM × BN tiles, the rung's block and its dynamic shared memory.
Status ladder_launch_config(const Device& device, const LadderKernel& kernel, int m, int n, LaunchConfig* out) {
  *out = LaunchConfig{Dim3(unsigned((n + kernel.bn - 1) / kernel.bn), unsigned((m + kernel.bm - 1) / kernel.bm)),
                      Dim3(kernel.threads_per_block()), kernel.dynamic_shared_bytes()};
  return validate_launch(*out, device.facts());
}

// to (cols × padded_rows) = fromᵀ for from (rows × cols), zeros in columns rows … padded_rows − 1,
// rounded to TF32 when `round` is not 0 (rung 8's operand pass for B; rung 5's pipeline's for A).
Status launch_transpose(Device& device, const float* from, float* to, int rows, int cols, int padded_rows, int round) {
  return launch(device, tf32_wgmma::tf32_operand_bt_kernel,
                LaunchConfig{Dim3(unsigned((cols + 31) / 32), unsigned((padded_rows + 31) / 32)), Dim3(32, 8)}, from, to,
                rows, cols, padded_rows, round);
}

// Rung 8: the operand passes (A rounded and padded to kp columns, or A as it is when it needs
// neither; Bᵀ always), the tensor maps, then the multiply.
Status launch_wgmma(Device& device, const LadderKernel& kernel, const float* a, const float* b, float* c, int m, int n,
                    int k, LadderScratch& scratch) {
  const int kp = (k + 3) / 4 * 4;  // TMA wants rows that start 16 bytes apart
  if (1LL * m * kp > kLargestElements || 1LL * n * kp > kLargestElements)
    return Status::error(StatusCode::invalid_argument, "these kernels index with int: each matrix must hold fewer than 2³¹ elements");
  const int round = kernel.rounds_inputs ? 1 : 0;
  const float* a_operand = a;
  if (round != 0 || kp != k) {
    CUDALAB_RETURN_IF_ERROR(ensure_room(device, std::size_t(m) * kp, &scratch.a));
    CUDALAB_RETURN_IF_ERROR(launch_tf32_operand_a(device, a, scratch.a.data(), m, k, kp, round));
    a_operand = scratch.a.data();
  }
  CUDALAB_RETURN_IF_ERROR(ensure_room(device, std::size_t(n) * kp, &scratch.bt));
  CUDALAB_RETURN_IF_ERROR(launch_transpose(device, b, scratch.bt.data(), k, n, kp, round));
  TensorMap a_map, bt_map;
  CUDALAB_RETURN_IF_ERROR(device.encode_tensor_map(
      TensorMapRequest{a_operand, std::uint64_t(m), std::uint64_t(kp), std::uint32_t(kernel.bm), 32}, &a_map));
  CUDALAB_RETURN_IF_ERROR(device.encode_tensor_map(
      TensorMapRequest{scratch.bt.data(), std::uint64_t(n), std::uint64_t(kp), std::uint32_t(kernel.bn), 32}, &bt_map));
  LaunchConfig config;
  CUDALAB_RETURN_IF_ERROR(ladder_launch_config(device, kernel, m, n, &config));
  return launch(device, *kernel.tma_kernel, config, a_map, bt_map, c, m, n, kp);
}

// Rung 5's pipelined kernel: Aᵀ (k × m) by the transposing pass without rounding, then the
// multiply, which reads it in place of A.
Status launch_on_a_transposed(Device& device, const LadderKernel& kernel, const float* a, const float* b, float* c,
                              int m, int n, int k, LadderScratch& scratch) {
  CUDALAB_RETURN_IF_ERROR(ensure_room(device, std::size_t(m) * k, &scratch.a));
  CUDALAB_RETURN_IF_ERROR(launch_transpose(device, a, scratch.a.data(), m, k, m, 0));
  LaunchConfig config;
  CUDALAB_RETURN_IF_ERROR(ladder_launch_config(device, kernel, m, n, &config));
  return launch(device, *kernel.kernel, config, static_cast<const float*>(scratch.a.data()), b, c, m, n, k);
}

// The tensor-core rungs' needs: a GPU, TF32 (8.0 or newer), and for wgmma Hopper.
Status check_tensor_cores(const Device& device, const LadderKernel& kernel) {
  if (!device.is_gpu() && kernel.rung == Rung::tf32_wgmma)
    return Status::error(StatusCode::unsupported,
                         "the wgmma rung runs on Hopper's tensor cores fed by TMA copies, which the CPU emulator does not "
                         "imitate: it needs a GPU of compute capability 9.0 (H100, H200)");
  if (!device.is_gpu())
    return Status::error(StatusCode::unsupported,
                         "the TF32 rung runs on tensor cores, which the CPU emulator does not imitate: it needs a GPU of "
                         "compute capability 8.0 or newer");
  if (device.facts().cc_major < 8)
    return Status::error(StatusCode::unsupported,
                         say("the TF32 rung needs tensor cores with TF32 (compute capability 8.0 or newer); this "
                             "GPU has {}.{}",
                             device.facts().cc_major, device.facts().cc_minor));
  if (kernel.rung == Rung::tf32_wgmma && device.facts().cc_major != 9)
    return Status::error(StatusCode::unsupported,
                         say("the wgmma rung uses Hopper's warp-group MMA and TMA copies, which only compute capability "
                             "9.0 has (H100, H200); this GPU has {}.{}",
                             device.facts().cc_major, device.facts().cc_minor));
  return Status::success();
}

// The kernels that multiply copies of their inputs: their passes first, into `scratch`.
bool needs_scratch(const LadderKernel& kernel) { return kernel.transposes_a || kernel.rung == Rung::tf32_wgmma; }
Status launch_with_scratch(Device& device, const LadderKernel& kernel, const float* a, const float* b, float* c, int m,
                           int n, int k, LadderScratch& scratch) {
  if (kernel.transposes_a) return launch_on_a_transposed(device, kernel, a, b, c, m, n, k, scratch);
  return launch_wgmma(device, kernel, a, b, c, m, n, k, scratch);
}

}  // namespace

Status launch_tf32_operand_a(Device& device, const float* a, float* out, int rows, int k, int kp, int round) {
  const LaunchConfig config{Dim3(unsigned((kp + 1023) / 1024), unsigned(std::min(rows, 65535))), Dim3(256)};
  return launch(device, tf32_wgmma::tf32_operand_a_kernel, config, a, out, rows, k, kp, round);
}

const char* rung_key(Rung rung) {
  switch (rung) {
    case Rung::tiling_1d: return "1d_tiling";
    case Rung::tiling_2d: return "2d_tiling";
    case Rung::vectorized: return "vectorized";
    case Rung::warp_tiling: return "warp_tiling";
    case Rung::double_buffer: return "double_buffer";
    case Rung::tf32_wmma: return "tf32_wmma";
    case Rung::tf32_mma: return "tf32_mma";
    case Rung::tf32_wgmma: return "tf32_wgmma";
  }
  return "?";
}

const char* rung_title(Rung rung) {
  switch (rung) {
    case Rung::tiling_1d: return "1D register tiling (TM results per thread)";
    case Rung::tiling_2d: return "2D register tiling (TM × TN results per thread)";
    case Rung::vectorized: return "128-bit loads, A's tile transposed in shared memory";
    case Rung::warp_tiling: return "warp tiling";
    case Rung::double_buffer: return "double buffering (next tile prefetched into registers)";
    case Rung::tf32_wmma: return "TF32 tensor cores (WMMA m16n16k8)";
    case Rung::tf32_mma: return "TF32 tensor cores (mma.sync m16n8k8, cp.async pipeline)";
    case Rung::tf32_wgmma: return "TF32 warp-group MMA (wgmma) fed by TMA copies";
  }
  return "?";
}

unsigned LadderKernel::threads_per_block() const {
  switch (rung) {
    case Rung::tiling_1d: return unsigned(bm * bn / tm);
    case Rung::tiling_2d:
    case Rung::vectorized: return unsigned((bm / tm) * (bn / tn));
    case Rung::warp_tiling:
    case Rung::double_buffer:
    case Rung::tf32_wmma:
    case Rung::tf32_mma: return unsigned((bm / wm) * (bn / wn) * 32);
    case Rung::tf32_wgmma: return unsigned((bm / 64 + 1) * 128);  // the consumers and one producer warp group
  }
  return 0;
}

std::size_t LadderKernel::dynamic_shared_bytes() const {
  if (fp32_pipeline) return fp32_pipeline_shared_bytes(bm, bn, bk, stages);
  if (rung == Rung::tf32_mma) return tf32_mma_shared_bytes(bm, bn, bk, stages);
  if (rung == Rung::tf32_wgmma) return tf32_wgmma_shared_bytes(bm, bn, stages);
  return 0;
}

std::string LadderKernel::shape_in_words() const {
  // One whole message per kind of shape, each a message id of its own (text/say.h), never pieces
  // joined: a language orders the pieces its own way.
  switch (rung) {
    case Rung::tiling_1d: return say("BM×BN×BK {}×{}×{}, TM {}", bm, bn, bk, tm);
    case Rung::tiling_2d:
    case Rung::vectorized: return say("BM×BN×BK {}×{}×{}, TM×TN {}×{}", bm, bn, bk, tm, tn);
    case Rung::warp_tiling:
    case Rung::double_buffer:
      if (stages > 1)
        return say("BM×BN×BK {}×{}×{}, warp {}×{} in {} columns, {} buffers, TM×TN {}×{}", bm, bn, bk, wm, wn,
                   wn_iter, stages, tm, tn);
      return say("BM×BN×BK {}×{}×{}, warp {}×{} in {} columns, TM×TN {}×{}", bm, bn, bk, wm, wn, wn_iter, tm, tn);
    case Rung::tf32_wmma:
      if (stages > 1)
        return say("BM×BN×BK {}×{}×{}, warp {}×{}, {} buffers, 16×16×8 fragments", bm, bn, bk, wm, wn, stages);
      return say("BM×BN×BK {}×{}×{}, warp {}×{}, 16×16×8 fragments", bm, bn, bk, wm, wn);
    case Rung::tf32_mma: return say("BM×BN×BK {}×{}×{}, warp {}×{}, {} buffers, 16×8×8 MMAs", bm, bn, bk, wm, wn, stages);
    case Rung::tf32_wgmma:
      if (rounds_inputs)
        return say("BM×BN×BK {}×{}×{}, {} warp groups and one copying, {} buffers, 64×{}×8 wgmma", bm, bn, bk, bm / 64,
                   stages, bn);
      return say("BM×BN×BK {}×{}×{}, {} warp groups and one copying, {} buffers, 64×{}×8 wgmma, inputs truncated", bm,
                 bn, bk, bm / 64, stages, bn);
  }
  return "?";
}

std::span<const LadderKernel> ladder_kernels() { return kKernels; }

std::vector<const LadderKernel*> kernels_of(Rung rung) {
  std::vector<const LadderKernel*> found;
  for (const LadderKernel& kernel : kKernels)
    if (kernel.rung == rung) found.push_back(&kernel);
  return found;
}

bool LadderKernel::truncates_inputs() const {
  switch (rung) {
    // ROUND is the wmma kernel's template argument; kernels.h ends the names of those with false
    // in _truncated.
    case Rung::tf32_wmma: return std::string_view(key).ends_with("_truncated");
    case Rung::tf32_mma: return true;
    case Rung::tf32_wgmma: return !rounds_inputs;
    default: return false;
  }
}

const LadderKernel* default_kernel(Rung rung) {
  for (const LadderKernel& kernel : kKernels)
    if (kernel.rung == rung) return &kernel;
  return nullptr;
}

const LadderKernel* find_ladder_kernel(std::string_view key) {
  for (const LadderKernel& kernel : kKernels)
    if (key == kernel.key) return &kernel;
  return nullptr;
}

double rung_tolerance(Rung rung) { return uses_tensor_cores(rung) ? 1e-2 : 1e-3; }

Status check_ladder_kernel(const Device& device, const LadderKernel& kernel) {
  if (uses_tensor_cores(kernel.rung)) CUDALAB_RETURN_IF_ERROR(check_tensor_cores(device, kernel));
  const std::size_t shared_limit = std::max(device.facts().shared_per_block, device.facts().shared_per_block_optin);
  if (kernel.dynamic_shared_bytes() <= shared_limit) return Status::success();
  if (!device.is_gpu())
    return Status::error(StatusCode::unsupported,
                         say("{} keeps {} buffers of its tiles in {} KiB of shared memory; the CPU emulator gives a "
                             "block {} KiB: pick it on a GPU",
                             kernel.key, kernel.stages, kernel.dynamic_shared_bytes() / 1024, shared_limit / 1024));
  return Status::error(StatusCode::unsupported,
                       say("{} keeps {} buffers of its tiles in {} KiB of shared memory; this GPU allows a "
                           "block {} KiB",
                           kernel.key, kernel.stages, kernel.dynamic_shared_bytes() / 1024, shared_limit / 1024));
}

Status launch_ladder_kernel(Device& device, const LadderKernel& kernel, const float* a, const float* b, float* c, int m,
                            int n, int k, LadderScratch* scratch) {
  if (m < 1 || n < 1 || k < 1)
    return Status::error(StatusCode::invalid_argument, say("m, n and k must be at least 1; got {}, {}, {}", m, n, k));
  if (1LL * m * k > kLargestElements || 1LL * k * n > kLargestElements || 1LL * m * n > kLargestElements)
    return Status::error(StatusCode::invalid_argument, "these kernels index with int: each matrix must hold fewer than 2³¹ elements");
  CUDALAB_RETURN_IF_ERROR(check_ladder_kernel(device, kernel));
  if (needs_scratch(kernel)) {
    if (scratch != nullptr) return launch_with_scratch(device, kernel, a, b, c, m, n, k, *scratch);
    LadderScratch own;
    CUDALAB_RETURN_IF_ERROR(launch_with_scratch(device, kernel, a, b, c, m, n, k, own));
    return device.synchronize();  // before `own` frees what the launch reads
  }
  LaunchConfig config;
  CUDALAB_RETURN_IF_ERROR(ladder_launch_config(device, kernel, m, n, &config));
  return launch(device, *kernel.kernel, config, a, b, c, m, n, k);
}

Status ladder_mat_mul(Device& device, const LadderKernel& kernel, const float* a, const float* b, float* c, int m, int n,
                      int k) {
  CUDALAB_RETURN_IF_ERROR(check_ladder_kernel(device, kernel));
  Buffer<float> device_a, device_b, device_c;
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, std::size_t(m) * k, &device_a));
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, std::size_t(k) * n, &device_b));
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, std::size_t(m) * n, &device_c));
  CUDALAB_RETURN_IF_ERROR(device_a.upload({a, std::size_t(m) * k}));
  CUDALAB_RETURN_IF_ERROR(device_b.upload({b, std::size_t(k) * n}));
  CUDALAB_RETURN_IF_ERROR(launch_ladder_kernel(device, kernel, device_a.data(), device_b.data(), device_c.data(), m, n, k));
  CUDALAB_RETURN_IF_ERROR(device.synchronize());
  return device_c.download({c, std::size_t(m) * n});
}

}  // namespace cudalab::lessons::ladder
