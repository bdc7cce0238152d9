#pragma once
// Saves what is about to be shown: reads the window's back buffer (call after rendering, before
// the swap), flips it (GL's rows run bottom-up) and writes a PNG with stb_image_write.
#include <string>

namespace cudalab::app {

// Returns "" on success, else what went wrong in words.
std::string save_back_buffer_png(int width, int height, const std::string& path);

}  // namespace cudalab::app
