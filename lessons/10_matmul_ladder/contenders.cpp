// Chapter 10's measuring: every contender multiplies the same A and B on the device, is timed with
// the device's clock (median of repeats), then checked against the float64 reference before its
// time counts.
#include <fmt/format.h>

#include "common/matmul/cublas_sgemm.h"
#include "common/matmul/kernels.h"
#include "common/measuring.h"
#include "ladder_steps.h"
#include "text/say.h"

namespace cudalab::lessons::ladder {

nlohmann::json Contender::to_json() const {
  return {{"name", name}, {"label", label.empty() ? name : label}, {"kernel", kernel}, {"ms", ms},        {"gflops", gflops},
          {"error", error}, {"measured", measured}, {"right", right}, {"note", note}};
}

Status check_size(const Device& device, int n) {
  if (!device.facts().is_gpu() && n > kLargestEmulatedN)
    return Status::error(StatusCode::invalid_argument,
                         say("the CPU emulator runs these kernels up to n = {} (n = {} would take minutes there); "
                             "a GPU runs them up to 4096",
                             kLargestEmulatedN, n));
  return Status::success();
}

Status LadderBench::open(Device& device, int n, RunControl& control, LadderBench* out) {
  CUDALAB_RETURN_IF_ERROR(check_size(device, n));
  const std::size_t count = std::size_t(n) * std::size_t(n);
  CUDALAB_RETURN_IF_ERROR(check_host_room(device, 3 * count * sizeof(float), 3 * count * sizeof(float)));
  out->device_ = &device;
  out->control_ = &control;
  out->n_ = n;
  out->a_ = matmul::random_matrix(n, 1);
  out->b_ = matmul::random_matrix(n, 2);
  CUDALAB_RETURN_IF_ERROR(matmul::make_reference(out->a_, out->b_, n, &control, &out->reference_));
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(device, out->a_, &out->device_a_));
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(device, out->b_, &out->device_b_));
  return Buffer<float>::create(device, count, &out->device_c_);
}

TimingSource LadderBench::clock() const {
  return device_->facts().is_gpu() ? TimingSource::gpu_events : TimingSource::emulator_clock;
}

Status LadderBench::measure(const std::function<Status()>& enqueue, double tolerance, Contender* out) {
  CUDALAB_RETURN_IF_ERROR(device_c_.zero());
  Timing timing;
  timing.label = out->name;
  CUDALAB_RETURN_IF_ERROR(time_on_device(*device_, enqueue, repeat_policy(*device_), *control_, &timing));
  matmul::Matrix c(std::size_t(n_) * std::size_t(n_));
  CUDALAB_RETURN_IF_ERROR(device_c_.download(c));
  out->ms = timing.ms;
  out->gflops = matmul::gflops(n_, timing.ms);
  out->error = matmul::relative_error(c, reference_);
  out->measured = true;
  out->right = out->error <= tolerance;
  if (!out->right)
    out->note = say("wrong: largest relative error {:.2g} against float64 (allowed {:.0e})", out->error, tolerance);
  return Status::success();
}

Status LadderBench::measure_rung(const LadderKernel& kernel, Contender* out) {
  out->kernel = kernel.key;
  if (Status can = check_ladder_kernel(*device_, kernel); !can.ok()) {
    out->note = can.message;
    return Status::success();
  }
  return measure(
      [&] {
        return launch_ladder_kernel(*device_, kernel, device_a_.data(), device_b_.data(), device_c_.data(), n_, n_, n_,
                                    &scratch_);
      },
      rung_tolerance(kernel.rung), out);
}

Status LadderBench::measure_chapter6_tile(Contender* out) {
  const unsigned blocks = (unsigned(n_) + 31) / 32;
  return measure(
      [&] {
        return launch(*device_, matmul::matmul_shared_tile32, LaunchConfig{Dim3(blocks, blocks), Dim3(32, 32)},
                      device_a_.data(), device_b_.data(), device_c_.data(), n_, matmul::NoTrace{});
      },
      matmul::kBelievedError, out);
}

Status LadderBench::measure_cublas(bool tf32, Contender* out) {
  if (!device_->facts().is_gpu()) {
    out->note = "cuBLAS runs on a GPU only";
    return Status::success();
  }
  if (!matmul::cublas_library().loaded) {
    out->note = say(matmul::cublas_library().why_not);
    return Status::success();
  }
  if (tf32 && device_->facts().cc_major < 8) {
    out->note = "TF32 needs compute capability 8.0 or newer";
    return Status::success();
  }
  return measure(
      [&] {
        return tf32 ? matmul::cublas_gemm_tf32(*device_, device_a_.data(), device_b_.data(), device_c_.data(), n_)
                    : matmul::cublas_sgemm(*device_, device_a_.data(), device_b_.data(), device_c_.data(), n_);
      },
      tf32 ? rung_tolerance(Rung::tf32_mma) : matmul::kBelievedError, out);
}

double arithmetic_intensity(int bm, int bn, int bk, int n) {
  const double blocks = double((n + bm - 1) / bm) * double((n + bn - 1) / bn);
  const double steps = double((n + bk - 1) / bk);
  const double bytes = blocks * steps * double(bm + bn) * bk * sizeof(float);
  return bytes > 0 ? matmul::flops_of(n) / bytes : 0;
}

double shared_intensity(const LadderKernel& kernel) {
  if (uses_tensor_cores(kernel.rung))
    return double(kernel.wm) * kernel.wn / (2.0 * (kernel.wm + kernel.wn));
  const int results = kernel.bm * kernel.bn / int(kernel.threads_per_block());
  // A thread's results: TM × TN (rungs 1–3 and the fragment kernels) or TM rows × WN_ITER · TN
  // columns (the warp-tiled kernels, whose warp tile repeats the TM × TN pattern).
  int columns = kernel.tn;
  if (results != kernel.tm * kernel.tn) columns = kernel.tn * kernel.wn_iter;
  const int rows = columns > 0 ? results / columns : 0;
  const int reads = rows + columns;
  return reads > 0 ? 2.0 * results / (4.0 * reads) : 0;
}

Peaks device_peaks(const DeviceFacts& facts) {
  Peaks peaks;
  if (!facts.is_gpu()) return peaks;
  // FP32 lanes and dense TF32 tensor FLOPs per SM per clock (NVIDIA's architecture whitepapers).
  const int cc = facts.cc_major * 10 + facts.cc_minor;
  const int lanes = (cc == 75 || cc == 80) ? 64 : 128;
  const int tf32_per_clock = cc >= 90 ? 2048 : cc == 80 ? 1024 : cc >= 86 ? 256 : 0;
  const double ghz = facts.clock_khz / 1e6;
  peaks.fp32_gflops = facts.sm_count * lanes * 2.0 * ghz;
  peaks.tf32_gflops = facts.sm_count * double(tf32_per_clock) * ghz;
  peaks.bandwidth_gbs = facts.theoretical_bandwidth_gbs();
  peaks.shared_gbs = facts.sm_count * 32 * 4.0 * ghz;
  peaks.basis = say("{} SMs × {} FP32 lanes × 2 FLOPs × {:.2f} GHz", facts.sm_count, lanes, ghz);
  return peaks;
}

}  // namespace cudalab::lessons::ladder
