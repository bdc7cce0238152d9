#version 330 core
in vec4 colour;
in vec2 local_pixels;
flat in vec2 size_pixels;
uniform float line_pixels;
out vec4 fragment_colour;

void main() {
  vec2 to_edge = min(local_pixels, size_pixels - local_pixels);
  if (min(to_edge.x, to_edge.y) > line_pixels) discard;  // inside: the cells show through
  fragment_colour = colour;
}
