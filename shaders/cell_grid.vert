#version 330 core
// One instance per cell: the unit quad's corner moved to the cell's place. 65 536 cells are one
// draw call of 4 vertices × 65 536 instances.
layout(location = 0) in vec2 corner;         // (0, 0) .. (1, 1)
layout(location = 1) in vec2 cell_position;  // column, row
layout(location = 2) in vec4 cell_colour;    // RGBA8, normalised

uniform vec2 viewport_pixels;  // the canvas size
uniform vec2 origin_pixels;    // where cell (0, 0)'s top-left corner is
uniform float cell_pixels;     // one cell's size
uniform float gap_pixels;      // space between neighbouring cells (0 when cells are tiny)

out vec4 colour;

void main() {
  // At least one pixel, so a zoomed-out grid of 65 536 cells still shows every cell.
  vec2 size = vec2(max(cell_pixels - gap_pixels, 1.0));
  vec2 pixel = origin_pixels + cell_position * cell_pixels + vec2(gap_pixels * 0.5) + corner * size;
  vec2 ndc = pixel / viewport_pixels * 2.0 - 1.0;
  gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);  // canvas y grows downwards
  colour = cell_colour;
}
