#pragma once
// Launch geometry on the host side. (CUDA's own dim3 lives in device code; host code of CUDA Lab
// uses Dim3 so the same headers compile with g++ and nvcc.)
#include <cstddef>
#include <cstdint>
#include <string>

namespace cudalab {

struct Dim3 {
  unsigned x = 1, y = 1, z = 1;
  constexpr Dim3() = default;
  constexpr Dim3(unsigned x_, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}
  constexpr std::uint64_t volume() const { return std::uint64_t(x) * y * z; }
  friend constexpr bool operator==(const Dim3&, const Dim3&) = default;
  std::string str() const;  // "(2, 4, 1)" or "8" when 1D
};

// Streams are numbered 0 (the default stream) to kLastStream; see Device's stream calls.
inline constexpr int kLastStream = 16;

struct LaunchConfig {
  Dim3 grid;
  Dim3 block;
  std::size_t dynamic_shared_bytes = 0;
  int stream = 0;  // the 4th <<<>>> argument: which in-order queue runs it (0: the default stream)
  std::uint64_t total_threads() const { return grid.volume() * block.volume(); }
  std::string str() const;  // "<<<2, 4>>>" / "<<<(2, 2), (16, 16), 1024>>>" / "<<<8, 256, 0, stream 2>>>"
};

}  // namespace cudalab
