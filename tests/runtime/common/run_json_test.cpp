// Runs as JSON: every field survives a round trip exactly, and broken files come back as messages
// that name the field, never as exceptions.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>

#include "cudalab/run.h"

using cudalab::BackendKind;
using cudalab::DeviceFacts;
// gtest's Test::Run() would hide the plain name inside TEST bodies.
using LabRun = cudalab::Run;
using cudalab::Status;
using cudalab::StatusCode;
using cudalab::Timing;
using cudalab::TimingSource;
using cudalab::TraceEvent;
using nlohmann::json;

namespace {

// Every field set to something other than its default, with values at the edges of their types.
LabRun full_run() {
  LabRun run;
  run.lesson = "shared_matmul";
  run.step = 3;
  run.parameters = {{"n", "4096"}, {"tile", "16"}, {"note", "ünïcode · 共享内存"}};
  run.results = {{"gflops", 8123.5}, {"matches_reference", true}, {"rows", {1, 2, 3}}};
  TraceEvent first;
  first.kind = 7;
  first.block = 4294967295u;
  first.thread = 1023;
  first.sm = 131;
  first.time_ns = 18446744073709551615ull;
  first.payload[0] = -2147483647 - 1;
  first.payload[1] = 2147483647;
  first.payload[2] = -1;
  first.payload[3] = 42;
  TraceEvent second;
  second.kind = 1;
  second.time_ns = 1732900000123456789ull;
  run.trace = {first, second};
  run.trace_overflow = 12345678901234ull;
  Timing kernel;
  kernel.label = "kernel";
  kernel.ms = 0.1 + 0.2;  // not representable briefly: checks the shortest round-trip printing
  kernel.source = TimingSource::gpu_events;
  kernel.repeats = 20;
  kernel.samples_ms = {1e-300, 123456.789, std::numeric_limits<double>::quiet_NaN(),
                       std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
  Timing copy;
  copy.label = "copy in";
  copy.ms = std::numeric_limits<double>::quiet_NaN();
  copy.source = TimingSource::emulator_clock;
  run.timings = {kernel, copy};
  run.printf_output = "Hello from block 0, thread 0\n\ttab \"quoted\" \\ backslash\n";
  run.status = Status::error(StatusCode::kernel_fault, "the kernel read or wrote memory it does not own");
  run.status.at("cudaDeviceSynchronize()", "runtime/cuda/cuda_device.cpp", 217);
  run.status.device_was_reset = true;
  DeviceFacts& d = run.device;
  d.backend = BackendKind::gpu;
  d.index = 1;
  d.name = "NVIDIA H200";
  d.cc_major = 9;
  d.cc_minor = 0;
  d.sm_count = 132;
  d.warp_size = 32;
  d.max_threads_per_block = 1024;
  d.max_block_dim = {1024, 1024, 64};
  d.max_grid_dim = {2147483647u, 65535u, 65535u};
  d.shared_per_block = 49152;
  d.shared_per_block_optin = 232448;
  d.shared_per_sm = 233472;
  d.regs_per_block = 65536;
  d.regs_per_sm = 65536;
  d.max_threads_per_sm = 2048;
  d.l2_bytes = 52428800;
  d.global_mem_bytes = 150011543552ull;
  d.clock_khz = 1980000;
  d.mem_clock_khz = 2619000;
  d.mem_bus_width_bits = 6144;
  d.why_no_gpu = {};
  d.host_cpu = "Intel(R) Xeon(R) Platinum 8480+";
  d.host_cores = 16;
  run.started_at = "2026-11-29T19:39:29Z";
  run.cudalab_version = "0.1.0";
  return run;
}

bool same_double(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return std::memcmp(&a, &b, sizeof a) == 0;  // bit for bit, not merely close
}

void expect_same(const LabRun& a, const LabRun& b) {
  EXPECT_EQ(a.lesson, b.lesson);
  EXPECT_EQ(a.step, b.step);
  EXPECT_EQ(a.parameters, b.parameters);
  EXPECT_EQ(a.results, b.results);
  ASSERT_EQ(a.trace.size(), b.trace.size());
  for (std::size_t i = 0; i < a.trace.size(); ++i)
    EXPECT_EQ(std::memcmp(&a.trace[i], &b.trace[i], sizeof(TraceEvent)), 0) << "trace[" << i << "]";
  EXPECT_EQ(a.trace_overflow, b.trace_overflow);
  ASSERT_EQ(a.timings.size(), b.timings.size());
  for (std::size_t i = 0; i < a.timings.size(); ++i) {
    EXPECT_EQ(a.timings[i].label, b.timings[i].label);
    EXPECT_TRUE(same_double(a.timings[i].ms, b.timings[i].ms)) << a.timings[i].ms << " vs " << b.timings[i].ms;
    EXPECT_EQ(a.timings[i].source, b.timings[i].source);
    EXPECT_EQ(a.timings[i].repeats, b.timings[i].repeats);
    ASSERT_EQ(a.timings[i].samples_ms.size(), b.timings[i].samples_ms.size());
    for (std::size_t s = 0; s < a.timings[i].samples_ms.size(); ++s)
      EXPECT_TRUE(same_double(a.timings[i].samples_ms[s], b.timings[i].samples_ms[s])) << "sample " << s;
  }
  EXPECT_EQ(a.printf_output, b.printf_output);
  EXPECT_EQ(a.status.code, b.status.code);
  EXPECT_EQ(a.status.message, b.status.message);
  EXPECT_EQ(a.status.expression, b.status.expression);
  EXPECT_EQ(a.status.file, b.status.file);
  EXPECT_EQ(a.status.line, b.status.line);
  EXPECT_EQ(a.status.device_was_reset, b.status.device_was_reset);
  // DeviceFacts: compare through JSON as well as field by field on the ones easiest to lose.
  EXPECT_EQ(to_json(a.device), to_json(b.device));
  EXPECT_EQ(a.device.backend, b.device.backend);
  EXPECT_EQ(a.device.global_mem_bytes, b.device.global_mem_bytes);
  EXPECT_EQ(a.device.max_grid_dim, b.device.max_grid_dim);
  EXPECT_EQ(a.started_at, b.started_at);
  EXPECT_EQ(a.cudalab_version, b.cudalab_version);
}

std::string load_error(const json& j) {
  LabRun run;
  Status status = from_json(j, &run);
  EXPECT_FALSE(status.ok());
  EXPECT_EQ(status.code, StatusCode::invalid_argument);
  return status.message;
}

}  // namespace

TEST(RunJson, EveryFieldSurvivesARoundTrip) {
  const LabRun original = full_run();
  LabRun loaded;
  const Status status = from_json(to_json(original), &loaded);
  ASSERT_TRUE(status.ok()) << status.describe();
  expect_same(original, loaded);
}

TEST(RunJson, RoundTripThroughTextIsExactToo) {
  const LabRun original = full_run();
  const json reparsed = json::parse(to_json(original).dump(2));
  LabRun loaded;
  ASSERT_TRUE(from_json(reparsed, &loaded).ok());
  expect_same(original, loaded);
  EXPECT_EQ(to_json(loaded).dump(), to_json(original).dump());
}

TEST(RunJson, DefaultRunRoundTrips) {
  LabRun loaded;
  loaded.lesson = "changed";
  ASSERT_TRUE(from_json(to_json(LabRun{}), &loaded).ok());
  expect_same(LabRun{}, loaded);
}

TEST(RunJson, DeviceFactsAloneRoundTrip) {
  const DeviceFacts facts = full_run().device;
  DeviceFacts loaded;
  ASSERT_TRUE(from_json(to_json(facts), &loaded).ok());
  EXPECT_EQ(to_json(loaded), to_json(facts));
  EXPECT_EQ(loaded.label(), facts.label());
}

TEST(RunJson, SaveAndLoadAFile) {
  const auto path = (std::filesystem::temp_directory_path() / "cudalab_run_json_test.json").string();
  const LabRun original = full_run();
  ASSERT_TRUE(save_run(original, path).ok());
  LabRun loaded;
  const Status status = load_run(path, &loaded);
  ASSERT_TRUE(status.ok()) << status.describe();
  expect_same(original, loaded);
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
  std::filesystem::remove(path);
}

TEST(RunJson, MissingFieldsAreNamed) {
  json j = to_json(full_run());
  j.erase("lesson");
  EXPECT_EQ(load_error(j), "run.lesson: missing");
  j = to_json(full_run());
  j["device"].erase("sm_count");
  EXPECT_EQ(load_error(j), "run.device.sm_count: missing");
  j = to_json(full_run());
  j["timings"][1].erase("source");
  EXPECT_EQ(load_error(j), "run.timings[1].source: missing");
  j = to_json(full_run());
  j.erase("status");
  EXPECT_EQ(load_error(j), "run.status: missing");
}

TEST(RunJson, OddFieldsAreNamedWithWhatWasFound) {
  json j = to_json(full_run());
  j["step"] = "three";
  EXPECT_EQ(load_error(j), "run.step: expected an integer, found a string");
  j = to_json(full_run());
  j["device"]["sm_count"] = 1.5;
  EXPECT_EQ(load_error(j), "run.device.sm_count: expected an integer, found a number with a fraction");
  j = to_json(full_run());
  j["trace"][0]["block"] = -1;
  EXPECT_EQ(load_error(j), "run.trace[0].block: -1 is out of range");
  j = to_json(full_run());
  j["trace"][1]["payload"] = {1, 2};
  EXPECT_EQ(load_error(j), "run.trace[1].payload: expected an array of 4 integers");
  j = to_json(full_run());
  j["status"]["code"] = "exploded";
  EXPECT_EQ(load_error(j).rfind("run.status.code: \"exploded\" is not one of ok, invalid_config", 0), 0u);
  j = to_json(full_run());
  j["timings"] = json::object();
  EXPECT_EQ(load_error(j), "run.timings: expected an array, found an object");
  j = to_json(full_run());
  j["parameters"]["n"] = 4096;
  EXPECT_EQ(load_error(j), "run.parameters.n: expected a string, found an integer");
  j = to_json(full_run());
  j["device"]["max_block_dim"] = {1024, 1024};
  EXPECT_EQ(load_error(j), "run.device.max_block_dim: expected an array of 3 integers");
}

TEST(RunJson, EmptyEnumNamesAreRefusedByField) {
  // An empty name used to be taken silently as the default value.
  json j = to_json(full_run());
  j["status"]["code"] = "";
  EXPECT_EQ(load_error(j).rfind("run.status.code: \"\" is not one of ok, invalid_config", 0), 0u) << load_error(j);
  j = to_json(full_run());
  j["timings"][1]["source"] = "";
  EXPECT_EQ(load_error(j), "run.timings[1].source: \"\" is not one of gpu-events, emulator-clock, host-clock");
  j = to_json(full_run());
  j["device"]["backend"] = "";
  EXPECT_EQ(load_error(j), "run.device.backend: \"\" is not one of gpu, emu");
}

TEST(RunJson, NotARunAtAll) {
  EXPECT_EQ(load_error(json::array()), "run: expected an object, found an array");
  json j = to_json(full_run());
  j["kind"] = "cudalab-settings";
  EXPECT_EQ(load_error(j), "run.kind: \"cudalab-settings\" is not a CUDA Lab run");
  j = to_json(full_run());
  j["format_version"] = 99;
  EXPECT_NE(load_error(j).find("a newer CUDA Lab wrote it"), std::string::npos);
}

TEST(RunJson, FailedReadLeavesTheTargetAlone) {
  LabRun target;
  target.lesson = "untouched";
  json j = to_json(full_run());
  j["device"]["name"] = 5;
  EXPECT_FALSE(from_json(j, &target).ok());
  EXPECT_EQ(target.lesson, "untouched");
}

TEST(RunJson, FilesThatAreNotJsonSayWhere) {
  const auto path = (std::filesystem::temp_directory_path() / "cudalab_run_json_broken.json").string();
  {
    std::ofstream file(path);
    file << "{\n  \"lesson\": \"hello\",\n  \"step\": 0,,\n}\n";
  }
  LabRun run;
  Status status = load_run(path, &run);
  EXPECT_EQ(status.code, StatusCode::invalid_argument);
  EXPECT_NE(status.message.find(path + " is not valid JSON: parse error at line 3"), std::string::npos) << status.message;
  std::filesystem::remove(path);

  status = load_run(path + ".does-not-exist", &run);
  EXPECT_EQ(status.code, StatusCode::io_error);
  EXPECT_NE(status.message.find("cannot open"), std::string::npos);
  EXPECT_NE(status.message.find("No such file"), std::string::npos);
}
