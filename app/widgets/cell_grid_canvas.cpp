#include "widgets/cell_grid_canvas.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

namespace cudalab::app::widgets {

namespace {

std::uint64_t cell_key(int col, int row) {
  return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(row)) << 32) | static_cast<std::uint32_t>(col);
}

ImU32 to_imgui(render::PackedColour colour) { return colour; }  // same byte order (see palette.h)

}  // namespace

int CellGridCanvas::cell_index_at(int col, int row) const {
  const auto found = cell_lookup_.find(cell_key(col, row));
  return found == cell_lookup_.end() ? -1 : found->second;
}

void CellGridCanvas::upload(const lessons::CellGridView& view, const Style& style) {
  renderer_.upload(view, style.colours.canvas_frame);
  uploaded_frame_colour_ = style.colours.canvas_frame;
  cell_lookup_.clear();
  cell_lookup_.reserve(view.cells.size());
  for (std::size_t i = 0; i < view.cells.size(); ++i) {
    cell_lookup_[cell_key(view.cells[i].col, view.cells[i].row)] = static_cast<int>(i);
  }
  if (view.cols != uploaded_cols_ || view.rows != uploaded_rows_) reset_camera();  // a new shape: show all of it
  uploaded_cols_ = view.cols;
  uploaded_rows_ = view.rows;
  picture_dirty_ = true;
}

void CellGridCanvas::handle_input(ImVec2 origin, ImVec2 size, const lessons::CellGridView& view) {
  ImGuiIO& io = ImGui::GetIO();
  ImGui::SetCursorScreenPos(origin);
  ImGui::InvisibleButton("##grid_canvas", size);
  const bool hovered = ImGui::IsItemHovered();
  const float fit_pixels = std::min(size.x / std::max(view.cols, 1), size.y / std::max(view.rows, 1));
  const float min_pixels = std::max(fit_pixels * 0.5f, 0.25f);
  const float max_pixels = std::max(160.f, fit_pixels);
  if (hovered && io.MouseWheel != 0.f) {
    camera_.zoom_at(io.MousePos.x - origin.x, io.MousePos.y - origin.y, std::pow(1.2f, io.MouseWheel), min_pixels,
                    max_pixels);
    picture_dirty_ = true;
    user_moved_camera_ = true;
  }
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0.f) &&
      (io.MouseDelta.x != 0.f || io.MouseDelta.y != 0.f)) {
    camera_.pan(io.MouseDelta.x, io.MouseDelta.y);
    picture_dirty_ = true;
    user_moved_camera_ = true;
  }
  if (hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) reset_camera();
}

void CellGridCanvas::draw(const lessons::CellGridView& view, std::uint64_t view_version, ImVec2 size, const Style& style) {
  size.x = std::floor(std::max(size.x, 8.f));
  size.y = std::floor(std::max(size.y, 8.f));
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  if (!initialised_) {
    initialised_ = true;
    error_ = renderer_.init(shader_dir_);
  }
  if (!error_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, style.colours.error);
    ImGui::TextWrapped("The picture cannot be drawn: %s", error_.c_str());
    ImGui::PopStyleColor();
    return;
  }
  if (view_version != uploaded_version_ || uploaded_frame_colour_ != style.colours.canvas_frame) {
    uploaded_version_ = view_version;
    upload(view, style);
  }
  handle_input(origin, size, view);
  if (!fitted_) {
    camera_.fit(view.cols, view.rows, size.x, size.y, 12.f * style.fonts.scale);
    fitted_ = true;
    picture_dirty_ = true;
  }
  const int width = static_cast<int>(size.x), height = static_cast<int>(size.y);
  if (width != target_.width() || height != target_.height()) {
    if (!target_.resize(width, height)) error_ = "the GL driver refused an offscreen framebuffer";
    picture_dirty_ = true;
    // A fitted grid stays fitted when the canvas changes size (window, text size, legend lines).
    if (!user_moved_camera_) camera_.fit(view.cols, view.rows, size.x, size.y, 12.f * style.fonts.scale);
  }
  if (drawn_background_ != style.colours.canvas_background) picture_dirty_ = true;
  if (picture_dirty_) {
    render::GridStyle grid_style;
    grid_style.background = style.colours.canvas_background;
    grid_style.line_pixels = std::max(2.f, 2.f * style.fonts.scale);
    grid_style.min_frame_pixels = 10.f;
    target_.bind();
    renderer_.draw(camera_, width, height, grid_style);
    render::RenderTarget::unbind();
    drawn_background_ = style.colours.canvas_background;
    picture_dirty_ = false;
  }
  ImDrawList* draw_list = ImGui::GetWindowDrawList();
  const ImVec2 corner(origin.x + size.x, origin.y + size.y);
  // GL's texture rows run bottom-up: flip v.
  draw_list->AddImage(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(target_.texture())), origin, corner,
                      ImVec2(0, 1), ImVec2(1, 0));
  draw_list->PushClipRect(origin, corner, true);
  draw_overlay(view, origin, size, style);
  draw_list->PopClipRect();
}

