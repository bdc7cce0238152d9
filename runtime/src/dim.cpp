#include "cudalab/dim.h"

namespace cudalab {

std::string Dim3::str() const {
  if (y == 1 && z == 1) return std::to_string(x);
  if (z == 1) return "(" + std::to_string(x) + ", " + std::to_string(y) + ")";
  return "(" + std::to_string(x) + ", " + std::to_string(y) + ", " + std::to_string(z) + ")";
}

std::string LaunchConfig::str() const {
  std::string text = "<<<" + grid.str() + ", " + block.str();
  if (dynamic_shared_bytes || stream) text += ", " + std::to_string(dynamic_shared_bytes);
  if (stream) text += ", stream " + std::to_string(stream);
  return text + ">>>";
}

}  // namespace cudalab
