#pragma once
// Helpers shared by the emulator tests: a device with a chosen number of workers, buffers in and
// out, and a Status assertion that prints the message.
#include <gtest/gtest.h>

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "cudalab/buffer.h"
#include "cudalab/device.h"
#include "kernels.h"
#include "src/backends.h"

namespace cudalab::emu_test {

#define EXPECT_OK(expression)                                     \
  do {                                                            \
    const ::cudalab::Status status_ = (expression);               \
    EXPECT_TRUE(status_.ok()) << #expression << ": " << status_.describe(); \
  } while (0)
#define ASSERT_OK(expression)                                     \
  do {                                                            \
    const ::cudalab::Status status_ = (expression);               \
    ASSERT_TRUE(status_.ok()) << #expression << ": " << status_.describe(); \
  } while (0)

inline std::unique_ptr<Device> emulator(int workers) { return make_emulator_device(workers, Message::text("emulator tests")); }

template <class T>
Buffer<T> upload(Device& device, const std::vector<T>& values) {
  Buffer<T> buffer;
  const Status status = Buffer<T>::from_host(device, std::span<const T>(values), &buffer);
  EXPECT_TRUE(status.ok()) << status.describe();
  return buffer;
}

template <class T>
Buffer<T> filled(Device& device, std::size_t count, T value) {
  return upload(device, std::vector<T>(count, value));
}

template <class T>
std::vector<T> download(const Buffer<T>& buffer) {
  std::vector<T> values(buffer.size());
  const Status status = buffer.download(std::span<T>(values));
  EXPECT_TRUE(status.ok()) << status.describe();
  return values;
}

}  // namespace cudalab::emu_test
