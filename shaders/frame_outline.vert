#version 330 core
// One instance per frame (a block, a tile): a rectangle in cell units drawn as an outline.
layout(location = 0) in vec2 corner;       // (0, 0) .. (1, 1)
layout(location = 1) in vec4 frame_rect;   // column, row, columns, rows
layout(location = 2) in vec4 frame_colour; // RGBA8, normalised

uniform vec2 viewport_pixels;
uniform vec2 origin_pixels;
uniform float cell_pixels;
uniform float line_pixels;       // outline thickness
uniform float min_frame_pixels;  // frames smaller than this on screen are skipped (clutter)

out vec4 colour;
out vec2 local_pixels;       // this fragment's place inside the frame, in pixels
flat out vec2 size_pixels;   // the frame's size, in pixels

void main() {
  vec2 size = frame_rect.zw * cell_pixels + vec2(line_pixels);
  if (min(frame_rect.z, frame_rect.w) * cell_pixels < min_frame_pixels) {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);  // outside the clip volume: drawn by no one
    colour = vec4(0.0);
    local_pixels = vec2(0.0);
    size_pixels = vec2(0.0);
    return;
  }
  vec2 top_left = origin_pixels + frame_rect.xy * cell_pixels - vec2(line_pixels * 0.5);
  vec2 pixel = top_left + corner * size;
  vec2 ndc = pixel / viewport_pixels * 2.0 - 1.0;
  gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
  colour = frame_colour;
  local_pixels = corner * size;
  size_pixels = size;
}
