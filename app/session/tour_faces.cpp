#include "session/tour_faces.h"

#include <cstdio>

namespace cudalab::app {

std::string parse_tour_face(std::string_view spec, TourFace* face) {
  const std::string text(spec);
  const std::string usage = "a face looks like 1280x800:100:normal:en=DIR; got '" + text + "'";
  // The folder may hold ':' but the look never holds '=': split at the first one.
  const std::size_t equals = text.find('=');
  if (equals == std::string::npos || equals + 1 == text.size()) return usage;
  const std::string look = text.substr(0, equals);
  int width = 0, height = 0, percent = 0, used = 0;
  char layout[16] = {}, language[16] = {};
  if (std::sscanf(look.c_str(), "%dx%d:%d:%15[^:]:%15s%n", &width, &height, &percent, layout, language, &used) != 5 ||
      used != static_cast<int>(look.size())) {
    return usage;
  }
  // The limits `shot --size` and `--text-size` have.
  if (width < 320 || height < 240 || width > 7680 || height > 4320) return usage + " (sizes from 320x240 to 7680x4320)";
  if (percent < 75 || percent > 300) return usage + " (text sizes from 75 to 300 %)";
  const std::string layout_name = layout;
  if (layout_name != "normal" && layout_name != "present") return usage + " (layouts: normal, present)";
  const auto chosen = i18n::language_from_code(language);
  if (!chosen) return usage + " (languages: en, zh-CN)";
  face->width = width;
  face->height = height;
  face->font_scale = static_cast<float>(percent) / 100.f;
  face->present = layout_name == "present";
  face->language = *chosen;
  face->dir = text.substr(equals + 1);
  return "";
}

}  // namespace cudalab::app
