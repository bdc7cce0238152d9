// Launch configurations are checked against the device's limits before either backend launches,
// and each refusal names the limit in words. The facts below are an H200's (as the CUDA runtime
// reports them) and the emulator's; no device is needed.
#include <gtest/gtest.h>

#include "cudalab/device_facts.h"

using namespace cudalab;

namespace {

DeviceFacts h200_like() {
  DeviceFacts f;
  f.backend = BackendKind::gpu;
  f.name = "NVIDIA H200";
  f.cc_major = 9;
  f.sm_count = 132;
  f.max_threads_per_block = 1024;
  f.max_block_dim = {1024, 1024, 64};
  f.max_grid_dim = {2147483647u, 65535u, 65535u};
  f.shared_per_block = 48 * 1024;
  f.shared_per_block_optin = 227 * 1024;
  return f;
}

struct Refusal {
  LaunchConfig config;
  std::string message;
};

void expect_refused(const DeviceFacts& facts, const Refusal& refusal) {
  Status status = validate_launch(refusal.config, facts);
  EXPECT_EQ(status.code, StatusCode::invalid_config) << refusal.config.str();
  // Every refusal by CUDA's limits also says how a real program would notice.
  EXPECT_EQ(status.message, refusal.message + "." + kSilentLaunchNote) << refusal.config.str();
}

LaunchConfig config(Dim3 grid, Dim3 block, std::size_t shared = 0) { return LaunchConfig{grid, block, shared}; }

}  // namespace

TEST(ValidateLaunch, RefusesWhatAGpuCannotRunAndSaysWhichLimit) {
  const DeviceFacts gpu = h200_like();
  const std::vector<Refusal> refusals = {
      {config(1, 0), "a block needs at least one thread in each dimension; you asked for blockDim.x = 0"},
      {config(1, {4, 0}), "a block needs at least one thread in each dimension; you asked for blockDim.y = 0"},
      {config(1, {4, 4, 0}), "a block needs at least one thread in each dimension; you asked for blockDim.z = 0"},
      {config(0, 32), "a grid needs at least one block in each dimension; you asked for gridDim.x = 0"},
      {config({8, 0}, 32), "a grid needs at least one block in each dimension; you asked for gridDim.y = 0"},
      {config({8, 1, 0}, 32), "a grid needs at least one block in each dimension; you asked for gridDim.z = 0"},
      {config(2, 2048), "this GPU allows at most 1024 threads per block; you asked for 2048"},
      {config(1, 1025), "this GPU allows at most 1024 threads per block; you asked for 1025"},
      {config(1, {32, 64}), "this GPU allows at most 1024 threads per block; you asked for 2048 (32 × 64 × 1)"},
      {config(1, {16, 16, 8}), "this GPU allows at most 1024 threads per block; you asked for 2048 (16 × 16 × 8)"},
      {config(1, {1, 1, 65}), "this GPU allows blockDim.z up to 64; you asked for 65"},
      {config(1, {1, 1, 128}), "this GPU allows blockDim.z up to 64; you asked for 128"},
      {config({1, 65536}, 32), "this GPU allows gridDim.y up to 65535; you asked for 65536"},
      {config({1, 1, 65536}, 32), "this GPU allows gridDim.z up to 65535; you asked for 65536"},
      {config({1, 100000, 100000}, 1), "this GPU allows gridDim.y up to 65535; you asked for 100000"},
      {config(1, 32, 228 * 1024), "this GPU allows at most 227 KiB of shared memory per block; you asked for 228 KiB of dynamic shared memory"},
      {config(1, 32, 1 << 20), "this GPU allows at most 227 KiB of shared memory per block; you asked for 1 MiB of dynamic shared memory"},
      {config(1, 32, 232449), "this GPU allows at most 227 KiB of shared memory per block; you asked for 232449 bytes of dynamic shared memory"},
  };
  for (const Refusal& refusal : refusals) expect_refused(gpu, refusal);
}

TEST(ValidateLaunch, TheEmulatorNamesItselfAndItsOwnLimits) {
  const DeviceFacts emu = emulator_facts(2);
  const std::vector<Refusal> refusals = {
      {config(1, 2048), "the emulator allows at most 1024 threads per block; you asked for 2048"},
      {config(1, {1, 1, 65}), "the emulator allows blockDim.z up to 64; you asked for 65"},
      {config({1, 70000}, 1), "the emulator allows gridDim.y up to 65535; you asked for 70000"},
      {config(1, 32, 49 * 1024), "the emulator allows at most 48 KiB of shared memory per block; you asked for 49 KiB of dynamic shared memory"},
      {config(0, 0), "a block needs at least one thread in each dimension; you asked for blockDim.x = 0"},
  };
  for (const Refusal& refusal : refusals) expect_refused(emu, refusal);
}

TEST(ValidateLaunch, AcceptsEverythingAtTheLimits) {
  const DeviceFacts gpu = h200_like();
  for (const LaunchConfig& fine : {config(2, 4), config(1, 1024), config(1, {32, 32}), config(1, {1, 1, 64}),
                                   config({2147483647u, 65535, 65535}, 1), config(1, 32, 227 * 1024),
                                   config(132, 256, 48 * 1024)}) {
    Status status = validate_launch(fine, gpu);
    EXPECT_TRUE(status.ok()) << fine.str() << ": " << status.message;
  }
  // The emulator has no opt-in: 48 KiB is its whole dynamic shared array.
  EXPECT_TRUE(validate_launch(config(1, 32, 48 * 1024), emulator_facts(1)).ok());
}