void CellGridCanvas::draw_overlay(const lessons::CellGridView& view, ImVec2 origin, ImVec2 size, const Style& style) const {
  ImDrawList* draw_list = ImGui::GetWindowDrawList();
  const float cell = camera_.cell_pixels;
  ImFont* font = style.fonts.regular;

  // Labels inside cells once they can be read from the back of a room (smaller text is noise);
  // only the visible range of cells is visited.
  const float label_size = std::min(font->FontSize, cell * 0.42f);
  if (label_size >= font->FontSize * 0.66f) {
    const int first_col = std::max(0, static_cast<int>(std::floor(-camera_.offset_x / cell)));
    const int first_row = std::max(0, static_cast<int>(std::floor(-camera_.offset_y / cell)));
    const int last_col = std::min(view.cols - 1, static_cast<int>(std::floor((size.x - camera_.offset_x) / cell)));
    const int last_row = std::min(view.rows - 1, static_cast<int>(std::floor((size.y - camera_.offset_y) / cell)));
    for (int row = first_row; row <= last_row; ++row) {
      for (int col = first_col; col <= last_col; ++col) {
        const int index = cell_index_at(col, row);
        if (index < 0) continue;
        const auto& item = view.cells[static_cast<std::size_t>(index)];
        if (item.label.empty()) continue;
        const ImVec2 text_size = font->CalcTextSizeA(label_size, FLT_MAX, 0.f, item.label.c_str());
        if (text_size.x > cell - 4.f) continue;
        const ImVec2 at(origin.x + camera_.screen_x(static_cast<float>(col)) + (cell - text_size.x) * 0.5f,
                        origin.y + camera_.screen_y(static_cast<float>(row)) + (cell - text_size.y) * 0.5f);
        draw_list->AddText(font, label_size, at, to_imgui(render::text_colour_on(render::shaded_group_colour(item.group, item.shade))),
                           item.label.c_str());
      }
    }
  }

  // Frame names on a chip at the frame's top-left corner, where the frame is wide enough.
  ImFont* frame_font = style.fonts.bold;
  const float frame_label_size = frame_font->FontSize * 0.85f;
  for (const auto& frame : view.frames) {
    if (frame.label.empty()) continue;
    const float frame_width = frame.cols * cell;
    const ImVec2 text_size = frame_font->CalcTextSizeA(frame_label_size, FLT_MAX, 0.f, frame.label.c_str());
    if (frame_width < text_size.x + 12.f || frame.rows * cell < text_size.y * 1.6f) continue;
    const ImVec2 at(origin.x + camera_.screen_x(static_cast<float>(frame.col)) + 4.f,
                    origin.y + camera_.screen_y(static_cast<float>(frame.row)) + 4.f);
    if (at.x > origin.x + size.x || at.y > origin.y + size.y || at.x + text_size.x < origin.x || at.y + text_size.y < origin.y) {
      continue;
    }
    draw_list->AddRectFilled(ImVec2(at.x - 3, at.y - 1), ImVec2(at.x + text_size.x + 3, at.y + text_size.y + 1),
                             IM_COL32(0, 0, 0, 190), 3.f);
    draw_list->AddText(frame_font, frame_label_size, at, IM_COL32(255, 255, 255, 255), frame.label.c_str());
  }

  // Hover: outline the cell and show what it holds.
  if (!ImGui::IsItemHovered()) return;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  int col = 0, row = 0;
  if (!camera_.cell_at(mouse.x - origin.x, mouse.y - origin.y, &col, &row)) return;
  const int index = cell_index_at(col, row);
  if (index < 0) return;
  const auto& item = view.cells[static_cast<std::size_t>(index)];
  const ImVec2 top_left(origin.x + camera_.screen_x(static_cast<float>(col)), origin.y + camera_.screen_y(static_cast<float>(row)));
  draw_list->AddRect(top_left, ImVec2(top_left.x + std::max(cell, 3.f), top_left.y + std::max(cell, 3.f)),
                     to_imgui(style.colours.canvas_frame), 0.f, 0, std::max(2.f, style.fonts.scale * 2.f));
  ImGui::BeginTooltip();
  if (!item.tooltip.empty()) {
    ImGui::TextUnformatted(item.tooltip.c_str());
  } else if (!item.label.empty()) {
    ImGui::TextUnformatted(item.label.c_str());
  }
  ImGui::PushStyleColor(ImGuiCol_Text, style.colours.dim_text);
  ImGui::Text("column %d, row %d", col, row);
  if (item.group >= 0 && item.group < static_cast<int>(view.legend.size())) {
    ImGui::TextUnformatted(view.legend[static_cast<std::size_t>(item.group)].c_str());
  }
  ImGui::PopStyleColor();
  ImGui::EndTooltip();
}

