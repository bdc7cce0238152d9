#include "render/cell_grid_renderer.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <vector>

#include "render/shader_source.h"

namespace cudalab::app::render {

namespace {

struct CellInstance {
  float col, row;
  PackedColour colour;
};
constexpr int tile_cells = 16;  // a tile is tile_cells × tile_cells cells

int tile_of(int cell) { return cell >= 0 ? cell / tile_cells : -((-cell + tile_cells - 1) / tile_cells); }

struct FrameInstance {
  float col, row, cols, rows;
  PackedColour colour;
};

std::string build_program(GlProgram* program, const std::filesystem::path& shader_dir, const char* vertex_name,
                          const char* fragment_name) {
  const ShaderText vertex = load_shader(shader_dir, vertex_name);
  const ShaderText fragment = load_shader(shader_dir, fragment_name);
  if (vertex.text.empty()) return std::string("shader ") + vertex_name + " not found";
  if (fragment.text.empty()) return std::string("shader ") + fragment_name + " not found";
  return program->build(vertex.text, vertex.origin, fragment.text, fragment.origin);
}

// Attribute 0: the shared unit quad; attributes 1 and 2: per instance.
GLuint make_vertex_arrays(GLuint quad_buffer, GLuint instance_buffer, GLint position_components, GLsizei stride,
                          std::size_t colour_offset) {
  GLuint arrays = 0;
  glGenVertexArrays(1, &arrays);
  glBindVertexArray(arrays);
  glBindBuffer(GL_ARRAY_BUFFER, quad_buffer);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), nullptr);
  glBindBuffer(GL_ARRAY_BUFFER, instance_buffer);
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, position_components, GL_FLOAT, GL_FALSE, stride, nullptr);
  glVertexAttribDivisor(1, 1);
  glEnableVertexAttribArray(2);
  glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, reinterpret_cast<const void*>(colour_offset));
  glVertexAttribDivisor(2, 1);
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  return arrays;
}

void set_common_uniforms(const GlProgram& program, const CanvasCamera& camera, int width, int height) {
  glUniform2f(program.uniform("viewport_pixels"), static_cast<float>(width), static_cast<float>(height));
  glUniform2f(program.uniform("origin_pixels"), camera.offset_x, camera.offset_y);
  glUniform1f(program.uniform("cell_pixels"), camera.cell_pixels);
}

}  // namespace

CellGridRenderer::~CellGridRenderer() { release(); }

void CellGridRenderer::release() {
  if (cell_arrays_ != 0) glDeleteVertexArrays(1, &cell_arrays_);
  if (frame_arrays_ != 0) glDeleteVertexArrays(1, &frame_arrays_);
  const GLuint buffers[] = {quad_buffer_, cell_buffer_, frame_buffer_};
  for (GLuint buffer : buffers) {
    if (buffer != 0) glDeleteBuffers(1, &buffer);
  }
  cell_arrays_ = frame_arrays_ = quad_buffer_ = cell_buffer_ = frame_buffer_ = 0;
}

std::string CellGridRenderer::init(const std::filesystem::path& shader_dir) {
  release();
  if (std::string error = build_program(&cells_program_, shader_dir, "cell_grid.vert", "cell_grid.frag"); !error.empty()) {
    return error;
  }
  if (std::string error = build_program(&frames_program_, shader_dir, "frame_outline.vert", "frame_outline.frag");
      !error.empty()) {
    return error;
  }
  // A triangle strip: (0,0) (1,0) (0,1) (1,1).
  const float quad[] = {0.f, 0.f, 1.f, 0.f, 0.f, 1.f, 1.f, 1.f};
  glGenBuffers(1, &quad_buffer_);
  glBindBuffer(GL_ARRAY_BUFFER, quad_buffer_);
  glBufferData(GL_ARRAY_BUFFER, sizeof(quad), quad, GL_STATIC_DRAW);
  glGenBuffers(1, &cell_buffer_);
  glGenBuffers(1, &frame_buffer_);
  cell_arrays_ = make_vertex_arrays(quad_buffer_, cell_buffer_, 2, sizeof(CellInstance), offsetof(CellInstance, colour));
  frame_arrays_ =
      make_vertex_arrays(quad_buffer_, frame_buffer_, 4, sizeof(FrameInstance), offsetof(FrameInstance, colour));
  return "";
}

