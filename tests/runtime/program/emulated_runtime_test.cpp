// Whole programs on the emulator: compile_program (cudalab/jit.h) and the emulated CUDA runtime
// (cudalab/emu/program.h, cudalab/emulated_runtime.h), run in this process with stdout captured.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <memory>
#include <string>

#include "cudalab/emulated_runtime.h"
#include "cudalab/jit.h"
#include "src/backends.h"

namespace cudalab {
namespace {

struct Ran {
  Status compiled;
  JitOutput log;
  int exit_code = -1;
  std::string out;
  emulated_runtime::Record record;
};

// Compiles `program` as test.cu and runs its main() on a 2-worker emulator, stdout captured.
Ran run(const std::string& program) {
  Ran ran;
  std::unique_ptr<Device> device = make_emulator_device(2, Message::text("program tests"));
  JitSource source;
  source.text = program;
  source.file_name = "test.cu";
  std::unique_ptr<JitProgram> compiled;
  ran.compiled = compile_program(*device, source, &compiled, &ran.log);
  if (!ran.compiled.ok()) return ran;
  auto* main_fn = reinterpret_cast<int (*)(int, char**)>(compiled->symbol("main"));
  if (main_fn == nullptr) return ran;
  emulated_runtime::bind(device.get());
  std::fflush(stdout);
  const int saved = ::dup(1);
  std::FILE* capture = std::tmpfile();
  ::dup2(::fileno(capture), 1);
  char name[] = "test";
  char* argv[] = {name, nullptr};
  ran.exit_code = main_fn(1, argv);
  emulated_runtime::flush_printf();
  std::fflush(stdout);
  ::dup2(saved, 1);
  ::close(saved);
  std::rewind(capture);
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, capture)) > 0;) ran.out.append(buffer, n);
  std::fclose(capture);
  ran.record = emulated_runtime::record();
  emulated_runtime::release_leftovers();
  emulated_runtime::bind(nullptr);
  return ran;
}

#define ASSERT_COMPILED(ran) ASSERT_TRUE((ran).compiled.ok()) << (ran).compiled.describe() << "\n" << (ran).log.log

