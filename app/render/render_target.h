#pragma once
// An offscreen colour target (FBO + RGBA8 texture) the canvas renders into; ImGui then shows the
// texture with ImGui::Image. Rendering offscreen lets the canvas redraw only when its picture
// changes (cheap idle frames on llvmpipe) and lets tests read the canvas alone.
#include <cstdint>
#include <vector>

#include <glad/gl.h>

namespace cudalab::app::render {

class RenderTarget {
 public:
  RenderTarget() = default;
  ~RenderTarget();
  RenderTarget(const RenderTarget&) = delete;
  RenderTarget& operator=(const RenderTarget&) = delete;

  // (Re)allocates when the size changed; returns false when the framebuffer is incomplete.
  bool resize(int width, int height);
  // Binds the framebuffer and sets the viewport; unbind() restores the window's framebuffer.
  void bind() const;
  static void unbind();

  GLuint texture() const { return texture_; }
  int width() const { return width_; }
  int height() const { return height_; }
  // RGBA rows, top row first (tests).
  std::vector<std::uint8_t> read_pixels() const;

 private:
  void release();
  GLuint framebuffer_ = 0, texture_ = 0;
  int width_ = 0, height_ = 0;
};

}  // namespace cudalab::app::render
