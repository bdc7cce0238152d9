#pragma once
// The faces of a combined tour (`cudalab tour --face`): each step runs once and is shot in every
// face — window size, text size, layout, language — into that face's own folder. Running the
// same ~50 steps once per look was most of the GUI tests' time; the pictures do not need it.
#include <string>
#include <string_view>

#include "i18n/language.h"

namespace cudalab::app {

struct TourFace {
  int width = 1280, height = 800;
  float font_scale = 1.f;  // 1 = 100 %
  bool present = false;    // the present (F5) layout
  i18n::Language language = i18n::Language::en;
  std::string dir;  // where this face's PNGs go
};

// "WxH:TEXT:LAYOUT:LANG=DIR" (TEXT in percent, LAYOUT normal or present, LANG en or zh-CN), e.g.
// "1920x1080:100:present:en=shots/big". Returns "" or what is wrong with it.
std::string parse_tour_face(std::string_view spec, TourFace* face);

}  // namespace cudalab::app