void draw_legend(const std::vector<std::string>& legend, const Style& style) {
  if (legend.empty()) return;
  // Two lines at most: a legend for 64 blocks must not push the picture off the canvas.
  constexpr int max_lines = 2;
  const float swatch = style.fonts.regular->FontSize * 0.9f;
  const float spacing = ImGui::GetStyle().ItemInnerSpacing.x;
  const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  const float more_width = ImGui::CalcTextSize("+ 999 more").x + swatch;
  int line = 1;
  for (std::size_t group = 0; group < legend.size(); ++group) {
    const float item_width = swatch + spacing + ImGui::CalcTextSize(legend[group].c_str()).x;
    if (group > 0) {
      ImGui::SameLine(0.f, swatch);
      const bool last_line = line == max_lines;
      const bool fits = ImGui::GetCursorScreenPos().x + item_width + (last_line ? more_width : 0.f) <= right;
      if (!fits && last_line) {
        ImGui::TextDisabled("+ %zu more", legend.size() - group);
        if (ImGui::IsItemHovered()) {
          ImGui::BeginTooltip();
          for (std::size_t rest = group; rest < legend.size() && rest < group + 40; ++rest) ImGui::TextUnformatted(legend[rest].c_str());
          if (legend.size() > group + 40) ImGui::TextUnformatted("…");
          ImGui::EndTooltip();
        }
        return;
      }
      if (!fits) {
        ImGui::NewLine();
        ++line;
      }
    }
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float y = at.y + (ImGui::GetTextLineHeight() - swatch) * 0.5f;
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(at.x, y), ImVec2(at.x + swatch, y + swatch),
                                              to_imgui(render::group_colour(static_cast<int>(group))), 2.f);
    ImGui::Dummy(ImVec2(swatch, ImGui::GetTextLineHeight()));
    ImGui::SameLine(0.f, spacing);
    ImGui::TextUnformatted(legend[group].c_str());
  }
}

}  // namespace cudalab::app::widgets
