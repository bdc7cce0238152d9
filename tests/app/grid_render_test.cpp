// The instanced cell-grid renderer in a real GL 3.3 core context (run under xvfb-run): every cell
// of a 256 × 256 grid lands where the camera says with its palette colour, frames are outlined,
// and the embedded shader copy draws the same picture as the files. Prints the draw time of
// 65 536 cells (a measurement, never asserted).
#include <gtest/gtest.h>

#include <glad/gl.h>
#include <GLFW/glfw3.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "render/canvas_camera.h"
#include "render/cell_grid_renderer.h"
#include "render/render_target.h"

using namespace cudalab::app::render;
using cudalab::lessons::CellGridView;

namespace {

class GlContext : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const char* display = std::getenv("DISPLAY");
    if (display == nullptr || *display == '\0' || glfwInit() != GLFW_TRUE) return;
    glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    window_ = glfwCreateWindow(64, 64, "grid_render_test", nullptr, nullptr);
    if (window_ == nullptr) return;
    glfwMakeContextCurrent(window_);
    if (gladLoadGL(glfwGetProcAddress) == 0) {
      glfwDestroyWindow(window_);
      window_ = nullptr;
    }
  }
  static void TearDownTestSuite() {
    if (window_ != nullptr) glfwDestroyWindow(window_);
    glfwTerminate();
  }
  void SetUp() override {
    if (window_ == nullptr) GTEST_SKIP() << "no display with OpenGL 3.3 core (run under xvfb-run)";
  }
  static GLFWwindow* window_;
};
GLFWwindow* GlContext::window_ = nullptr;

CellGridView big_grid() {
  CellGridView view;
  view.cols = 256;
  view.rows = 256;
  view.cells.reserve(65536);
  for (int row = 0; row < 256; ++row) {
    for (int col = 0; col < 256; ++col) {
      CellGridView::Cell cell;
      cell.col = col;
      cell.row = row;
      cell.group = (col + row) % 11 == 0 ? -1 : (row / 16 * 16 + col / 16) % 9;  // blocks of 16 × 16
      cell.shade = 1.f;
      view.cells.push_back(cell);
    }
  }
  for (int row = 0; row < 256; row += 16) {
    for (int col = 0; col < 256; col += 16) view.frames.push_back({col, row, 16, 16, "", 0});
  }
  return view;
}

struct Pixel {
  int r, g, b;
};
Pixel at(const std::vector<std::uint8_t>& pixels, int width, int x, int y) {
  const std::size_t i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 4;
  return {pixels[i], pixels[i + 1], pixels[i + 2]};
}
bool same(Pixel p, PackedColour c) {
  return std::abs(p.r - red_of(c)) <= 2 && std::abs(p.g - green_of(c)) <= 2 && std::abs(p.b - blue_of(c)) <= 2;
}