void CellGridRenderer::upload(const lessons::CellGridView& view, PackedColour frame_colour) {
  if (!ready()) return;
  // Instances in tile order, so each tile is one contiguous range of the buffer.
  std::vector<std::size_t> order(view.cells.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  auto tile_key = [&](std::size_t i) {
    return std::make_pair(tile_of(view.cells[i].row), tile_of(view.cells[i].col));
  };
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return tile_key(a) < tile_key(b); });
  std::vector<CellInstance> cells;
  cells.reserve(view.cells.size());
  tiles_.clear();
  for (std::size_t i : order) {
    const lessons::CellGridView::Cell& cell = view.cells[i];
    const auto [tile_row, tile_col] = tile_key(i);
    if (tiles_.empty() || tiles_.back().row != tile_row || tiles_.back().col != tile_col) {
      tiles_.push_back({tile_col, tile_row, cells.size(), 0});
    }
    ++tiles_.back().count;
    cells.push_back({static_cast<float>(cell.col), static_cast<float>(cell.row), shaded_group_colour(cell.group, cell.shade)});
  }
  std::vector<FrameInstance> frames;
  frames.reserve(view.frames.size());
  for (const lessons::CellGridView::Frame& frame : view.frames) {
    frames.push_back({static_cast<float>(frame.col), static_cast<float>(frame.row), static_cast<float>(frame.cols),
                      static_cast<float>(frame.rows), frame_colour});
  }
  glBindBuffer(GL_ARRAY_BUFFER, cell_buffer_);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(cells.size() * sizeof(CellInstance)), cells.data(), GL_STATIC_DRAW);
  glBindBuffer(GL_ARRAY_BUFFER, frame_buffer_);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(frames.size() * sizeof(FrameInstance)), frames.data(),
               GL_STATIC_DRAW);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  cell_count_ = cells.size();
  frame_count_ = frames.size();
}

void CellGridRenderer::draw(const CanvasCamera& camera, int width, int height, const GridStyle& style) const {
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_CULL_FACE);
  glDisable(GL_BLEND);
  glClearColor(red_of(style.background) / 255.f, green_of(style.background) / 255.f, blue_of(style.background) / 255.f, 1.f);
  glClear(GL_COLOR_BUFFER_BIT);
  if (!ready()) return;

  // Gaps make single threads countable once cells are big enough to show them.
  const float gap_pixels = camera.cell_pixels >= 24.f ? 2.f : camera.cell_pixels >= 6.f ? 1.f : 0.f;
  glUseProgram(cells_program_.id());
  set_common_uniforms(cells_program_, camera, width, height);
  glUniform1f(cells_program_.uniform("gap_pixels"), gap_pixels);
  glBindVertexArray(cell_arrays_);
  glBindBuffer(GL_ARRAY_BUFFER, cell_buffer_);
  // Tiles on screen (with a cell of slack), merged into runs of neighbours in the buffer: the whole
  // grid on screen is one draw call, a zoomed-in corner a few short ones.
  const float tile_pixels = camera.cell_pixels * tile_cells;
  const int first_col = static_cast<int>(std::floor((-camera.offset_x - camera.cell_pixels) / tile_pixels));
  const int last_col = static_cast<int>(std::floor((width - camera.offset_x + camera.cell_pixels) / tile_pixels));
  const int first_row = static_cast<int>(std::floor((-camera.offset_y - camera.cell_pixels) / tile_pixels));
  const int last_row = static_cast<int>(std::floor((height - camera.offset_y + camera.cell_pixels) / tile_pixels));
  last_drawn_cells_ = 0;
  std::size_t run_first = 0, run_count = 0;
  auto flush = [&] {
    if (run_count == 0) return;
    // GL 3.3 has no base instance: point the per-instance attributes at the run's first instance.
    const std::size_t offset = run_first * sizeof(CellInstance);
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, sizeof(CellInstance), reinterpret_cast<const void*>(offset));
    glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(CellInstance),
                          reinterpret_cast<const void*>(offset + offsetof(CellInstance, colour)));
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(run_count));
    last_drawn_cells_ += run_count;
    run_count = 0;
  };
  for (const Tile& tile : tiles_) {
    const bool visible = tile.col >= first_col && tile.col <= last_col && tile.row >= first_row && tile.row <= last_row;
    if (!visible) {
      flush();
      continue;
    }
    if (run_count == 0) run_first = tile.first;
    run_count += tile.count;
  }
  flush();

  if (frame_count_ > 0) {
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glUseProgram(frames_program_.id());
    set_common_uniforms(frames_program_, camera, width, height);
    glUniform1f(frames_program_.uniform("line_pixels"), style.line_pixels);
    glUniform1f(frames_program_.uniform("min_frame_pixels"), style.min_frame_pixels);
    glBindVertexArray(frame_arrays_);
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(frame_count_));
    glDisable(GL_BLEND);
  }
  glBindVertexArray(0);
  glUseProgram(0);
}

}  // namespace cudalab::app::render
