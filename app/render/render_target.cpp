#include "render/render_target.h"

#include <algorithm>
#include <cstring>

namespace cudalab::app::render {

RenderTarget::~RenderTarget() { release(); }

void RenderTarget::release() {
  if (framebuffer_ != 0) glDeleteFramebuffers(1, &framebuffer_);
  if (texture_ != 0) glDeleteTextures(1, &texture_);
  framebuffer_ = texture_ = 0;
  width_ = height_ = 0;
}

bool RenderTarget::resize(int width, int height) {
  width = std::max(width, 1);
  height = std::max(height, 1);
  if (framebuffer_ != 0 && width == width_ && height == height_) return true;
  release();
  glGenTextures(1, &texture_);
  glBindTexture(GL_TEXTURE_2D, texture_);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  // Nearest: the texture is shown at exactly its size, and cells must keep crisp edges.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glGenFramebuffers(1, &framebuffer_);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture_, 0);
  const bool complete = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glBindTexture(GL_TEXTURE_2D, 0);
  width_ = width;
  height_ = height;
  return complete;
}

void RenderTarget::bind() const {
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  glViewport(0, 0, width_, height_);
}

void RenderTarget::unbind() { glBindFramebuffer(GL_FRAMEBUFFER, 0); }

std::vector<std::uint8_t> RenderTarget::read_pixels() const {
  const std::size_t row_bytes = static_cast<std::size_t>(width_) * 4;
  std::vector<std::uint8_t> pixels(row_bytes * static_cast<std::size_t>(height_));
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  // GL's first row is the bottom one.
  std::vector<std::uint8_t> row(row_bytes);
  for (int top = 0, bottom = height_ - 1; top < bottom; ++top, --bottom) {
    std::uint8_t* top_row = pixels.data() + static_cast<std::size_t>(top) * row_bytes;
    std::uint8_t* bottom_row = pixels.data() + static_cast<std::size_t>(bottom) * row_bytes;
    std::memcpy(row.data(), top_row, row_bytes);
    std::memcpy(top_row, bottom_row, row_bytes);
    std::memcpy(bottom_row, row.data(), row_bytes);
  }
  return pixels;
}

}  // namespace cudalab::app::render