void check_every_cell(const std::filesystem::path& shader_dir) {
  CellGridRenderer renderer;
  ASSERT_EQ(renderer.init(shader_dir), "");
  const CellGridView view = big_grid();
  const PackedColour frame_colour = pack(250, 250, 250);
  renderer.upload(view, frame_colour);
  EXPECT_EQ(renderer.cell_count(), 65536u);
  EXPECT_EQ(renderer.frame_count(), 256u);

  // 4 pixels per cell: every cell covers whole pixels, so its centre pixel is its own colour.
  const int size = 1024 + 16;
  RenderTarget target;
  ASSERT_TRUE(target.resize(size, size));
  CanvasCamera camera;
  camera.cell_pixels = 4;
  camera.offset_x = camera.offset_y = 8;
  GridStyle style;
  style.background = pack(10, 20, 30);
  style.line_pixels = 1;
  style.min_frame_pixels = 1000;  // frames off: check cells alone first
  target.bind();
  renderer.draw(camera, size, size, style);
  RenderTarget::unbind();
  const auto pixels = target.read_pixels();
  int wrong = 0;
  for (const CellGridView::Cell& cell : view.cells) {
    const int x = static_cast<int>(camera.screen_x(cell.col + 0.5f)), y = static_cast<int>(camera.screen_y(cell.row + 0.5f));
    if (!same(at(pixels, size, x, y), shaded_group_colour(cell.group, cell.shade)) && ++wrong < 5) {
      ADD_FAILURE() << "cell (" << cell.col << ", " << cell.row << ") drawn wrong";
    }
  }
  EXPECT_EQ(wrong, 0);
  EXPECT_TRUE(same(at(pixels, size, 2, 2), style.background));  // outside the grid
  EXPECT_TRUE(same(at(pixels, size, size - 3, size - 3), style.background));

  // Zoomed in: gaps between cells, and block outlines on the frame boundaries.
  camera.cell_pixels = 32;
  camera.offset_x = camera.offset_y = 0;
  style.min_frame_pixels = 10;
  style.line_pixels = 2;
  target.bind();
  renderer.draw(camera, size, size, style);
  RenderTarget::unbind();
  const auto zoomed = target.read_pixels();
  // Only tiles on screen were drawn: 1040 px / 32 px is 33 cells, 3 or 4 tiles of 16 each way.
  EXPECT_LE(renderer.last_drawn_cells(), 4u * 4u * 256u);
  EXPECT_TRUE(same(at(zoomed, size, 16 * 32, 5 * 32 + 16), frame_colour));  // a block's left edge
  EXPECT_TRUE(same(at(zoomed, size, 3 * 32 + 16, 16 * 32), frame_colour));  // a block's top edge
  EXPECT_TRUE(same(at(zoomed, size, 3 * 32, 5 * 32 + 16), style.background));  // the gap between cells
  EXPECT_TRUE(same(at(zoomed, size, 1 * 32 + 16, 2 * 32 + 16), shaded_group_colour(view.cells[2 * 256 + 1].group, 1.f)));

  // The picture most classes see: the whole grid fitted into a canvas, redrawn while zooming.
  camera.fit(256, 256, 800, 600, 10);
  style.min_frame_pixels = 10;
  target.resize(800, 600);
  glFinish();
  const auto start = std::chrono::steady_clock::now();
  constexpr int draws = 30;
  for (int i = 0; i < draws; ++i) {
    target.bind();
    renderer.draw(camera, 800, 600, style);
    RenderTarget::unbind();
  }
  glFinish();
  EXPECT_EQ(renderer.last_drawn_cells(), 65536u);  // all on screen
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() / draws;
  std::printf("[ measured ] 65536 cells + 256 frames into 800x600: %.2f ms per draw (%s)\n", ms,
              reinterpret_cast<const char*>(glGetString(GL_RENDERER)));
}

}  // namespace

TEST_F(GlContext, EveryCellOfA256By256GridFromTheShaderFiles) {
  check_every_cell(std::filesystem::path(CUDALAB_SOURCE_DIR) / "shaders");
}

TEST_F(GlContext, EveryCellOfA256By256GridFromTheEmbeddedCopy) { check_every_cell("/nonexistent/shaders"); }

TEST_F(GlContext, ABrokenShaderGivesAMessageNotACrash) {
  const auto folder = std::filesystem::temp_directory_path() / "cudalab_broken_shaders";
  std::filesystem::create_directories(folder);
  { std::ofstream(folder / "cell_grid.vert") << "#version 330 core\nvoid main() { this is not glsl }\n"; }
  CellGridRenderer renderer;
  const std::string error = renderer.init(folder);
  std::filesystem::remove_all(folder);
  EXPECT_NE(error.find("cell_grid.vert"), std::string::npos) << error;
  EXPECT_FALSE(renderer.ready());
  RenderTarget target;
  ASSERT_TRUE(target.resize(16, 16));
  target.bind();
  renderer.draw(CanvasCamera{}, 16, 16, GridStyle{});  // draws background only, no crash
  RenderTarget::unbind();
}
