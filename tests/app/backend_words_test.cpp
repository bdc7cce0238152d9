// The status bar speaks to a room: no CUDA error names in its line, the reason in the tooltip.
#include <gtest/gtest.h>

#include "shell/backend_words.h"

using cudalab::DeviceFacts;
using cudalab::app::backend_words;

TEST(BackendWords, NoGpuSaysSoInWordsAndKeepsTheReasonForTheTooltip) {
  DeviceFacts facts = cudalab::emulator_facts(2);
  facts.why_no_gpu = cudalab::Message::text("no NVIDIA driver found (cudaErrorInsufficientDriver: CUDA driver version is insufficient)");
  const auto words = backend_words(facts);
  EXPECT_EQ(words.label, "No NVIDIA GPU found — running on the CPU emulator");
  EXPECT_EQ(words.label.find("cudaError"), std::string::npos);
  EXPECT_NE(words.detail.find("cudaErrorInsufficientDriver"), std::string::npos);
  EXPECT_NE(words.detail.find("2 worker threads"), std::string::npos);
}

TEST(BackendWords, ChosenEmulatorAndRealGpu) {
  DeviceFacts facts = cudalab::emulator_facts(1);
  facts.why_no_gpu = {};
  EXPECT_EQ(backend_words(facts).label.find("No NVIDIA GPU"), std::string::npos);
  DeviceFacts gpu;
  gpu.backend = cudalab::BackendKind::gpu;
  gpu.name = "NVIDIA H200";
  gpu.cc_major = 9;
  gpu.sm_count = 132;
  EXPECT_EQ(backend_words(gpu).label, "NVIDIA H200 · sm_90 · real GPU");
  EXPECT_NE(backend_words(gpu).detail.find("132 SMs"), std::string::npos);
}
