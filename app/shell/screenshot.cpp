#include "shell/screenshot.h"

#include <glad/gl.h>
#include <stb_image_write.h>

#include <cstring>
#include <filesystem>
#include <system_error>
#include <vector>

namespace cudalab::app {

std::string save_back_buffer_png(int width, int height, const std::string& path) {
  if (width <= 0 || height <= 0) return "the window has no pixels to save (" + std::to_string(width) + "×" + std::to_string(height) + ")";
  const std::size_t row_bytes = static_cast<std::size_t>(width) * 3;
  std::vector<unsigned char> pixels(row_bytes * static_cast<std::size_t>(height));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glReadBuffer(GL_BACK);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  // RGB, not RGBA: the back buffer's alpha is whatever blending left there, and a PNG viewer
  // would show it as holes.
  glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
  if (glGetError() != GL_NO_ERROR) return "glReadPixels failed";
  std::vector<unsigned char> flipped(pixels.size());
  for (int row = 0; row < height; ++row) {
    std::memcpy(flipped.data() + static_cast<std::size_t>(row) * row_bytes,
                pixels.data() + static_cast<std::size_t>(height - 1 - row) * row_bytes, row_bytes);
  }
  std::error_code error;
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  if (!parent.empty()) std::filesystem::create_directories(parent, error);
  if (stbi_write_png(path.c_str(), width, height, 3, flipped.data(), static_cast<int>(row_bytes)) == 0) {
    return "cannot write " + path;
  }
  return "";
}

}  // namespace cudalab::app