TEST(EmulatedRuntime, TheFourStepHostFlowRunsAndFreesEverything) {
  const Ran ran = run(R"(
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
__global__ void add(const float* x, const float* y, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = x[i] + y[i];
}
int main() {
  const int n = 1000;
  std::vector<float> x(n), y(n), out(n);
  for (int i = 0; i < n; ++i) { x[i] = i; y[i] = 2 * i; }
  float *dx, *dy, *dout;
  cudaMalloc(&dx, n * sizeof(float));
  cudaMalloc(&dy, n * sizeof(float));
  cudaMalloc(&dout, n * sizeof(float));
  cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dy, y.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  add<<<(n + 255) / 256, 256>>>(dx, dy, dout, n);
  if (cudaGetLastError() != cudaSuccess) return 2;
  cudaMemcpy(out.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(dx); cudaFree(dy); cudaFree(dout);
  for (int i = 0; i < n; ++i) if (out[i] != 3.0f * i) { printf("wrong at %d\n", i); return 1; }
  printf("OK %g\n", out[n - 1]);
  return 0;
}
)");
  ASSERT_COMPILED(ran);
  EXPECT_EQ(ran.exit_code, 0) << ran.out;
  EXPECT_EQ(ran.out, "OK 2997\n");
  EXPECT_TRUE(ran.record.live.empty());
  ASSERT_EQ(ran.record.copies.size(), 3u);
  EXPECT_EQ(ran.record.copies[0].device_bytes, 4000u);
  EXPECT_EQ(ran.record.copies[0].line, 17);
  ASSERT_EQ(ran.record.launches.size(), 1u);
  EXPECT_EQ(ran.record.launches[0].kernel, "add");
  EXPECT_EQ(ran.record.launches[0].line, 19);
  EXPECT_EQ(ran.record.launches[0].config.grid.x, 4u);
}

TEST(EmulatedRuntime, KernelPrintfAppearsAtTheSynchronisationBetweenHostLines) {
  const Ran ran = run(R"(
#include <cstdio>
__global__ void hello() { if (threadIdx.x == 0) printf("block %d says hello\n", blockIdx.x); }
int main() {
  printf("before\n");
  hello<<<1, 32>>>();
  cudaDeviceSynchronize();
  std::printf("after\n");
  return 0;
}
)");
  ASSERT_COMPILED(ran);
  EXPECT_EQ(ran.out, "before\nblock 0 says hello\nafter\n");
}

TEST(EmulatedRuntime, ABadLaunchIsCudasErrorWithCudasWords) {
  const Ran ran = run(R"(
#include <cstdio>
__global__ void k(int* p) { p[0] = 1; }
int main() {
  int* p = nullptr;
  cudaMalloc(&p, sizeof(int));
  k<<<1, 2048>>>(p);
  cudaError_t e = cudaGetLastError();
  printf("%d %s %s\n", (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
  printf("%d\n", (int)cudaGetLastError());
  cudaFree(p);
  return 0;
}
)");
  ASSERT_COMPILED(ran);
  EXPECT_EQ(ran.out, "9 cudaErrorInvalidConfiguration invalid configuration argument\n0\n");
  EXPECT_NE(ran.record.last_failure.message.find("1024"), std::string::npos) << ran.record.last_failure.message;
}

TEST(EmulatedRuntime, ACopyPastItsAllocationIsRefusedAndRecorded) {
  const Ran ran = run(R"(
#include <vector>
int main() {
  std::vector<float> h(100);
  float* d;
  cudaMalloc(&d, 50 * sizeof(float));
  cudaError_t e = cudaMemcpy(d, h.data(), 100 * sizeof(float), cudaMemcpyHostToDevice);
  return e == cudaErrorInvalidValue ? 0 : 1;
}
)");
  ASSERT_COMPILED(ran);
  EXPECT_EQ(ran.exit_code, 0);
  ASSERT_EQ(ran.record.copies.size(), 1u);
  EXPECT_EQ(ran.record.copies[0].bytes, 400u);
  EXPECT_EQ(ran.record.copies[0].device_bytes, 200u);
  ASSERT_EQ(ran.record.live.size(), 1u);  // never freed
  EXPECT_EQ(ran.record.live[0].line, 6);
}

TEST(EmulatedRuntime, DynamicSharedMemoryConstantsEventsAndStreams) {
  const Ran ran = run(R"(
#include <cstdio>
__constant__ float scale[2];
__global__ void reverse_scaled(float* data, int n) {
  extern __shared__ float tile[];
  int t = threadIdx.x;
  tile[t] = data[t];
  __syncthreads();
  data[t] = tile[n - 1 - t] * scale[1];
}
int main() {
  const int n = 64;
  float h[n];
  for (int i = 0; i < n; ++i) h[i] = i;
  const float s[2] = {1, 2};
  cudaMemcpyToSymbol(scale, s, sizeof s);
  float* d;
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  cudaEvent_t start, stop;
  cudaEventCreate(&start); cudaEventCreate(&stop);
  cudaMalloc(&d, sizeof h);
  cudaMemcpyAsync(d, h, sizeof h, cudaMemcpyHostToDevice, stream);
  cudaEventRecord(start, stream);
  reverse_scaled<<<1, n, n * sizeof(float), stream>>>(d, n);
  cudaEventRecord(stop, stream);
  cudaEventSynchronize(stop);
  float ms = -1;
  if (cudaEventElapsedTime(&ms, start, stop) != cudaSuccess || ms < 0) return 3;
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  cudaFree(d);
  cudaStreamDestroy(stream);
  cudaEventDestroy(start); cudaEventDestroy(stop);
  printf("%g %g\n", h[0], h[63]);
  return 0;
}
)");
  ASSERT_COMPILED(ran);
  EXPECT_EQ(ran.exit_code, 0) << ran.out;
  EXPECT_EQ(ran.out, "126 0\n");
}

TEST(EmulatedRuntime, AFailedLaunchTheCheckCausesIsSeenByAProgramThatAsks) {
  emulated_runtime::fail_launches(0);
  const std::string program = R"(
__global__ void k() {}
int main() {
  k<<<1, 1>>>();
  return cudaGetLastError() == cudaSuccess ? 0 : 1;
}
)";
  std::unique_ptr<Device> device = make_emulator_device(1, Message::text("program tests"));
  JitSource source;
  source.text = program;
  std::unique_ptr<JitProgram> compiled;
  JitOutput log;
  ASSERT_TRUE(compile_program(*device, source, &compiled, &log).ok()) << log.log;
  auto* main_fn = reinterpret_cast<int (*)()>(compiled->symbol("main"));
  emulated_runtime::bind(device.get());
  EXPECT_EQ(main_fn(), 0);
  emulated_runtime::fail_launches(701);
  EXPECT_EQ(main_fn(), 1);
  EXPECT_EQ(emulated_runtime::record().launches.back().error, 701);
  emulated_runtime::bind(nullptr);
}

TEST(EmulatedRuntime, WhatIsOutsideTheSubsetIsRefusedInWords) {
  const Ran files = run("#include <cstdio>\nint main() { FILE* f = fopen(\"/etc/passwd\", \"r\"); return f != nullptr; }\n");
  ASSERT_FALSE(files.compiled.ok());
  EXPECT_NE(files.compiled.message.find("`fopen`"), std::string::npos) << files.compiled.message;
  const Ran typo = run("int main() {\n  cudaMallocc(nullptr, 4);\n}\n");
  ASSERT_FALSE(typo.compiled.ok());
  ASSERT_FALSE(typo.log.diagnostics.empty());
  EXPECT_EQ(typo.log.diagnostics[0].file, "test.cu");
  EXPECT_EQ(typo.log.diagnostics[0].line, 2);
  const Ran unread = run("int main() {\n  k<<<1, 1>>>;\n}\n");
  ASSERT_FALSE(unread.compiled.ok());
  EXPECT_NE(unread.compiled.message.find("line 2"), std::string::npos) << unread.compiled.message;
}

}  // namespace
}  // namespace cudalab
